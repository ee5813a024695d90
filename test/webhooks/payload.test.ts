import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Db } from '../../src/db/client.js';
import {
  createTestAccount,
  createWhatsAppAccount,
  digits,
  fill,
  fixture,
  messagesOf,
  notify,
  say,
  wamid,
} from '../conversations/_support.js';
import { eur } from '../drafts/_fixtures.js';
import { setUpLocation } from '../drafts/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { bodyFor, camelKeysDeep } from './_payload.js';

let h: Harness;
let db: Db;
let t: Tenant;
let loc: string;
let account: string;

before(async () => {
  h = await getHarness();
  db = await testDb();
  t = await newTenant(h);
  loc = t.locationIds[0];
  await setUpLocation(h, t.orgKey, loc);
  account = await createTestAccount(h, { location_id: loc });
});

const rest = async (path: string) => {
  const res = await h.call('GET', `/v1/locations/${loc}${path}`, { key: t.orgKey });
  assert.equal(res.status, 200, res.raw);
  return res.body;
};
describe('message webhook body, location mode', () => {
  test('a first message: the message, the conversation, the location with everything, the customer', async () => {
    const phone = `+4917${digits(8)}`;
    const m = await say(h, account, phone, 'Hallo! Was habt ihr?', { from: { phone, name: 'Lea', language: 'de' } });
    const body = await bodyFor(h, db, m);

    assert.deepEqual(Object.keys(body), [
      'lastMessage',
      'conversation',
      'location',
      'customer',
      'orderDraft',
      'orders',
      'mode',
      'event',
    ]);
    assert.equal(body.mode, 'location');
    assert.deepEqual(body.lastMessage, {
      id: m.id,
      type: 'text',
      text: 'Hallo! Was habt ihr?',
      location: null,
      reply: null,
      unsupportedType: null,
      media: null,
      contacts: null,
      context: null,
      referral: null,
      sentAt: m.sent_at,
      createdAt: m.created_at,
    });
    assert.equal(body.conversation.id, m.conversation_id);
    assert.equal(body.conversation.channel, 'test');
    assert.equal(body.conversation.channelAccountId, account);
    assert.equal(body.conversation.mode, 'location');
    assert.equal(body.conversation.locationId, loc);
    assert.deepEqual(
      body.conversation.messages.map((x: any) => [x.id, x.direction, x.status]),
      [[m.id, 'inbound', 'received']],
    );
    assert.deepEqual(body.customer, {
      id: m.customer_id,
      name: 'Lea',
      phone,
      whatsappUserId: null,
      language: 'de',
      notes: null,
      createdAt: body.customer.createdAt,
      preferences: {
        orderCount: 0,
        lastOrderAt: null,
        favouriteProducts: [],
        usualServiceType: null,
        usualPaymentMethod: null,
        lastDeliveryAddress: null,
      },
    });
    assert.equal(body.orderDraft, null);
    assert.deepEqual(body.orders, []);
    assert.equal(body.event.type, 'message');
    assert.equal(body.event.attempt, 1);
    assert.equal(body.event.problems, null);
    assert.match(body.event.id, /^whd_/);
  });

  test('the location embeds the REST resources as GET shows them, camelCase', async () => {
    const m = await say(h, account, `+4917${digits(8)}`, 'Menu?');
    const { location } = await bodyFor(h, db, m);
    const restLocation = (await h.call('GET', `/v1/locations/${loc}`, { key: t.orgKey })).body;
    for (const [k, v] of Object.entries(camelKeysDeep(restLocation) as object)) assert.deepEqual(location[k], v, k);
    assert.deepEqual(location.menu, camelKeysDeep(await rest('/menu')));
    assert.deepEqual(location.orderSettings, camelKeysDeep(await rest('/order_settings')));
    assert.deepEqual(location.deliverySettings, camelKeysDeep(await rest('/delivery_settings')));
    assert.deepEqual(location.aiInstructions, camelKeysDeep(await rest('/ai_instructions')));
    assert.deepEqual(location.openingHours, camelKeysDeep(await rest('/opening_hours')));
    assert.equal(location.acceptance.mode, (await rest('/acceptance_settings')).mode);
    assert.deepEqual(location.serviceTypes, ['delivery', 'collection', 'eat_in']);
    assert.deepEqual(location.paymentMethods, ['cash', 'card']);
    assert.equal(location.openingHours.openNow, true);
    assert.equal(location.nextOpening, null);
    assert.deepEqual(location.specialClosings, []);
    // Nested names are camelCase, zones keep their terms.
    assert.equal(location.deliverySettings.zones[0].area.radiusMeters, 2000);
    assert.deepEqual(location.deliverySettings.zones[0].minimumOrder, eur(1500));
    assert.deepEqual(location.menu.categories[0].itemIds.slice(0, 2), ['margherita', 'diavola']);
  });

  test('unavailable items are flagged, not hidden; a special closing shows with the next opening', async () => {
    const off = await h.call('PATCH', `/v1/locations/${loc}/menu/availability`, {
      key: t.orgKey,
      body: { items: [{ id: 'tiramisu', available: false }] },
    });
    assert.equal(off.status, 200, off.raw);
    const startsAt = new Date(Date.now() - 60_000).toISOString();
    const endsAt = new Date(Date.now() + 2 * 3600_000).toISOString();
    const closing = await h.call('POST', `/v1/locations/${loc}/special_closings`, {
      key: t.orgKey,
      body: { starts_at: startsAt, ends_at: endsAt, reason: 'Private party' },
    });
    assert.equal(closing.status, 201, closing.raw);
    const farAway = await h.call('POST', `/v1/locations/${loc}/special_closings`, {
      key: t.orgKey,
      body: {
        starts_at: new Date(Date.now() + 90 * 86_400_000).toISOString(),
        ends_at: new Date(Date.now() + 91 * 86_400_000).toISOString(),
        reason: 'Holidays',
      },
    });
    assert.equal(farAway.status, 201, farAway.raw);
    try {
      const m = await say(h, account, `+4917${digits(8)}`, 'Tiramisu?');
      const { location } = await bodyFor(h, db, m);
      const tiramisu = location.menu.products.find((p: any) => p.id === 'tiramisu');
      assert.equal(tiramisu.available, false);
      assert.equal(location.menu.products.find((p: any) => p.id === 'cola').available, true);
      assert.equal(location.openingHours.openNow, false);
      assert.equal(location.openingHours.currentSpecialClosingId, closing.body.id);
      assert.deepEqual(location.specialClosings, [camelKeysDeep(closing.body)]);
      assert.equal(location.nextOpening, closing.body.ends_at);
    } finally {
      for (const id of [closing.body.id, farAway.body.id]) {
        await h.call('DELETE', `/v1/locations/${loc}/special_closings/${id}`, { key: t.orgKey });
      }
      await h.call('PATCH', `/v1/locations/${loc}/menu/availability`, {
        key: t.orgKey,
        body: { items: [{ id: 'tiramisu', available: true }] },
      });
    }
  });

  test('the menu follows every change: a switch, its end, a new version', async () => {
    const m = await say(h, account, `+4917${digits(8)}`, 'Cola?');
    const cola = async () => (await bodyFor(h, db, m)).location.menu.products.find((p: any) => p.id === 'cola');
    assert.equal((await cola()).available, true);
    const switchCola = (item: object) =>
      h.call('PATCH', `/v1/locations/${loc}/menu/availability`, {
        key: t.orgKey,
        body: { items: [{ id: 'cola', ...item }] },
      });
    const until = new Date(Date.now() + 3600_000).toISOString();
    assert.equal((await switchCola({ available: false, until })).status, 200);
    assert.deepEqual([(await cola()).available, (await cola()).unavailableUntil], [false, until]);
    assert.equal((await switchCola({ available: true })).status, 200);
    assert.equal((await cola()).available, true);
    const { version: _v, ...menu } = await rest('/menu');
    const renamed = {
      ...menu,
      products: menu.products.map((p: any) => (p.id === 'cola' ? { ...p, name: 'Cola Zero' } : p)),
    };
    const put = await h.call('PUT', `/v1/locations/${loc}/menu`, { key: t.orgKey, body: renamed });
    assert.equal(put.status, 200, put.raw);
    assert.equal((await cola()).name, 'Cola Zero');
    const back = await h.call('PUT', `/v1/locations/${loc}/menu`, { key: t.orgKey, body: menu });
    assert.equal(back.status, 200, back.raw);
    assert.equal((await cola()).name, 'Cola');
  });

  test('the history: both directions, buttons and status of ours, oldest first, the triggering message last', async () => {
    const phone = `+4917${digits(8)}`;
    const first = await say(h, account, phone, 'Hi');
    const ours = await h.call('POST', `/admin/v1/conversations/${first.conversation_id}/messages`, {
      body: {
        text: 'Collection or delivery?',
        buttons: [
          { id: 'collection', title: 'Collection' },
          { id: 'delivery', title: 'Delivery' },
        ],
      },
    });
    assert.equal(ours.status, 201, ours.raw);
    const second = await say(h, account, phone, 'Delivery please');
    const later = await say(h, account, phone, 'And fast');

    const body = await bodyFor(h, db, second);
    assert.equal(body.lastMessage.id, second.id);
    const history = body.conversation.messages;
    assert.deepEqual(
      history.map((x: any) => [x.id, x.direction]),
      [
        [first.id, 'inbound'],
        [ours.body.id, 'outbound'],
        [second.id, 'inbound'],
      ],
    );
    assert.deepEqual(history[1].buttons, [
      { id: 'collection', title: 'Collection' },
      { id: 'delivery', title: 'Delivery' },
    ]);
    assert.equal(history[1].type, 'buttons');
    assert.ok(['pending', 'sent'].includes(history[1].status));
    assert.equal(history[1].list, null);
    assert.equal(body.conversation.olderMessagesOmitted, false);
    assert.equal((await bodyFor(h, db, later)).conversation.messages.length, 4);
  });

  test('the history is bounded by count and by bytes, newest first, and says when older messages were left out', async () => {
    const phone = `+4917${digits(8)}`;
    const first = await say(h, account, phone, 'Hi');
    const reply = (text: string) =>
      h.call('POST', `/admin/v1/conversations/${first.conversation_id}/messages`, { body: { text } });
    for (let i = 0; i < 50; i++) assert.equal((await reply(`Reply ${i}`)).status, 201);
    const last = await say(h, account, phone, 'Still there?');
    const counted = (await bodyFor(h, db, last)).conversation;
    assert.equal(counted.messages.length, 50);
    assert.equal(counted.messages[0].text, 'Reply 1');
    assert.equal(counted.olderMessagesOmitted, true);

    // Long texts: only the newest that fit in 100,000 bytes of JSON (4,096 control characters are 24.6 KB).
    for (let i = 0; i < 8; i++) assert.equal((await reply('\u0001'.repeat(4096))).status, 201);
    const long = await say(h, account, phone, 'Hello?');
    const bounded = (await bodyFor(h, db, long)).conversation;
    assert.ok(Buffer.byteLength(JSON.stringify(bounded.messages)) <= 100_000);
    assert.ok(bounded.messages.length >= 4 && bounded.messages.length < 9, `${bounded.messages.length} messages`);
    assert.equal(bounded.messages.at(-1).id, long.id);
    assert.equal(bounded.olderMessagesOmitted, true);
  });

  test('a shared location, a tapped reply and an unsupported message (WhatsApp) come as their own types', async () => {
    const pin = await say(h, account, `+4917${digits(8)}`, 'here', {
      location: { latitude: 52.53, longitude: 13.39, name: 'Home' },
    });
    const shared = await bodyFor(h, db, pin);
    assert.equal(shared.lastMessage.type, 'location');
    assert.deepEqual(shared.lastMessage.location, { latitude: 52.53, longitude: 13.39, name: 'Home' });

    const wa = await createWhatsAppAccount(h, { location_id: loc });
    const waId = `49${digits(10)}`;
    const values = { PHONE_NUMBER_ID: wa.phoneNumberId, WA_ID: waId };
    for (const name of ['interactive-reply', 'image-message']) {
      const res = await notify(h, wa.id, fill(fixture(name), { ...values, WAMID: wamid() }), wa.appSecret);
      assert.equal(res.status, 200, res.raw);
    }
    const customer = (await h.call('GET', `/admin/v1/customers?phone=${waId}&organization_id=${t.orgId}`)).body.data[0];
    const conversation = (await h.call('GET', `/admin/v1/conversations?customer_id=${customer.id}`)).body.data[0];
    const [button, row, image] = await messagesOf(h, conversation.id);
    const tapped = await bodyFor(h, db, button);
    assert.equal(tapped.conversation.channel, 'whatsapp');
    assert.equal(tapped.lastMessage.type, 'reply');
    assert.equal(tapped.lastMessage.text, 'Lieferung');
    assert.deepEqual(tapped.lastMessage.reply, { id: 'delivery', title: 'Lieferung', description: null });
    assert.deepEqual((await bodyFor(h, db, row)).lastMessage.reply, {
      id: 'margherita',
      title: 'Margherita',
      description: 'Tomate, Mozzarella',
    });
    const unread = await bodyFor(h, db, image);
    assert.equal(unread.lastMessage.type, 'unsupported');
    assert.equal(unread.lastMessage.unsupportedType, 'image');
    assert.equal(unread.lastMessage.text, null);
    assert.equal(unread.conversation.messages.length, 3);
    assert.equal(unread.customer.name, 'Sheena Nelson');
  });
});
