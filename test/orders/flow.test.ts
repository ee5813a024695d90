import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { assertError, newTenant, type Tenant } from '../helpers/fixtures.js';

let h: Harness;
let t: Tenant;
const eur = (amount: number) => ({ amount, currency: 'EUR' });

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
});

export const ORDER = {
  channel: 'web',
  service_type: 'delivery',
  customer: { first_name: 'Ana', phone: '+491701234567' },
  fulfillment: { address: { line_1: 'Hauptstraße 5', city: 'Berlin', country: 'DE' } },
  items: [
    {
      type: 'product',
      name: 'Margherita',
      quantity: 2,
      unit_price: eur(900),
      modifier_groups: [
        { name: 'Extras', modifiers: [{ name: 'Basil', quantity: 2, unit_price: eur(50), free_quantity: 1 }] },
      ],
    },
    {
      type: 'bundle',
      name: 'Lunch deal',
      quantity: 1,
      unit_price: eur(1200),
      lines: [{ name: 'Main', items: [{ type: 'product', name: 'Lasagne', quantity: 1, unit_price: eur(0) }] }],
    },
  ],
  discounts: [{ name: 'Welcome', amount: eur(100) }],
  charges: [{ type: 'delivery', amount: eur(300) }],
  private_charges: [{ name: 'Marketplace', amount: eur(50) }],
  payment: { status: 'authorized', amount: eur(3350) },
  total: eur(3350),
  delivery: { provider: 'Couriers Ltd', cost: eur(450), cost_source: 'provider_invoice' },
};

test('an order goes from ingestion through its lifecycle, payments, financials and analytics', async () => {
  const loc = t.locationIds[0];
  const created = await h.call('POST', `/admin/v1/locations/${loc}/orders`, { body: ORDER });
  assert.equal(created.status, 201, created.raw);
  const o = created.body;
  assert.equal(o.status, 'received');
  assert.equal(o.status_version, 0);
  assert.equal(o.customer.last_name, null);
  assert.equal(o.fulfillment.type, 'delivery');
  assert.equal(o.fulfillment.address.postal_code, null);
  assert.equal(o.items[0].customer_notes, null);
  assert.equal(o.items[0].id, null);
  assert.deepEqual(o.total, eur(3350));
  assert.equal('private_charges' in o, false);

  const list = await h.call('GET', `/v1/locations/${loc}/orders`, { key: t.orgKey });
  assert.equal(list.status, 200, list.raw);
  assert.equal(list.body.data[0].id, o.id);
  const byOrg = await h.call('GET', `/v1/organizations/${t.orgId}/orders/${o.id}`, { key: t.orgKey });
  assert.equal(byOrg.status, 200, byOrg.raw);

  const accept = await h.call('PATCH', `/v1/locations/${loc}/orders/${o.id}`, {
    key: t.locationKey,
    body: { status: 'accepted', status_version: 0 },
  });
  assert.equal(accept.status, 200, accept.raw);
  assert.equal(accept.body.status_version, 1);
  const stale = await h.call('PATCH', `/v1/locations/${loc}/orders/${o.id}`, {
    key: t.locationKey,
    body: { status: 'in_preparation', status_version: 0 },
  });
  assertError(stale, 409, 'conflict_error', 'resource_conflict');

  const pay = (body: unknown) => h.call('POST', `/admin/v1/locations/${loc}/orders/${o.id}/payment_events`, { body });
  assert.equal((await pay({ type: 'capture' })).status, 201);
  const refund = await pay({ type: 'refund', amount: eur(350) });
  assert.equal(refund.status, 201, refund.raw);
  assert.equal(refund.body.payment.status, 'partially_refunded');

  const fin = await h.call('GET', `/v1/organizations/${t.orgId}/orders/financials`, { key: t.orgKey });
  assert.equal(fin.status, 200, fin.raw);
  const rec = fin.body.data.find((r: { order_id: string }) => r.order_id === o.id);
  assert.equal(rec.customer_paid_total_cents, 3000);
  assert.equal(rec.payment_refunded_cents, 350);
  assert.equal(rec.customer_delivery_fee_cents, 300);
  assert.equal(rec.restaurant_delivery_cost_cents, 450);
  assert.equal(rec.service_order_fee_cents, 101); // 3 % of 3350 = 100.5, half-up
  assert.equal(rec.service_payment_fee_cents, 72); // 1.4 % of 3350 = 46.9 → 47, + 25

  const an = await h.call('GET', `/v1/locations/${loc}/analytics/products`, { key: t.orgKey });
  assert.equal(an.status, 200, an.raw);
  assert.equal(an.body.summary.sold_item_count, 3);
  assert.deepEqual(an.body.top_products[0], { name: 'Margherita', quantity: 2 });
});
