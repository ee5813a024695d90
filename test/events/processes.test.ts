/**
 * Two server processes on one database (two apps, each with its worker): every event reaches the endpoint
 * once, one order's events in order. A process that dies mid-delivery (its lease runs out) is taken over.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { claimDue } from '../../src/db/queue/claim.js';
import { EVENT_DELIVERIES } from '../../src/webhooks/events/store.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { createOrder, patchStatus } from '../orders/_support.js';
import { type EventsHarness, eventsHarness, eventually, receiver, subscribe } from './_support.js';

let h: EventsHarness;
let t: Tenant;

before(async () => {
  h = await eventsHarness();
  await eventsHarness(); // the second process: its worker claims from the same queue
  t = await newTenant(h);
});

test('no duplicate across two workers; per-order order kept', async () => {
  const rx = await receiver();
  await subscribe(h, t.orgKey, { url: rx.url });
  const loc = t.locationIds[0];
  const orders = await Promise.all(Array.from({ length: 8 }, () => createOrder(h, loc)));
  await Promise.all(
    orders.map(async (o) => {
      for (const status of ['accepted', 'in_preparation', 'completed']) {
        assert.equal((await patchStatus(h, t.orgKey, loc, o.id, { status })).status, 200);
      }
    }),
  );
  await eventually(() => assert.equal(rx.got.length, 32), 20_000);
  await new Promise((r) => setTimeout(r, 500));
  const ids = rx.got.map((r) => r.headers['webhook-id']);
  assert.equal(new Set(ids).size, 32, 'each event once');
  assert.equal(rx.calls(), 32);
  for (const o of orders) {
    const seen = rx.got.filter((r) => r.json.data.object.id === o.id).map((r) => r.json.data.object.status);
    assert.deepEqual(seen, ['received', 'accepted', 'in_preparation', 'completed']);
  }
});

test('a delivery whose process died (lease run out) is delivered by another, the lost attempt noted', async () => {
  const rx = await receiver();
  const ep = await subscribe(h, t.orgKey, { url: rx.url, enabled_events: ['order.created'] });
  const order = await h.db.transaction(async (tx) => {
    const res = await createOrderIn(tx);
    // Claimed in the transaction that wrote it (due at once): no live worker sees it before the dead one has it.
    await tx.query("UPDATE event_deliveries SET next_attempt_at = now() - interval '1 second' WHERE endpoint_id = $1", [
      ep.id,
    ]);
    // Only this endpoint's: on PostgreSQL other test files' deliveries share the table.
    const claim = await claimDue(tx, EVENT_DELIVERIES, {
      owner: 'dead-process',
      leaseMs: 300,
      limit: 10,
      mine: [],
      where: { sql: 'd.endpoint_id = {p}', params: [ep.id] },
    });
    assert.equal(claim.claimed.length, 1);
    return res;
  });
  await eventually(() => assert.equal(rx.got.length, 1), 10_000);
  assert.equal(rx.got[0].json.data.object.id, order);
  // The receiver answers before the attempt is settled: the delivery shows it a moment later.
  let d: any;
  await eventually(async () => {
    const list = await h.call('GET', `/v1/webhook_endpoints/${ep.id}/deliveries`, { key: t.orgKey });
    [d] = list.body.data;
    assert.equal(d.status, 'succeeded');
  });
  assert.match(d.attempts[0].error, /abandoned: the process delivering it \(dead-process\) stopped/);
  assert.equal(d.attempts[1].result, 'succeeded');
});

async function createOrderIn(tx: import('../../src/db/client.js').Queryable): Promise<string> {
  const { ingestOrder } = await import('../../src/domain/orders/service.js');
  const order = await ingestOrder(tx, t.locationIds[1], {
    channel: 'web',
    items: [{ type: 'product', name: 'Espresso', quantity: 1, unit_price: { amount: 250, currency: 'EUR' } }],
    total: { amount: 250, currency: 'EUR' },
  });
  return order.id;
}
