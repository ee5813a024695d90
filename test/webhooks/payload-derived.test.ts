import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Period } from '../../src/domain/hours.js';
import type { LocationData } from '../../src/webhooks/payload/locations-load.js';
import { menuCache } from '../../src/webhooks/payload/menu-cache.js';
import { nextOpening } from '../../src/webhooks/payload/next-opening.js';
import { derivePreferences, type PastOrder } from '../../src/webhooks/payload/preferences.js';

const eur = (amount: number) => ({ amount, currency: 'EUR' });
const product = (id: string | null, name: string, quantity = 1) => ({
  type: 'product' as const,
  id,
  name,
  quantity,
  unit_price: eur(100),
  customer_notes: null,
  modifier_groups: [],
});
const bundle = (id: string, name: string) => ({
  type: 'bundle' as const,
  id,
  name,
  quantity: 1,
  unit_price: eur(900),
  lines: [],
});
const ADDRESS = { line_1: 'A 1', line_2: null, postal_code: '1', city: 'B', country: 'DE', latitude: 1, longitude: 2 };

let minute = 0;
/** Orders are given newest first, as the builder reads them. */
function order(over: Partial<PastOrder>): PastOrder {
  return {
    created_at: new Date(Date.UTC(2026, 4, 1, 12, 60 - ++minute)),
    status: 'completed',
    service_type: 'collection',
    payment_method: 'cash',
    fulfillment: { address: null },
    items: [],
    ...over,
  };
}

describe('customer preferences from past orders', () => {
  test('no orders: nothing known', () => {
    assert.deepEqual(derivePreferences([], { count: 0, last_order_at: null }), {
      orderCount: 0,
      lastOrderAt: null,
      favouriteProducts: [],
      usualServiceType: null,
      usualPaymentMethod: null,
      lastDeliveryAddress: null,
    });
  });

  test('favourites add up quantities across orders; ties go to the more recent; at most five', () => {
    const orders = [
      order({ items: [product('cola', 'Cola', 2), bundle('lunch', 'Lunch deal')] }),
      order({ items: [product('margherita', 'Margherita'), product(null, 'Special of the day')] }),
      order({ items: [product('margherita', 'Margherita', 2), product('tiramisu', 'Tiramisù')] }),
      order({ items: [product('water', 'Water'), product('salad', 'Salad')] }),
    ];
    const p = derivePreferences(orders, { count: 4, last_order_at: orders[0].created_at });
    assert.deepEqual(p.favouriteProducts, [
      { type: 'product', id: 'margherita', name: 'Margherita', count: 3 },
      { type: 'product', id: 'cola', name: 'Cola', count: 2 },
      { type: 'bundle', id: 'lunch', name: 'Lunch deal', count: 1 },
      { type: 'product', id: null, name: 'Special of the day', count: 1 },
      { type: 'product', id: 'tiramisu', name: 'Tiramisù', count: 1 },
    ]);
    assert.equal(p.orderCount, 4);
    assert.equal(p.lastOrderAt, orders[0].created_at.toISOString());
  });

  test('rejected and cancelled orders do not count', () => {
    const orders = [
      order({ status: 'cancelled', service_type: 'delivery', items: [product('cola', 'Cola', 9)] }),
      order({ status: 'rejected', payment_method: 'card', items: [product('cola', 'Cola', 9)] }),
      order({ status: 'received', items: [product('margherita', 'Margherita')] }),
    ];
    const p = derivePreferences(orders, { count: 1, last_order_at: orders[2].created_at });
    assert.deepEqual(
      p.favouriteProducts.map((f) => f.id),
      ['margherita'],
    );
    assert.equal(p.usualServiceType, 'collection');
    assert.equal(p.usualPaymentMethod, 'cash');
  });

  test('the usual service type and payment method: the most frequent, ties to the most recent; unknown ones skipped', () => {
    const orders = [
      order({ service_type: 'delivery', payment_method: null }),
      order({ service_type: 'collection', payment_method: 'card' }),
      order({ service_type: 'delivery', payment_method: 'cash' }),
      order({ service_type: 'collection', payment_method: 'card' }),
      order({ service_type: null, payment_method: null }),
    ];
    const p = derivePreferences(orders, { count: 5, last_order_at: orders[0].created_at });
    assert.equal(p.usualServiceType, 'delivery');
    assert.equal(p.usualPaymentMethod, 'card');
  });

  test('the last delivery address is the newest delivery order’s, camelCase', () => {
    const orders = [
      order({ service_type: 'collection' }),
      order({ service_type: 'delivery', fulfillment: { address: { ...ADDRESS, line_1: 'Newest 1' } } }),
      order({ service_type: 'delivery', fulfillment: { address: ADDRESS } }),
    ];
    const p = derivePreferences(orders, { count: 3, last_order_at: orders[0].created_at });
    assert.deepEqual(p.lastDeliveryAddress, {
      line1: 'Newest 1',
      line2: null,
      postalCode: '1',
      city: 'B',
      country: 'DE',
      latitude: 1,
      longitude: 2,
    });
  });
});

