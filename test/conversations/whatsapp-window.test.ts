/**
 * WhatsApp's 24-hour customer-service window (issue 22): order notices inside it go as text; outside it as
 * the channel account's template for the notice, its parameters filled from the order; without one, or when
 * Meta refuses, the notice fails with its reason, seen on the order (its notices) and in the conversation.
 * Customers write through the real webhook, signed; orders move through the real PATCH.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type App, buildApp } from '../../src/app.js';
import type { Db } from '../../src/db/client.js';
import { createOrder as createOrderIn } from '../../src/domain/orders/service.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { assertError, newTenant, type Tenant } from '../helpers/fixtures.js';
import { advance, orderBody } from '../orders/_support.js';
import {
  createWhatsAppAccount,
  digits,
  eventually,
  fakeGraphApi,
  fill,
  fixture,
  messagesOf,
  metaError,
  notify,
  type WhatsAppAccount,
  wamid,
} from './_support.js';

let h: Harness;
let db: Db;
let t: Tenant;
let loc: string;
let wa: WhatsAppAccount;
let graph: Awaited<ReturnType<typeof fakeGraphApi>>;
let app: App;

const ACCEPTED = {
  name: 'order_accepted',
  language: 'de',
  parameters: ['order_number', 'location_name', 'customer_name'],
};

before(async () => {
  h = await getHarness();
  db = await testDb();
  t = await newTenant(h);
  loc = t.locationIds[0];
  wa = await createWhatsAppAccount(h, { location_id: loc });
  graph = await fakeGraphApi();
  app = await buildApp({
    db,
    store: memoryStore(),
    channels: {
      whatsappGraphBaseUrl: graph.url,
      retryDelaysMs: [40, 80],
      rateLimitRetryDelaysMs: [150, 300],
      sendTimeoutMs: 10_000,
    },
  });
  await app.ready();
});

after(async () => {
  try {
    await app?.close();
  } finally {
    await graph?.close();
  }
});

const setTemplates = (templates: object) =>
  h.call('PATCH', `/admin/v1/channel_accounts/${wa.id}`, { body: { whatsapp: { templates } } });

/** A customer writing now (Meta's timestamp: this second), signed, through the webhook. */
async function customer() {
  const waId = `49${digits(10)}`;
  const raw = fill(fixture('text-message'), { PHONE_NUMBER_ID: wa.phoneNumberId, WA_ID: waId, WAMID: wamid() });
  const now = raw.replace('"1749416383"', `"${Math.floor(Date.now() / 1000)}"`);
  assert.equal((await notify(h, wa.id, now, wa.appSecret)).status, 200);
  const found = (await h.call('GET', `/admin/v1/customers?phone=${waId}`)).body.data[0];
  const c = (await h.call('GET', `/admin/v1/conversations?customer_id=${found.id}`)).body.data[0];
  return { conversationId: c.id as string, customerId: found.id as string, waId };
}

/** An order placed in the customer's conversation (received: staff accept it). */
async function orderOf(chat: Awaited<ReturnType<typeof customer>>, serviceType = 'collection') {
  return db.transaction((tx) =>
    createOrderIn(tx, loc, orderBody({ channel: 'whatsapp', service_type: serviceType }), {
      customerId: chat.customerId,
      conversationId: chat.conversationId,
    }),
  );
}

/** The customer last wrote `hours` ago, as far as the window goes. */
const lastWrote = (conversationId: string, hours: number) =>
  db.query(`UPDATE conversations SET last_inbound_at = now() - $2 * interval '1 hour' WHERE id = $1`, [
    conversationId,
    hours,
  ]);

/** Sends what the conversation holds, and waits for its `count` outbound messages to settle. */
async function settled(conversationId: string, count: number) {
  app.outbound.kick(conversationId);
  return eventually(async () => {
    const out = (await messagesOf(h, conversationId)).filter((m) => m.direction === 'outbound');
    return out.length === count && out.every((m) => m.status !== 'pending') ? out : undefined;
  });
}

async function noticesOf(orderId: string) {
  const res = await h.call('GET', `/v1/locations/${loc}/orders/${orderId}/notices`, { key: t.locationKey });
  assert.equal(res.status, 200, res.raw);
  return res.body.data as any[];
}

const sentTo = (waId: string) => graph.requests.filter((r) => r.body.to === waId).map((r) => r.body);

