/**
 * Issue 19, item 6: timestamps from outside are range-checked before anything is stored, and a message
 * stored with an out-of-range time (by a server from before the check) never makes a list fail.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import {
  createTestAccount,
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

/** A text notification from a new phone: a good message, then one with this timestamp. */
function notification(timestamp: unknown) {
  const waId = `49${digits(10)}`;
  const body = JSON.parse(
    fill(fixture('text-message'), { PHONE_NUMBER_ID: wa.phoneNumberId, WA_ID: waId, WAMID: wamid() }),
  );
  const messages = body.entry[0].changes[0].value.messages;
  messages.push({ ...messages[0], id: wamid(), timestamp });
  return { waId, raw: JSON.stringify(body) };
}

async function customersWith(phone: string) {
  const res = await h.call('GET', `/admin/v1/customers?phone=${encodeURIComponent(phone)}`);
  assert.equal(res.status, 200, res.raw);
  return res.body.data as any[];
}

describe('WhatsApp message timestamps', () => {
  const bad: unknown[] = [
    '253402300800', // 10000-01-01
    '99999999999999',
    '1e300',
    1e300,
    '-1',
    -1749416383,
    '0',
    'yesterday',
    '',
    '1749416383.5',
    ' 1749416383',
    null,
    true,
    {},
  ];
  for (const timestamp of bad) {
    // Issue 22: the message is refused alone; the good one beside it is stored, and Meta gets its 200.
    test(`${JSON.stringify(timestamp)}: that message is refused alone, the other stored`, async () => {
      const { waId, raw } = notification(timestamp);
      const res = await notify(h, wa.id, raw, wa.appSecret);
      assert.equal(res.status, 200, res.raw);
      assert.deepEqual([res.body.messages_stored, res.body.rejected], [1, 1]);
      const [customer] = await customersWith(`+${waId}`);
      const conversations = await h.call('GET', `/admin/v1/conversations?customer_id=${customer.id}`);
      assert.equal((await messagesOf(h, conversations.body.data[0].id)).length, 1);
    });
  }

  test('the first and last seconds an RFC 3339 time can say are stored as sent', async () => {
    for (const [timestamp, iso] of [
      ['1', '1970-01-01T00:00:01.000Z'],
      ['253402300799', '9999-12-31T23:59:59.000Z'],
      [1749416383, '2025-06-08T20:59:43.000Z'],
    ] as const) {
      const { waId, raw } = notification(timestamp);
      assert.equal((await notify(h, wa.id, raw, wa.appSecret)).status, 200);
      const [customer] = await customersWith(`+${waId}`);
      const conversations = await h.call('GET', `/admin/v1/conversations?customer_id=${customer.id}`);
      const messages = await messagesOf(h, conversations.body.data[0].id);
      assert.equal(messages[1].sent_at, iso);
    }
  });
});

test('the test channel takes no time from outside: a sent_at or timestamp field is a 400', async () => {
  const account = await createTestAccount(h, { location_id: t.locationIds[0] });
  const phone = `+49${digits(10)}`;
  for (const extra of [{ sent_at: '10000-01-01T00:00:00Z' }, { timestamp: '253402300800' }]) {
    const res = await h.call('POST', `/admin/v1/channel_accounts/${account}/inbound_messages`, {
      body: { from: { phone }, text: 'hi', ...extra },
    });
    assert.equal(res.status, 400, res.raw);
    assert.equal(res.body.error.type, 'invalid_request_error');
  }
  assert.deepEqual(await customersWith(phone), []);
});

test('a message stored out of range before the check: lists answer, and migration 0017 repairs it', async () => {
  const db = await testDb();
  const { waId, raw } = notification('1749416383');
  assert.equal((await notify(h, wa.id, raw, wa.appSecret)).status, 200);
  const [customer] = await customersWith(`+${waId}`);
  const conversation = (await h.call('GET', `/admin/v1/conversations?customer_id=${customer.id}`)).body.data[0].id;
  // What a server from before the check stored for timestamp 253402300800.
  const [row] = await db.query<{ id: string }>(
    `UPDATE messages SET sent_at = '10000-01-01T00:00:00Z' WHERE conversation_id = $1
     AND id = (SELECT max(id) FROM messages WHERE conversation_id = $1) RETURNING id`,
    [conversation],
  );
  for (const [path, key] of [
    [`/admin/v1/conversations/${conversation}/messages`, undefined],
    [`/v1/conversations/${conversation}/messages`, t.orgKey],
  ] as const) {
    const res = await h.call('GET', path, { key });
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.data.find((m: any) => m.id === row.id).sent_at, null);
  }
  const sql = readFileSync(new URL('../../src/db/migrations/0017_message_sent_at_range.sql', import.meta.url), 'utf8');
  await db.query(
    sql
      .replace(/^--.*$/gm, '')
      .trim()
      .replace(/;$/, ''),
  );
  const [repaired] = await db.query<{ sent_at: Date; created_at: Date }>(
    'SELECT sent_at, created_at FROM messages WHERE id = $1',
    [row.id],
  );
  assert.equal(repaired.sent_at.getTime(), repaired.created_at.getTime());
});
