import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { type Summary, seed } from '../src/cli/seed/index.js';
import type { Db } from '../src/db/client.js';
import { expectedTotal } from '../src/domain/orders/pricing.js';
import { canMove, type OrderStatus, type ServiceType } from '../src/domain/orders/status.js';
import type { OrderItem } from '../src/domain/orders/types.js';
import { SETTINGS, type SettingsKind } from '../src/domain/settings/kinds.js';
import { testDb } from './helpers/db.js';

let db: Db;
let summary: Summary;
let locationIds: string[];

interface Row {
  id: string;
  location_id: string;
  short_id: string;
  status: OrderStatus;
  status_version: number;
  service_type: ServiceType | null;
  currency: string;
  items: OrderItem[];
  charges: any[];
  discounts: any[];
  private_charges: any[];
  total_amount: number;
  payment_status: string | null;
  payment_amount: number | null;
  refunded_amount: number;
  created_at: Date;
}
let orders: Row[];

before(async () => {
  db = await testDb();
  summary = await seed(db, { orders: 300, organizations: 2, days: 30, seed: 7 });
  locationIds = summary.locations.map((l) => l.id);
  orders = await db.query<Row>('SELECT * FROM orders WHERE location_id = ANY($1) ORDER BY created_at, id', [
    locationIds,
  ]);
});

function groupBy<T>(list: T[], key: (x: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of list) out.set(key(x), [...(out.get(key(x)) ?? []), x]);
  return out;
}

/** Bundles count through their lines' products, times the bundle quantity (as analytics do). */
const sold = (items: OrderItem[]) =>
  items.flatMap((i) =>
    i.type === 'bundle'
      ? i.lines.flatMap((l) => l.items.map((p) => [p.name, p.quantity * i.quantity] as const))
      : [[i.name, i.quantity] as const],
  );

describe('seed', () => {
  test('creates the organizations, a standalone location and every order asked for', async () => {
    assert.equal(summary.organizations.length, 2);
    assert.equal(summary.orders, 300);
    assert.equal(orders.length, 300);
    assert.equal(summary.locations.filter((l) => l.organization_id === null).length, 1);
    const currencies = new Set(summary.locations.map((l) => l.currency));
    assert.ok(currencies.size >= 4, [...currencies].join());
  });

  test('every total equals items + charges − discounts + private charges, in the location currency', async () => {
    const locations = new Map(summary.locations.map((l) => [l.id, l.currency]));
    for (const o of orders) {
      assert.equal(o.total_amount, expectedTotal(o), o.id);
      assert.equal(o.currency, locations.get(o.location_id));
      const currencies = new Set(JSON.stringify([o.items, o.charges, o.discounts]).match(/"currency":"[A-Z]+"/g));
      assert.deepEqual([...currencies], [`"currency":"${o.currency}"`], o.id);
    }
  });

  test('status history has status_version + 1 rows along allowed moves', async () => {
    const history = await db.query<{ order_id: string; status_version: number; status: OrderStatus; changed_at: Date }>(
      `SELECT h.* FROM order_status_history h JOIN orders o ON o.id = h.order_id
       WHERE o.location_id = ANY($1) ORDER BY h.order_id, h.status_version`,
      [locationIds],
    );
    const byOrder = groupBy(history, (h) => h.order_id);
    for (const o of orders) {
      const steps = byOrder.get(o.id) ?? [];
      assert.equal(steps.length, o.status_version + 1, o.id);
      assert.equal(steps[0].status, 'received');
      assert.equal(steps.at(-1)!.status, o.status);
      steps.forEach((s, i) => {
        assert.equal(s.status_version, i);
        if (i === 0) return;
        assert.ok(
          canMove(o.service_type, steps[i - 1].status, s.status),
          `${o.id}: ${steps[i - 1].status}→${s.status}`,
        );
        assert.ok(s.changed_at >= steps[i - 1].changed_at);
      });
    }
    const statuses = new Set(orders.map((o) => o.status));
    for (const s of ['completed', 'rejected', 'cancelled']) assert.ok(statuses.has(s as OrderStatus), s);
  });

  test('short ids count up per location in creation order; counters hold the last number', async () => {
    const byLocation = groupBy(orders, (o) => o.location_id);
    const counters = await db.query<{ location_id: string; last_number: number }>(
      'SELECT * FROM location_order_counters WHERE location_id = ANY($1)',
      [locationIds],
    );
    for (const [locationId, list] of byLocation) {
      assert.deepEqual(
        list.map((o) => o.short_id),
        list.map((_, i) => String(i + 1)),
      );
      assert.equal(counters.find((c) => c.location_id === locationId)?.last_number, list.length);
    }
    const ids = orders.map((o) => o.id);
    assert.deepEqual(ids, [...ids].sort(), 'ids sort like created_at');
  });

  test('order_products match the items, bundles through their lines', async () => {
    const rows = await db.query<{ order_id: string; position: number; product_name: string; quantity: number }>(
      `SELECT p.* FROM order_products p JOIN orders o ON o.id = p.order_id
       WHERE o.location_id = ANY($1) ORDER BY p.order_id, p.position`,
      [locationIds],
    );
    const byOrder = groupBy(rows, (r) => r.order_id);
    for (const o of orders) {
      const got = (byOrder.get(o.id) ?? []).map((r) => [r.product_name, r.quantity]);
      assert.deepEqual(got, sold(o.items), o.id);
    }
    assert.ok(
      orders.some((o) => o.items.some((i) => i.type === 'bundle')),
      'some bundles',
    );
  });

  test('payments and refunds are consistent', () => {
    for (const o of orders) {
      if (o.payment_status === null) assert.equal(o.refunded_amount, 0);
      else if (o.payment_status === 'refunded') assert.equal(o.refunded_amount, o.payment_amount);
      else if (o.payment_status === 'partially_refunded') {
        assert.ok(o.refunded_amount > 0 && o.refunded_amount < o.payment_amount!, o.id);
      } else assert.equal(o.refunded_amount, 0);
    }
  });

  test('settings pass the domain checks of their kind', async () => {
    const rows = await db.query<{
      kind: SettingsKind;
      data: Record<string, unknown>;
      currency: string;
      timezone: string;
      country: string;
      address: any;
    }>(
      `SELECT s.kind, s.data, l.currency, l.timezone, l.country, l.address FROM location_settings s
       JOIN locations l ON l.id = s.location_id WHERE s.location_id = ANY($1)`,
      [locationIds],
    );
    assert.equal(rows.length, locationIds.length * 5);
    for (const r of rows) {
      assert.doesNotThrow(() => SETTINGS[r.kind].check(structuredClone(r.data), r), r.kind);
    }
    const [closings] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM special_closings WHERE location_id = ANY($1)',
      [locationIds],
    );
    assert.ok(closings.n >= locationIds.length, 'some closings per location');
  });
});