const BERLIN = 'Europe/Berlin';
const at = (iso: string) => new Date(iso);
const horizon = (from: Date) => new Date(from.getTime() + 60 * 86_400_000);
const next = (periods: Period[], now: Date, closings: { starts_at: Date; ends_at: Date }[] = []) =>
  nextOpening(periods, BERLIN, closings, now, horizon(now))?.toISOString() ?? null;
const daily = (opens: string, closes: string): Period[] =>
  (['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const).map((day) => ({
    day,
    opens,
    closes,
  }));

describe('the next opening', () => {
  test('open now: null; closed: the next period start, on the local clock', () => {
    // 2026-05-04 is a Monday; Berlin is UTC+2 in May.
    assert.equal(next(daily('11:00', '23:00'), at('2026-05-04T10:00:00Z')), null);
    assert.equal(next(daily('11:00', '23:00'), at('2026-05-04T07:30:20Z')), '2026-05-04T09:00:00.000Z');
    assert.equal(next(daily('11:00', '23:00'), at('2026-05-04T21:00:00Z')), '2026-05-05T09:00:00.000Z');
  });

  test('closed days are skipped, and a period past midnight counts from its start', () => {
    const weekend: Period[] = [{ day: 'friday', opens: '18:00', closes: '02:00' }];
    assert.equal(next(weekend, at('2026-05-04T10:00:00Z')), '2026-05-08T16:00:00.000Z');
    assert.equal(next(weekend, at('2026-05-08T23:30:00Z')), null, 'Saturday 01:30 is still Friday night');
  });

  test('a special closing pushes the opening to its end, or to the next period after it', () => {
    const hours = daily('11:00', '23:00');
    const now = at('2026-05-04T10:00:00Z');
    const lunch = { starts_at: at('2026-05-04T09:30:00Z'), ends_at: at('2026-05-04T11:15:00Z') };
    assert.equal(next(hours, now, [lunch]), '2026-05-04T11:15:00.000Z');
    const week = { starts_at: at('2026-05-03T00:00:00Z'), ends_at: at('2026-05-07T22:00:00Z') };
    assert.equal(next(hours, now, [week]), '2026-05-08T09:00:00.000Z');
  });

  test('across the change to summer time, the local opening time holds', () => {
    // Clocks go forward on Sunday 2026-03-29 at 02:00 (UTC+1 → UTC+2).
    assert.equal(next(daily('11:00', '23:00'), at('2026-03-28T23:00:00Z')), '2026-03-29T09:00:00.000Z');
    // An opening at a time that does not exist that night opens when the clock reaches it.
    const night: Period[] = [{ day: 'sunday', opens: '02:30', closes: '05:00' }];
    assert.equal(next(night, at('2026-03-28T23:00:00Z')), '2026-03-29T01:00:00.000Z');
    // Back to winter time on 2026-10-25 (UTC+2 → UTC+1).
    assert.equal(next(daily('11:00', '23:00'), at('2026-10-24T22:00:00Z')), '2026-10-25T10:00:00.000Z');
  });

  test('no periods, or nothing within the horizon: null', () => {
    assert.equal(next([], at('2026-05-04T10:00:00Z')), null);
    const closedLong = { starts_at: at('2026-01-01T00:00:00Z'), ends_at: at('2027-01-01T00:00:00Z') };
    assert.equal(next(daily('11:00', '23:00'), at('2026-05-04T10:00:00Z'), [closedLong]), null);
  });
});

describe('the menu cache', () => {
  const data = (id: string, version: number, switches: [string, Date | null][] = []) =>
    ({
      row: { id, created_at: new Date(0) },
      menu: { version, updated_at: new Date(version * 1000) },
      switches: new Map(switches.map(([item, until]) => [item, { until }])),
    }) as unknown as LocationData;

  test('one render per menu version and set of switches; the least recently used goes first', () => {
    const cache = menuCache();
    let renders = 0;
    const get = (d: LocationData) => cache(d, () => ({ n: ++renders }));
    assert.deepEqual(get(data('loc_a', 1)), { n: 1 });
    assert.deepEqual(get(data('loc_a', 1)), { n: 1 });
    assert.deepEqual(get(data('loc_a', 2)), { n: 2 });
    assert.deepEqual(get(data('loc_a', 2, [['cola', null]])), { n: 3 });
    assert.deepEqual(get(data('loc_a', 2, [['cola', new Date(5)]])), { n: 4 });
    assert.deepEqual(get(data('loc_b', 2)), { n: 5 });
    for (let i = 0; i < 31; i++) get(data(`loc_x${i}`, 1));
    assert.deepEqual(get(data('loc_b', 2)), { n: 5 }, 'used recently enough to stay');
    assert.deepEqual(get(data('loc_a', 1)), { n: 37 }, 'evicted');
  });
});
