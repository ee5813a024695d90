import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type App, buildApp } from '../../src/app.js';
import { DEFAULT_GRAPH_VERSION } from '../../src/channels/whatsapp/send.js';
import type { Db } from '../../src/db/client.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import {
  createTestAccount,
  createWhatsAppAccount,
  digits,
  eventually,
  fakeGraphApi,
  fill,
  fixture,
  messagesOf,
  notify,
  type WhatsAppAccount,
  wamid,
} from '../conversations/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { assertError, newTenant, type Tenant } from '../helpers/fixtures.js';
import { applier, chat, insertDelivery, json } from './_answer.js';

/** Choices go out as WhatsApp interactive messages, and the customer's pick comes back as their next message. */
let h: Harness;
let db: Db;
let t: Tenant;
let testAccount: string;
let wa: WhatsAppAccount;
let graph: Awaited<ReturnType<typeof fakeGraphApi>>;
let app: App;
let apply: ReturnType<typeof applier>['apply'];

before(async () => {
  h = await getHarness();
  db = await testDb();
  t = await newTenant(h);
  testAccount = await createTestAccount(h, { location_id: t.locationIds[0] });
  wa = await createWhatsAppAccount(h, { location_id: t.locationIds[0] });
  graph = await fakeGraphApi();
  // A second app on the same database whose WhatsApp sends go to the fake Graph API.
  app = await buildApp({ db, store: memoryStore(), channels: { whatsappGraphBaseUrl: `${graph.url}/` } });
  await app.ready();
  ({ apply } = applier(db));
});

const BUTTONS = [
  { id: 'delivery', title: 'Lieferung' },
  { id: 'collection', title: 'Abholung' },
];

describe('the test channel', () => {
  test("a customer's choice is a 'reply' message with the choice's id; its delivery can be answered", async () => {
    const c = await chat(h, db, testAccount);
    await apply(c.ref, json({ replies: [{ text: 'Wie möchtest du bestellen?', buttons: BUTTONS }] }));
    const res = await h.call('POST', `/admin/v1/channel_accounts/${testAccount}/inbound_messages`, {
      body: { from: { phone: c.phone }, reply: { id: 'delivery', title: 'Lieferung' } },
    });
    assert.equal(res.status, 201, res.raw);
    assert.equal(res.body.type, 'reply');
    assert.equal(res.body.text, 'Lieferung');
    assert.deepEqual(res.body.reply, { id: 'delivery', title: 'Lieferung', description: null });
    assert.equal(res.body.conversation_id, c.conversationId);
    const ref = await insertDelivery(db, res.body);
    assert.equal((await apply(ref, json({ replies: [{ text: 'Wohin?' }] }))).replies_sent, 1);
    assert.deepEqual(
      (await messagesOf(h, c.conversationId)).map((m) => [m.direction, m.type, m.text]),
      [
        ['inbound', 'text', 'Hallo'],
        ['outbound', 'buttons', 'Wie möchtest du bestellen?'],
        ['inbound', 'reply', 'Lieferung'],
        ['outbound', 'text', 'Wohin?'],
      ],
    );
  });

  test('a choice comes alone, and is checked like any body', async () => {
    const url = `/admin/v1/channel_accounts/${testAccount}/inbound_messages`;
    const from = { phone: `+49170${digits(7)}` };
    const choice = { id: 'row-1', title: 'Margherita', description: '9,00 €' };
    const listed = await h.call('POST', url, { body: { from, reply: choice } });
    assert.equal(listed.status, 201, listed.raw);
    assert.deepEqual(listed.body.reply, choice);
    const both = await h.call('POST', url, { body: { from, text: 'hi', reply: choice } });
    assertError(both, 400, 'invalid_request_error', 'parameters_exclusive');
    const bad = await h.call('POST', url, { body: { from, reply: { id: 'x', title: 'y'.repeat(25) } } });
    assertError(bad, 400, 'invalid_request_error', 'parameter_invalid', 'reply.title');
    const none = await h.call('POST', url, { body: { from } });
    assertError(none, 400, 'invalid_request_error', 'parameter_missing', 'text');
  });
});

describe('WhatsApp', () => {
  after(async () => {
    try {
      await app?.close();
    } finally {
      await graph?.close();
    }
  });

  test('reply buttons go out as an interactive message; the tapped button comes back with its id', async () => {
    const waId = `49${digits(10)}`;
    const raw = fill(fixture('text-message'), { PHONE_NUMBER_ID: wa.phoneNumberId, WA_ID: waId, WAMID: wamid() });
    assert.equal((await notify(h, wa.id, raw, wa.appSecret)).status, 200);
    const [message] = await db.query<any>(
      `SELECT m.id, m.conversation_id, m.created_at FROM messages m JOIN customers c ON c.id = m.customer_id
       WHERE c.phone = $1 AND m.channel_account_id = $2`,
      [`+${waId}`, wa.id],
    );
    const ref = await insertDelivery(db, { ...message, created_at: message.created_at.toISOString() });
    const outcome = await apply(ref, json({ replies: [{ text: 'Wie möchtest du bestellen?', buttons: BUTTONS }] }));
    assert.equal(outcome.replies_sent, 1);

    app.outbound.kick(message.conversation_id);
    const sent = await eventually(async () => graph.requests.find((r) => r.body.to === waId));
    assert.equal(sent.url, `/${DEFAULT_GRAPH_VERSION}/${wa.phoneNumberId}/messages`);
    assert.deepEqual(sent.body, {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: waId,
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Wie möchtest du bestellen?' },
        action: { buttons: BUTTONS.map((b) => ({ type: 'reply', reply: b })) },
      },
    });

    const tap = fill(fixture('interactive-reply'), { PHONE_NUMBER_ID: wa.phoneNumberId, WA_ID: waId, WAMID: wamid() });
    assert.equal((await notify(h, wa.id, tap, wa.appSecret)).status, 200);
    const inbound = (await messagesOf(h, message.conversation_id)).filter((m) => m.type === 'reply');
    assert.deepEqual(inbound[0].reply, { id: 'delivery', title: 'Lieferung', description: null });
  });
});