describe('templates on the channel account', () => {
  test('set per notice, shown back, merged by PATCH (null removes one); unknown names refused', async () => {
    let res = await setTemplates({ accepted: ACCEPTED, cancelled: { ...ACCEPTED, name: 'order_cancelled' } });
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(Object.keys(res.body.whatsapp.templates).sort(), ['accepted', 'cancelled']);
    res = await setTemplates({ cancelled: null });
    assert.deepEqual(res.body.whatsapp.templates, { accepted: ACCEPTED });
    assertError(
      await setTemplates({ accepted: { ...ACCEPTED, parameters: ['order_total'] } }),
      400,
      'invalid_request_error',
      'parameter_invalid',
    );
    assertError(
      await setTemplates({ delayed: ACCEPTED }),
      400,
      'invalid_request_error',
      'parameter_unknown',
      'whatsapp.templates.delayed',
    );
    assertError(
      await setTemplates({ accepted: { ...ACCEPTED, name: 'Order Accepted!' } }),
      400,
      'invalid_request_error',
      'parameter_invalid',
    );
    const got = await h.call('GET', `/admin/v1/channel_accounts/${wa.id}`);
    assert.deepEqual(got.body.whatsapp.templates, { accepted: ACCEPTED });
  });
});

describe('order notices and the 24-hour window', () => {
  before(async () => {
    assert.equal((await setTemplates({ accepted: ACCEPTED })).status, 200);
  });

  test('inside the window a notice goes as text; the conversation shows when the window closes', async () => {
    const chat = await customer();
    const conversation = (await h.call('GET', `/admin/v1/conversations/${chat.conversationId}`)).body;
    const ends = Date.parse(conversation.service_window_ends_at) - Date.now();
    assert.ok(ends > 23.9 * 3600_000 && ends <= 24 * 3600_000, conversation.service_window_ends_at);
    const order = await orderOf(chat);
    await advance(h, t.orgKey, loc, order.id, 'accepted');
    const [m] = await settled(chat.conversationId, 1);
    assert.deepEqual([m.type, m.status, m.order_id, m.template], ['text', 'sent', order.id, null]);
    const [body] = sentTo(chat.waId);
    assert.equal(body.type, 'text');
    assert.equal(body.text.body, `Ihre Bestellung #${order.short_id} wurde angenommen.`);
    const [notice] = await noticesOf(order.id);
    assert.deepEqual(
      [notice.order_status, notice.sent_as, notice.status, notice.error, notice.message_id],
      ['accepted', 'text', 'sent', null, m.id],
    );
  });

  test("outside it (last message 25 h ago) the notice goes as the account's template, parameters mapped", async () => {
    const chat = await customer();
    await lastWrote(chat.conversationId, 25);
    const order = await orderOf(chat);
    await advance(h, t.orgKey, loc, order.id, 'accepted');
    const [m] = await settled(chat.conversationId, 1);
    assert.equal(m.status, 'sent', m.delivery.last_error);
    assert.equal(m.type, 'template');
    const parameters = [order.short_id, 'First', 'Sheena Nelson'];
    assert.deepEqual(m.template, { name: 'order_accepted', language: 'de', parameters });
    const [body] = sentTo(chat.waId);
    assert.deepEqual(body.template, {
      name: 'order_accepted',
      language: { code: 'de' },
      components: [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }],
    });
    assert.equal(body.type, 'template');
    const [notice] = await noticesOf(order.id);
    assert.deepEqual([notice.sent_as, notice.template_name, notice.status], ['template', 'order_accepted', 'sent']);
  });

  test('outside it with no template for the notice: nothing sent, the failure on the order and the conversation', async () => {
    const chat = await customer();
    await lastWrote(chat.conversationId, 30);
    const order = await orderOf(chat);
    const res = await h.call('PATCH', `/v1/locations/${loc}/orders/${order.id}`, {
      key: t.orgKey,
      body: { status: 'rejected', reason: 'Kein Teig mehr' },
    });
    assert.equal(res.status, 200, res.raw);
    const [m] = await settled(chat.conversationId, 1);
    assert.deepEqual([m.status, m.type, m.delivery.attempts], ['failed', 'text', 1]);
    assert.match(m.delivery.last_error, /24-hour customer-service window .* no template for 'rejected' notices/);
    assert.equal(sentTo(chat.waId).length, 0, 'Graph was not asked');
    const [notice] = await noticesOf(order.id);
    assert.deepEqual([notice.order_status, notice.status], ['rejected', 'failed']);
    assert.equal(notice.error, m.delivery.last_error);
    assert.match(notice.text, /Kein Teig mehr/);
    // The organization's path lists the same; another location's is a 404, as for the order itself.
    const org = await h.call('GET', `/v1/organizations/${t.orgId}/orders/${order.id}/notices`, { key: t.orgKey });
    assert.deepEqual(org.body.data, [notice]);
    const other = await h.call('GET', `/v1/locations/${t.locationIds[1]}/orders/${order.id}/notices`, {
      key: t.orgKey,
    });
    assertError(other, 404, 'not_found_error', 'resource_not_found');
  });

  test('Meta refusing free text (131047) before our window closed: the template goes instead', async () => {
    const chat = await customer();
    graph.closeWindow(chat.waId);
    const order = await orderOf(chat);
    await advance(h, t.orgKey, loc, order.id, 'accepted');
    const [m] = await settled(chat.conversationId, 1);
    assert.deepEqual([m.status, m.type, m.delivery.attempts], ['sent', 'template', 2]);
    assert.match(m.delivery.last_error, /\(code 131047\)/);
    assert.deepEqual(
      sentTo(chat.waId).map((b) => b.type),
      ['text', 'template'],
    );
  });

  test('131047 for a notice without a template is recorded: failed, on the order and the conversation', async () => {
    const chat = await customer();
    graph.closeWindow(chat.waId);
    const order = await orderOf(chat, 'delivery');
    await advance(h, t.orgKey, loc, order.id, 'accepted');
    await settled(chat.conversationId, 1);
    await advance(h, t.orgKey, loc, order.id, 'awaiting_shipment', 'in_delivery');
    const [, m] = await settled(chat.conversationId, 2);
    assert.deepEqual([m.status, m.type, m.delivery.attempts], ['failed', 'text', 1]);
    assert.match(m.delivery.last_error, /Re-engagement message \(code 131047\)/);
    const notices = await noticesOf(order.id);
    assert.deepEqual(
      notices.map((n) => [n.order_status, n.sent_as, n.status]),
      [
        ['accepted', 'template', 'sent'],
        ['in_delivery', 'text', 'failed'],
      ],
    );
    assert.equal(notices[1].error, m.delivery.last_error);
  });

  test('a template Meta refuses (132001, no such template) fails for good, with the reason', async () => {
    const chat = await customer();
    await lastWrote(chat.conversationId, 48);
    const order = await orderOf(chat);
    graph.answer(metaError(132001, 'Template name does not exist in the translation'));
    await advance(h, t.orgKey, loc, order.id, 'accepted');
    const [m] = await settled(chat.conversationId, 1);
    assert.deepEqual([m.status, m.type, m.delivery.attempts], ['failed', 'template', 1]);
    const [notice] = await noticesOf(order.id);
    assert.match(notice.error, /\(code 132001\)/);
  });

  test("a reaction does not reopen the window; the customer's next message does", async () => {
    const chat = await customer();
    await lastWrote(chat.conversationId, 25);
    const reaction = {
      from: chat.waId,
      id: wamid(),
      timestamp: String(Math.floor(Date.now() / 1000)),
      type: 'reaction',
      reaction: { message_id: 'wamid.none', emoji: '👍' },
    };
    const envelope = JSON.parse(
      fill(fixture('text-message'), { PHONE_NUMBER_ID: wa.phoneNumberId, WA_ID: chat.waId, WAMID: wamid() }),
    );
    envelope.entry[0].changes[0].value.messages = [reaction];
    assert.equal((await notify(h, wa.id, JSON.stringify(envelope), wa.appSecret)).status, 200);
    const c = (await h.call('GET', `/admin/v1/conversations/${chat.conversationId}`)).body;
    assert.ok(Date.parse(c.service_window_ends_at) < Date.now(), 'still closed after a reaction');
    envelope.entry[0].changes[0].value.messages = [
      { ...reaction, id: wamid(), type: 'text', reaction: undefined, text: { body: 'Noch da?' } },
    ];
    assert.equal((await notify(h, wa.id, JSON.stringify(envelope), wa.appSecret)).status, 200);
    const reopened = (await h.call('GET', `/admin/v1/conversations/${chat.conversationId}`)).body;
    assert.ok(Date.parse(reopened.service_window_ends_at) > Date.now() + 23.9 * 3600_000, 'open again');
  });
});

describe("Meta's rate limits", () => {
  test("a pair limit (131056) holds that customer's messages only; the number's others go at once", async () => {
    const a = await customer();
    const b = await customer();
    graph.answer(metaError(131056, '(Business Account, Consumer Account) pair rate limit hit'));
    const one = await orderOf(a);
    await advance(h, t.orgKey, loc, one.id, 'accepted');
    app.outbound.kick(a.conversationId);
    await eventually(async () => {
      const [m] = (await messagesOf(h, a.conversationId)).filter((x) => x.direction === 'outbound');
      return m?.delivery.last_error ? m : undefined;
    });
    const two = await orderOf(b);
    await advance(h, t.orgKey, loc, two.id, 'accepted');
    const [mb] = await settled(b.conversationId, 1);
    const [ma] = await settled(a.conversationId, 1);
    assert.deepEqual([mb.status, mb.delivery.attempts], ['sent', 1]);
    assert.deepEqual([ma.status, ma.delivery.attempts], ['sent', 2]);
    assert.match(ma.delivery.last_error, /\(code 131056\)/);
  });
});
