/**
 * A slow endpoint never takes more than its share of a worker's slots, however many of its deliveries
 * are due at once: the others' events go out while it hangs (src/db/queue/claim.ts, partitioned).
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { parseAllowList } from '../../src/lib/outbound-url.js';
import { EventWorker } from '../../src/webhooks/events/worker.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { createOrder } from '../orders/_support.js';
import { type EventsHarness, eventsHarness, eventually, fakeLookup, receiver, subscribe } from './_support.js';

let h: EventsHarness;
let t: Tenant;
// Requests the hanging receiver holds (answered when the test ends).
const held: Array<() => void> = [];
let hanging: { url: string; close(): Promise<void> };

before(async () => {
  h = await eventsHarness({ deliver: false }); // the deliveries wait for the worker the test starts
  t = await newTenant(h);
  const server = createServer((req, res) => {
    req.resume();
    held.push(() => res.writeHead(200).end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  hanging = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () =>
      new Promise<void>((r) => {
        for (const answer of held.splice(0)) answer();
        server.close(() => r());
      }),
  };
});

after(() => hanging.close());

test('a hanging endpoint holds its share of the slots only; the other endpoint gets every event', async () => {
  // The hanging endpoint first: its deliveries come first in every order a claim could take them in.
  const slow = await subscribe(h, t.orgKey, { url: hanging.url, enabled_events: ['order.created'] });
  const rx = await receiver();
  const healthy = await subscribe(h, t.orgKey, { url: rx.url, enabled_events: ['order.created'] });
  const orders = [];
  for (let i = 0; i < 8; i++) orders.push(await createOrder(h, t.locationIds[0]));

  const worker = new EventWorker(
    { db: h.db, log: h.app.log },
    {
      allow: parseAllowList('127.0.0.1'),
      lookup: fakeLookup,
      concurrency: 6,
      perEndpoint: 2,
      timeoutMs: 30_000,
    },
  );
  await worker.start();
  try {
    await eventually(() => assert.equal(rx.got.length, 8), 15_000);
    assert.deepEqual(rx.got.map((r) => r.json.data.object.id).sort(), orders.map((o) => o.id).sort());
    // Held by this worker right now: never more than the endpoint's share (other test processes on
    // PostgreSQL run workers of their own on the same queue; their claims are theirs).
    const [mine] = await h.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM event_deliveries WHERE endpoint_id = $1 AND status = 'delivering'
         AND lease_owner = $2`,
      [slow.id, worker.owner],
    );
    assert.ok(mine.n <= 2, `${mine.n} of the hanging endpoint's deliveries in flight here`);
    // The receiver has them; their settles are written in batches just after.
    await eventually(async () => {
      const [done] = await h.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM event_deliveries WHERE endpoint_id = $1 AND status = 'succeeded'`,
        [healthy.id],
      );
      assert.equal(done.n, 8);
    });
  } finally {
    for (const answer of held.splice(0)) answer();
    await worker.stop();
  }
});

test('hand-offs keep the share too: a worker offering its slots leases no more to the hanging endpoint', async () => {
  const t2 = await newTenant(h); // the first test's endpoints get none of these events
  const slow = await subscribe(h, t2.orgKey, { url: hanging.url, enabled_events: ['order.status_changed'] });
  const rx = await receiver();
  await subscribe(h, t2.orgKey, { url: rx.url, enabled_events: ['order.status_changed'] });
  const worker = new EventWorker(
    { db: h.db, log: h.app.log },
    { allow: parseAllowList('127.0.0.1'), lookup: fakeLookup, concurrency: 40, perEndpoint: 2, timeoutMs: 30_000 },
  );
  // Slots to spare: only the share stops a hand-off to the hanging endpoint.
  await worker.start(); // from now on, the events' statements may lease their deliveries to it
  try {
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await createOrder(h, t2.locationIds[0]));
    for (const o of orders) {
      const res = await h.call('PATCH', `/v1/locations/${t2.locationIds[0]}/orders/${o.id}`, {
        key: t2.orgKey,
        body: { status: 'accepted' },
      });
      assert.equal(res.status, 200, res.raw);
    }
    await eventually(() => assert.equal(rx.got.length, 6), 15_000);
    const [mine] = await h.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM event_deliveries WHERE endpoint_id = $1 AND status = 'delivering'
         AND lease_owner = $2`,
      [slow.id, worker.owner],
    );
    assert.ok(mine.n <= 2, `${mine.n} of the hanging endpoint's deliveries in flight here`);
    assert.ok(mine.n >= 1, 'it got its share');
  } finally {
    for (const answer of held.splice(0)) answer();
    await worker.stop();
  }
});
