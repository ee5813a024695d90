import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { eur, POINTS } from './_fixtures.js';
import { problems, withDraft } from './_quotes.js';
import { ALWAYS_OPEN, BASE, inMinutes, pizza, setUpLocation } from './_support.js';

let h: Harness;
let t: Tenant;
let loc: string;
const url = (location = loc, surface = '/v1') => `${surface}/locations/${location}/order_quotes`;
const quote = (body: unknown, key: string = t.orgKey, path = url()) =>
  h.call('POST', path, { key, body, idempotencyKey: '' });

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  loc = t.locationIds[0];
  await setUpLocation(h, t.orgKey, loc);
});

describe('problems from the settings, the hours and the switches', () => {
  let other: string;
  const q = (body: unknown = BASE) => quote(body, t.orgKey, url(other));
  const settle = async (method: 'PATCH' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown) => {
    const res = await h.call(method, `/v1/locations/${other}${path}`, { key: t.orgKey, body });
    assert.ok(res.status < 300, res.raw);
    return res.body;
  };

  before(async () => {
    other = t.locationIds[1];
    await setUpLocation(h, t.orgKey, other);
  });

  test('not_accepting_orders, then accepting again', async () => {
    await settle('PATCH', '/order_settings', { accepting_orders: false });
    assert.deepEqual(problems(await q()), [['not_accepting_orders', null]]);
    await settle('PATCH', '/order_settings', { accepting_orders: true });
    assert.deepEqual(problems(await q()), []);
  });

  test('service_type_unavailable: a type the restaurant does not offer, and delivery switched off', async () => {
    await settle('PATCH', '/order_settings', { service_types: ['delivery', 'collection'] });
    const eatIn = await q();
    assert.deepEqual(problems(eatIn), [['service_type_unavailable', 'service_type']]);
    assert.deepEqual(eatIn.body.problems[0].details, { allowed_values: ['delivery', 'collection'] });
    await settle('PATCH', '/delivery_settings', { enabled: false });
    const delivery = await q(withDraft({ service_type: 'delivery', delivery_address: POINTS.inner }));
    assert.deepEqual(problems(delivery), [['service_type_unavailable', 'service_type']]);
    assert.deepEqual(delivery.body.problems[0].details, { allowed_values: ['collection'] });
    await settle('PATCH', '/delivery_settings', { enabled: true });
    await settle('PATCH', '/order_settings', { service_types: ['delivery', 'collection', 'eat_in'] });
  });

  test('customer_notes_not_allowed, below_minimum_order, scheduled_orders_unavailable', async () => {
    await settle('PATCH', '/order_settings', {
      customer_notes_allowed: false,
      minimum_order: eur(1000),
      scheduled_orders_max_days_ahead: 0,
    });
    const res = await q(
      withDraft({ customer_notes: 'Window seat', items: [pizza({ notes: 'Crispy' })], requested_time: inMinutes(120) }),
    );
    assert.deepEqual(problems(res), [
      ['scheduled_orders_unavailable', 'requested_time'],
      ['customer_notes_not_allowed', 'items.0.notes'],
      ['below_minimum_order', 'items'],
      ['customer_notes_not_allowed', 'customer_notes'],
    ]);
    assert.deepEqual(problems(await q(withDraft({ customer_notes: '  ' }))), [['below_minimum_order', 'items']]);
    await settle('PATCH', '/order_settings', {
      customer_notes_allowed: true,
      minimum_order: null,
      scheduled_orders_max_days_ahead: 7,
    });
  });

  test('location_closed: by the opening hours, now and at a requested time', async () => {
    await settle('PUT', '/opening_hours', { periods: [] });
    assert.deepEqual(problems(await q()), [['location_closed', null]]);
    assert.deepEqual(problems(await q(withDraft({ requested_time: inMinutes(60) }))), [
      ['location_closed', 'requested_time'],
    ]);
    await settle('PUT', '/opening_hours', { periods: ALWAYS_OPEN });
  });

  test('location_closed_special: a special closing now, with its reason; one later only for that time', async () => {
    const closing = await settle('POST', '/special_closings', {
      starts_at: inMinutes(-10),
      ends_at: inMinutes(60),
      reason: 'Staff training',
    });
    const now = await q();
    assert.deepEqual(problems(now), [['location_closed_special', null]]);
    assert.deepEqual(now.body.problems[0].details, {
      special_closing_id: closing.id,
      reason: 'Staff training',
      ends_at: closing.ends_at,
    });
    assert.deepEqual(problems(await q(withDraft({ requested_time: inMinutes(90) }))), []);
    assert.deepEqual(problems(await q(withDraft({ requested_time: inMinutes(30) }))), [
      ['location_closed_special', 'requested_time'],
    ]);
    await settle('DELETE', `/special_closings/${closing.id}`);
    assert.deepEqual(problems(await q()), []);
  });

  test('item_unavailable: switched off now; back for a time after the switch ends', async () => {
    await settle('PATCH', '/menu/availability', {
      items: [
        { id: 'cola', available: false },
        { id: 'size-32', available: false, until: inMinutes(120) },
      ],
    });
    const draft = withDraft({
      items: [{ type: 'product', product_id: 'cola' }, pizza({ options: [{ option_id: 'size-32' }] })],
    });
    const res = await q(draft);
    assert.deepEqual(problems(res), [
      ['item_unavailable', 'items.0.product_id'],
      ['item_unavailable', 'items.1.options.0.option_id'],
    ]);
    assert.deepEqual(problems(await q({ ...draft, requested_time: inMinutes(180) })), [
      ['item_unavailable', 'items.0.product_id'],
    ]);
    await settle('PATCH', '/menu/availability', {
      items: [
        { id: 'cola', available: true },
        { id: 'size-32', available: true },
      ],
    });
  });

  test('location_inactive: a location the admin surface switched off', async () => {
    const off = await h.call('PATCH', `/admin/v1/locations/${other}`, { body: { active: false } });
    assert.equal(off.status, 200, off.raw);
    assert.deepEqual(problems(await q()), [['location_inactive', null]]);
    const on = await h.call('PATCH', `/admin/v1/locations/${other}`, { body: { active: true } });
    assert.equal(on.status, 200, on.raw);
  });
});
