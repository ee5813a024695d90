/**
 * A notification's items stand alone (issue 22): a malformed message or status is refused alone, and
 * Meta gets its 200 once the rest is stored; Meta's errors and unknown fields are counted; statuses never
 * move a message back, and `failed` wins.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { newId } from '../../src/lib/ids.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { envelope, metaMessage } from './_meta.js';
import {
  createWhatsAppAccount,
  digits,
  fill,
  fixture,
  messagesOf,
  notify,
  type WhatsAppAccount,
  wamid,
} from './_support.js';

let h: Harness;
let t: Tenant;
let wa: WhatsAppAccount;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  wa = await createWhatsAppAccount(h, { location_id: t.locationIds[0] });
});

async function anomalies(kind: string): Promise<number> {
  const metric = h.app.metrics.getSingleMetric('whatsapp_inbound_anomalies_total');
  const values = (await metric?.get())?.values ?? [];
  return values.find((v) => v.labels.kind === kind)?.value ?? 0;
}

async function conversationByPhone(waId: string) {
  const customer = (await h.call('GET', `/admin/v1/customers?phone=${waId}`)).body.data[0];
  return (await h.call('GET', `/admin/v1/conversations?customer_id=${customer.id}`)).body.data[0];
}

describe('WhatsApp inbound: a batch', () => {
  test('one bad item never refuses the rest: 200, the good ones stored, the bad ones counted', async () => {
    const waId = `49${digits(10)}`;
    const good = metaMessage('text', { WA_ID: waId });
    const picture = metaMessage('image', { WA_ID: waId });
    const noBody = { ...metaMessage('text', { WA_ID: waId }), text: {} };
    const badTime = { ...metaMessage('text', { WA_ID: waId }), timestamp: 'yesterday' };
    const badFrom = { ...metaMessage('text', { WA_ID: waId }), from: 'abc' };
    const before = await anomalies('rejected_item');
    const raw = envelope(wa, { messages: [good, noBody, badTime, badFrom, picture], statuses: [{ status: 'read' }] });
    const res = await notify(h, wa.id, raw, wa.appSecret);
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(res.body, {
      received: true,
      messages_stored: 2,
      duplicates: 0,
      statuses: 0,
      ignored: 0,
      rejected: 4,
    });
    const stored = await messagesOf(h, (await conversationByPhone(waId)).id);
    assert.deepEqual(
      stored.map((m) => m.channel_message_id),
      [good.id, picture.id],
    );
    assert.equal((await anomalies('rejected_item')) - before, 4);
    // Meta delivers it again: the good ones are duplicates, the bad ones refused again, still 200.
    const again = await notify(h, wa.id, raw, wa.appSecret);
    assert.equal(again.status, 200);
    assert.equal(again.body.duplicates, 2);
  });

  test('only a body that is not JSON refuses the notification; any other shape is left aside', async () => {
    const notJson = await notify(h, wa.id, 'not json', wa.appSecret);
    assert.equal(notJson.status, 400);
    for (const raw of ['{"object":"page","entry":[]}', '{"object":"whatsapp_business_account","entry":{}}', '[]']) {
      const res = await notify(h, wa.id, raw, wa.appSecret);
      assert.equal(res.status, 200, raw);
      assert.equal(res.body.messages_stored, 0);
    }
  });

  test('value.errors and unknown fields are counted (and logged once), nothing stored', async () => {
    const before = { value: await anomalies('value_error'), field: await anomalies('unknown_field') };
    const raw = fill(fixture('value-errors'), { PHONE_NUMBER_ID: wa.phoneNumberId });
    for (let i = 0; i < 2; i++) {
      const res = await notify(h, wa.id, raw, wa.appSecret);
      assert.equal(res.status, 200, res.raw);
      assert.equal(res.body.messages_stored, 0);
    }
    assert.equal((await anomalies('value_error')) - before.value, 2);
    assert.equal((await anomalies('unknown_field')) - before.field, 2);
  });

  test('an unknown message type is stored as unsupported and counted', async () => {
    const waId = `49${digits(10)}`;
    const before = await anomalies('unknown_type');
    const poll = { ...metaMessage('text', { WA_ID: waId }), type: 'poll', poll: { question: '?' } };
    delete (poll as any).text;
    const res = await notify(h, wa.id, envelope(wa, { messages: [poll] }), wa.appSecret);
    assert.equal(res.body.messages_stored, 1, res.raw);
    const [m] = await messagesOf(h, (await conversationByPhone(waId)).id);
    assert.equal(m.unsupported_type, 'poll');
    assert.equal((await anomalies('unknown_type')) - before, 1);
  });
});

describe('WhatsApp statuses', () => {
  /** An outbound message of ours, already sent with this wamid (written directly: no Graph API here). */
  async function sentMessage(): Promise<{ id: string; wamid: string; conversationId: string }> {
    const waId = `49${digits(10)}`;
    await notify(h, wa.id, envelope(wa, { messages: [metaMessage('text', { WA_ID: waId })] }), wa.appSecret);
    const c = await conversationByPhone(waId);
    const id = newId('message');
    const channelId = wamid();
    const db = await testDb();
    await db.query(
      `INSERT INTO messages (id, conversation_id, customer_id, channel_account_id, direction, type, text,
         channel_message_id, sent_at, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'outbound', 'text', 'Deine Pizza kommt.', $5, now(), 'sent', now(), now())`,
      [id, c.id, c.customer_id, wa.id, channelId],
    );
    return { id, wamid: channelId, conversationId: c.id };
  }
  const statusOf = (wamidOf: string, status: string, extra: object = {}) => ({
    id: wamidOf,
    status,
    timestamp: '1750263773',
    recipient_id: '491701234567',
    ...extra,
  });
  async function apply(m: { id: string; wamid: string; conversationId: string }, ...statuses: object[]) {
    const res = await notify(h, wa.id, envelope(wa, { statuses }), wa.appSecret);
    assert.equal(res.status, 200, res.raw);
    return (await messagesOf(h, m.conversationId)).find((x) => x.id === m.id);
  }

  test('sent < delivered < read: never back; played is read', async () => {
    const m = await sentMessage();
    assert.equal((await apply(m, statusOf(m.wamid, 'delivered'))).status, 'delivered');
    assert.equal((await apply(m, statusOf(m.wamid, 'sent'))).status, 'delivered');
    assert.equal((await apply(m, statusOf(m.wamid, 'played'))).status, 'read');
    assert.equal((await apply(m, statusOf(m.wamid, 'delivered'))).status, 'read');
  });

  test('failed wins: a late delivered or read after it changes nothing, its error is kept', async () => {
    const m = await sentMessage();
    const error = { errors: [{ code: 131047, title: 'Re-engagement message', message: 'Re-engagement message' }] };
    const failed = await apply(m, statusOf(m.wamid, 'failed', error), statusOf(m.wamid, 'delivered'));
    assert.equal(failed.status, 'failed');
    assert.equal(failed.delivery.last_error, 'Re-engagement message (code 131047)');
    assert.equal((await apply(m, statusOf(m.wamid, 'read'))).status, 'failed');
    // Failed after read wins too: Meta's last word on the message.
    const other = await sentMessage();
    await apply(other, statusOf(other.wamid, 'read'));
    assert.equal((await apply(other, statusOf(other.wamid, 'failed', error))).status, 'failed');
  });
});
