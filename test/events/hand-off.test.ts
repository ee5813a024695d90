/**
 * The hand-off of event deliveries (docs/events.md, "Hand-off"): the statement that records an event
 * leases its deliveries to this process's worker when nothing waits before them, and they start once the
 * transaction commits. First what the statement leases, seen through an offer of the test's own; then the
 * real worker keeping one order's events in order at an endpoint while the first is still in flight.
 *
 * On PostgreSQL the other test files' workers claim any due delivery of the shared table, whatever its
 * organization: a delivery written pending and due is read, or changed, in the transaction that wrote it,
 * before any of them can see it.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { before, test } from 'node:test';
import type { Queryable } from '../../src/db/client.js';
import { offer } from '../../src/db/queue/hand-off.js';
import {
  EVENT_DELIVERIES_QUEUE,
  type EventLease,
  type EventOffer,
  type LeasedDelivery,
  recordEvent,
} from '../../src/domain/events/record.js';
import type { EventRow } from '../../src/domain/events/types.js';
import { ingestOrder } from '../../src/domain/orders/service.js';
import { newTenant } from '../helpers/fixtures.js';
import { createOrder, orderBody, patchStatus } from '../orders/_support.js';
import { type EventsHarness, eventsHarness, eventually, receiver, subscribe } from './_support.js';

let h: EventsHarness;

before(async () => {
  h = await eventsHarness({ deliver: false });
});

/** An offer that records what the statement did with it, with the lease the test wants. */
function recordingOffer(lease: { slots: number; full?: string[] }) {
  const seen: { leased: LeasedDelivery[]; event?: EventRow; ended: boolean[]; takes: number } = {
    leased: [],
    ended: [],
    takes: 0,
  };
  const source: EventOffer = {
    take: (): EventLease => {
      seen.takes++;
      return {
        owner: 'test-owner',
        leaseMs: 60_000,
        slots: lease.slots,
        full: lease.full ?? [],
        leased: (rows, event) => {
          seen.leased.push(...rows);
          seen.event = event;
        },
        end: (committed) => seen.ended.push(committed),
      };
    },
  };
  return { seen, withdraw: offer(h.db, EVENT_DELIVERIES_QUEUE, source) };
}

/** An order ingested in `tx` (as `POST /admin/v1/locations/{id}/orders` does in its own). */
const createOrderIn = (tx: Queryable, locationId: string) => ingestOrder(tx, locationId, orderBody());

const deliveriesOf = (q: Queryable, orderId: string) =>
  q.query<{ endpoint_id: string; status: string; lease_owner: string | null; attempts: number }>(
    `SELECT d.endpoint_id, d.status, d.lease_owner, d.attempts FROM event_deliveries d JOIN events e ON e.id = d.event_id
     WHERE e.data->'object'->>'id' = $1 ORDER BY d.endpoint_id`,
    [orderId],
  );

test('an order event is leased to the worker that offers slots, up to them, never to an endpoint left out', async () => {
  const tenant = await newTenant(h);
  const eps = [];
  for (let i = 0; i < 3; i++) eps.push(await subscribe(h, tenant.orgKey, { url: `https://e${i}.example.com/hook` }));
  const ids = eps.map((e) => e.id).sort();
  const { seen, withdraw } = recordingOffer({ slots: 2, full: [ids[0]] });
  let order: { id: string } = { id: '' };
  let written: Awaited<ReturnType<typeof deliveriesOf>> = [];
  try {
    order = await h.db.transaction(async (tx) => {
      const created = await createOrderIn(tx, tenant.locationIds[0]);
      // What the statement wrote, read before the commit: ids[0]'s delivery, pending and due, is then
      // another process's worker's to claim.
      written = await deliveriesOf(tx, created.id);
      assert.deepEqual(seen.ended, [], 'not told before the commit');
      return created;
    });
  } finally {
    withdraw();
  }
  assert.equal(seen.takes, 1);
  assert.deepEqual(seen.ended, [true], 'told once, after the commit');
  // The endpoint left out waits for a claim; the other two fill the two slots.
  assert.deepEqual(
    seen.leased.map((l) => l.endpoint_id),
    [ids[1], ids[2]],
  );
  for (const l of seen.leased) {
    const ep: { url?: unknown; secret: string } | undefined = eps.find((e) => e.id === l.endpoint_id);
    assert.equal(l.url, ep?.url);
    assert.equal(l.secret, ep?.secret, 'what the attempt signs with comes with the lease');
  }
  assert.equal(seen.event?.type, 'order.created');
  assert.equal((seen.event?.data.object as { id: string } | undefined)?.id, order.id);
  assert.deepEqual(
    written.map((d) => [d.endpoint_id, d.status, d.lease_owner, d.attempts]),
    [
      [ids[0], 'pending', null, 0],
      [ids[1], 'delivering', 'test-owner', 1],
      [ids[2], 'delivering', 'test-owner', 1],
    ],
  );
});

