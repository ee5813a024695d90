/** Events beside orders' by their real causes: menu replaced, availability switched, settings updated; acceptance on arrival. */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { createOrder } from '../orders/_support.js';
import { type EventsHarness, eventsHarness, eventually, receiver, subscribe } from './_support.js';

let h: EventsHarness;
let t: Tenant;

before(async () => {
  h = await eventsHarness();
  t = await newTenant(h);
});

const MENU = {
  categories: [{ id: 'pizzas', name: 'Pizzas', item_ids: ['margherita'] }],
  products: [{ id: 'margherita', name: 'Margherita', price: { amount: 900, currency: 'EUR' } }],
};

test('menu.replaced, menu.availability_changed and location.settings_updated, each as GET shows it after', async () => {
  const rx = await receiver();
  await subscribe(h, t.locationKey, {
    url: rx.url,
    enabled_events: ['menu.replaced', 'menu.availability_changed', 'location.settings_updated'],
  });
  const loc = t.locationIds[0];
  const put = await h.call('PUT', `/v1/locations/${loc}/menu`, { key: t.orgKey, body: MENU });
  assert.equal(put.status, 200, put.raw);
  const off = await h.call('PATCH', `/v1/locations/${loc}/menu/availability`, {
    key: t.orgKey,
    body: { items: [{ id: 'margherita', available: false }] },
  });
  assert.equal(off.status, 200, off.raw);
  const settings = await h.call('PATCH', `/v1/locations/${loc}/order_settings`, {
    key: t.orgKey,
    body: { preparation_time_minutes: 35 },
  });
  assert.equal(settings.status, 200, settings.raw);
  // Not in this endpoint's location: not delivered to it.
  await h.call('PUT', `/v1/locations/${t.locationIds[1]}/menu`, { key: t.orgKey, body: MENU });
  await eventually(() => assert.equal(rx.got.length, 3));
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(rx.got.length, 3);
  // A location's menu events share one queue (replaced before switched); its settings have their own,
  // so they may arrive before or after them.
  const got = rx.got.map((r) => r.json);
  const updated = got.find((e) => e.type === 'location.settings_updated');
  const [menu, availability] = got.filter((e) => e !== updated);
  assert.equal(menu.type, 'menu.replaced');
  assert.deepEqual(menu.data.object, put.body);
  assert.equal(availability.type, 'menu.availability_changed');
  assert.deepEqual(availability.data.object, off.body);
  assert.ok(updated, JSON.stringify(got.map((e) => e.type)));
  assert.deepEqual(updated.data.object, settings.body);
  assert.deepEqual(updated.previous_attributes, { preparation_time_minutes: 20 });
  for (const e of [menu, availability, updated]) {
    assert.equal(e.location_id, loc);
    assert.equal(e.organization_id, t.orgId);
  }
});

test('acceptance on arrival: order.created, then order.status_changed by "automatic"', async () => {
  const rx = await receiver();
  await subscribe(h, t.orgKey, { url: rx.url, enabled_events: ['order.created', 'order.status_changed'] });
  const loc = t.locationIds[1];
  const res = await h.call('PATCH', `/v1/locations/${loc}/acceptance_settings`, {
    key: t.orgKey,
    body: { mode: 'automatic' },
  });
  assert.equal(res.status, 200, res.raw);
  const order = await createOrder(h, loc);
  assert.equal(order.status, 'accepted');
  await eventually(() => assert.equal(rx.got.length, 2));
  const [created, accepted] = rx.got.map((r) => r.json);
  assert.equal(created.type, 'order.created');
  assert.equal(created.data.object.status, 'received');
  assert.equal(accepted.type, 'order.status_changed');
  assert.equal(accepted.data.changed_by, 'automatic');
  assert.deepEqual(accepted.data.object, order);
  const list = await h.call('GET', '/v1/events?type=location.settings_updated&limit=1', { key: t.orgKey });
  assert.deepEqual(list.body.data[0].previous_attributes, { mode: 'manual' });
});
