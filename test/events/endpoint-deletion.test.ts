/**
 * Deleting an endpoint deletes its deliveries and their attempts (no foreign key does it since migration
 * 0030), and a delivery written for an endpoint whose deletion committed meanwhile is deleted by the
 * worker that claims it, never sent, never left leased.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { EVENTS_CHANNEL } from '../../src/db/notify-channels.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { createOrder } from '../orders/_support.js';
import { type EventsHarness, eventsHarness, eventually, receiver, subscribe } from './_support.js';

let h: EventsHarness;
let t: Tenant;

before(async () => {
  h = await eventsHarness();
  t = await newTenant(h);
});

const count = async (sql: string, params: unknown[]) =>
  Number((await h.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`, params))[0].n);

test('deleting an endpoint deletes its deliveries and their attempts; nothing more is sent to it', async () => {
  const failing = await receiver(() => 500);
  const ep = await subscribe(h, t.orgKey, { url: failing.url, enabled_events: ['order.created'] });
  const kept = await receiver();
  const other = await subscribe(h, t.orgKey, { url: kept.url, enabled_events: ['order.created'] });
  await createOrder(h, t.locationIds[0]);
  await createOrder(h, t.locationIds[0]);
  await eventually(async () => {
    assert.ok(failing.calls() >= 2);
    assert.equal(kept.got.length, 2);
    const attempts = await count(
      'event_delivery_attempts a JOIN event_deliveries d ON d.id = a.delivery_id WHERE d.endpoint_id = $1',
      [ep.id],
    );
    assert.ok(attempts >= 2);
  });
  const deleted = await h.call('DELETE', `/v1/webhook_endpoints/${ep.id}`, { key: t.orgKey });
  assert.equal(deleted.status, 200, deleted.raw);
  assert.equal(await count('event_deliveries WHERE endpoint_id = $1', [ep.id]), 0);
  assert.equal(
    await count(
      "event_delivery_attempts WHERE delivery_id LIKE 'evd_%' AND delivery_id NOT IN (SELECT id FROM event_deliveries)",
      [],
    ),
    0,
  );
  // The other endpoint's deliveries stay, and its events go on.
  assert.equal(await count('event_deliveries WHERE endpoint_id = $1', [other.id]), 2);
  const calls = failing.calls();
  await createOrder(h, t.locationIds[0]);
  await eventually(() => assert.equal(kept.got.length, 3));
  await new Promise((r) => setTimeout(r, 500)); // a retry was 200 ms away
  assert.equal(failing.calls(), calls);
});

test('a delivery whose endpoint is gone is deleted by the worker that claims it', async () => {
  const kept = await receiver();
  await subscribe(h, t.orgKey, { url: kept.url, enabled_events: ['order.created'] });
  // What an event written while its endpoint's deletion committed leaves: a delivery to no endpoint.
  const eventId = `evt_${Date.now().toString(36)}orphan${process.pid}`;
  const deliveryId = `evd_${Date.now().toString(36)}orphan${process.pid}`;
  const gone = `whe_gone${process.pid}`;
  await h.db.query(
    `INSERT INTO events (id, type, organization_id, location_id, data, created_at)
     VALUES ($1, 'order.created', $2, NULL, '{"object": {}}', now())`,
    [eventId, t.orgId],
  );
  await h.db.query(
    `INSERT INTO event_deliveries (id, endpoint_id, event_id, queue_key, status, attempts, next_attempt_at,
       created_at, updated_at)
     VALUES ($1, $2, $3, $2 || ':' || $3, 'pending', 0, now(), now(), now())`,
    [deliveryId, gone, eventId],
  );
  await h.db.query(`SELECT pg_notify('${EVENTS_CHANNEL}', '1')`);
  await eventually(async () => assert.equal(await count('event_deliveries WHERE id = $1', [deliveryId]), 0));
  // The worker goes on with the others.
  await createOrder(h, t.locationIds[1]);
  await eventually(() => assert.equal(kept.got.length, 1));
});