test('nothing is leased behind an open delivery of the key, nor to an endpoint with one pending', async () => {
  const tenant = await newTenant(h);
  const a = await subscribe(h, tenant.orgKey, { url: 'https://a.example.com/hook' });
  const b = await subscribe(h, tenant.orgKey, { url: 'https://b.example.com/hook' });
  const first = recordingOffer({ slots: 10, full: [b.id] });
  let order: { id: string } = { id: '' };
  try {
    order = await createOrder(h, tenant.locationIds[0]); // a: leased (in flight); b: pending
  } finally {
    first.withdraw();
  }
  assert.deepEqual(
    first.seen.leased.map((l) => l.endpoint_id),
    [a.id],
  );
  // The order's next event: a's delivery waits behind the one in flight, b's behind the pending one.
  // Another order's event then: a and b both have a delivery pending, which came first; none is leased.
  const second = recordingOffer({ slots: 10 });
  try {
    const moved = await patchStatus(h, tenant.orgKey, tenant.locationIds[0], order.id, { status: 'accepted' });
    assert.equal(moved.status, 200, moved.raw);
    assert.deepEqual(second.seen.leased, []);
    // Read before the commit: pending and due, they are then another process's worker's to claim.
    const statuses = await h.db.transaction(async (tx) => {
      const other = await createOrderIn(tx, tenant.locationIds[0]);
      return (await deliveriesOf(tx, other.id)).map((d) => d.status);
    });
    assert.deepEqual(second.seen.leased, []);
    assert.deepEqual(statuses, ['pending', 'pending']);
  } finally {
    second.withdraw();
  }
  assert.deepEqual(second.seen.ended, [true, true]);
});

test('a transaction that fails is told so; nothing it leased exists', async () => {
  const tenant = await newTenant(h);
  await subscribe(h, tenant.orgKey, { url: 'https://c.example.com/hook' });
  const { seen, withdraw } = recordingOffer({ slots: 4 });
  let eventId = '';
  try {
    await assert.rejects(
      h.db.transaction(async (tx) => {
        eventId = await recordEvent(tx, {
          type: 'order.created',
          organizationId: tenant.orgId,
          locationId: tenant.locationIds[0],
          subjectLocked: true,
          subjectId: 'ord_rolled_back',
          data: { object: { id: 'ord_rolled_back' } },
        });
        throw new Error('the change failed after its event');
      }),
      /the change failed/,
    );
  } finally {
    withdraw();
  }
  assert.equal(seen.leased.length, 1, 'the statement leased it');
  assert.deepEqual(seen.ended, [false]);
  assert.deepEqual(await h.db.query('SELECT id FROM event_deliveries WHERE event_id = $1', [eventId]), []);
});

test('a delivery behind a retry of its key is due no sooner than that retry', async () => {
  const tenant = await newTenant(h);
  const ep = await subscribe(h, tenant.orgKey, { url: 'https://d.example.com/hook' });
  const order = await h.db.transaction(async (tx) => {
    const created = await createOrderIn(tx, tenant.locationIds[0]);
    // The first delivery failed and waits for its retry an hour away: made so in the transaction that
    // wrote it, so it is never seen due (committed due, another process's worker could claim it first).
    const waiting = await tx.query(
      `UPDATE event_deliveries SET next_attempt_at = now() + interval '1 hour', attempts = 1
       WHERE endpoint_id = $1 AND status = 'pending' RETURNING id`,
      [ep.id],
    );
    assert.equal(waiting.length, 1);
    return created;
  });
  const moved = await patchStatus(h, tenant.orgKey, tenant.locationIds[0], order.id, { status: 'accepted' });
  assert.equal(moved.status, 200, moved.raw);
  const rows = await h.db.query<{ seq: string; next_attempt_at: Date }>(
    'SELECT seq, next_attempt_at FROM event_deliveries WHERE endpoint_id = $1 ORDER BY seq',
    [ep.id],
  );
  assert.equal(rows.length, 2);
  assert.equal(new Date(rows[1].next_attempt_at).getTime(), new Date(rows[0].next_attempt_at).getTime());
});

/** A receiver that holds its first request open until `release`; it keeps what each request carried. */
async function holdingFirst() {
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const got: string[] = [];
  let first = true;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      got.push(`${body.type}:${body.data.object.status}`);
      if (first) {
        first = false;
        await gate;
      }
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, got, release: () => release(), close: () => server.close() };
}

test('the worker: an order event in flight holds the next one of the order back; they arrive in order', async () => {
  // With its worker, which offers its slots; no sweep within the test: once the first delivery ends, a
  // claim takes the second because the claims knew it waited (others open) and the settle said so.
  const w = await eventsHarness({ sweepMs: 60_000 });
  const tenant = await newTenant(w);
  const held = await holdingFirst();
  const rx = await receiver();
  try {
    const holding = await subscribe(w, tenant.orgKey, { url: held.url });
    await subscribe(w, tenant.orgKey, { url: rx.url });
    const created = await createOrder(w, tenant.locationIds[0]);
    await eventually(() => assert.equal(held.got.length, 1));
    const moved = await patchStatus(w, tenant.orgKey, tenant.locationIds[0], created.id, { status: 'accepted' });
    assert.equal(moved.status, 200, moved.raw);
    // The quick endpoint has both; the held one only the first, the second waits behind it.
    await eventually(() => assert.equal(rx.got.length, 2));
    const [behind] = await w.db.query<{ status: string }>(
      `SELECT d.status FROM event_deliveries d JOIN events e ON e.id = d.event_id
       WHERE d.endpoint_id = $1 AND e.type = 'order.status_changed' AND e.data->'object'->>'id' = $2`,
      [holding.id, created.id],
    );
    assert.equal(behind.status, 'pending');
    assert.deepEqual(held.got, ['order.created:received']);
    held.release();
    await eventually(() => assert.deepEqual(held.got, ['order.created:received', 'order.status_changed:accepted']));
  } finally {
    held.release();
    held.close();
  }
});
