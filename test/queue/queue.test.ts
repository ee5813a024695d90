/**
 * The durable queue module (src/db/queue/) on a table of this test process's own, in one process: the
 * claim's order per key, skipped locks, lease and takeover, the loop's wake-ups, retries as data, metrics
 * and the drain on stop. Its three users have their own tests (test/jobs, test/conversations, test/webhooks).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Registry } from 'prom-client';
import type { Db } from '../../src/db/client.js';
import { claimDue, type QueueTable } from '../../src/db/queue/claim.js';
import { queueMetrics } from '../../src/db/queue/metrics.js';
import { Pump, type PumpSource } from '../../src/db/queue/pump.js';
import { nextRetryMs } from '../../src/db/queue/retry.js';
import { eventually } from '../conversations/_support.js';
import { testDb } from '../helpers/db.js';
import { recordingLog } from '../orders/_acceptance.js';

let db: Db;
// A table of this process's own: test processes share one PostgreSQL database.
const table = `queue_test_${process.pid}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Row {
  id: string;
  key: string;
  seq: number;
  attempts: number;
  lease_owner: string | null;
}

const QUEUE: QueueTable = {
  table,
  open: (a) => `${a}.done = false`,
  dueAt: 'next_attempt_at',
  leaseInDueAt: false,
  key: { column: 'key', order: ['seq', 'id'] },
  clock: 'database',
};

before(async () => {
  db = await testDb();
  await db.query(`CREATE TABLE IF NOT EXISTS ${table} (
    id text PRIMARY KEY, key text NOT NULL, seq int NOT NULL, done boolean NOT NULL DEFAULT false,
    next_attempt_at timestamptz NOT NULL DEFAULT now(), lease_owner text, lease_until timestamptz,
    attempts int NOT NULL DEFAULT 0)`);
});
after(async () => {
  await db.query(`DROP TABLE IF EXISTS ${table}`);
});

let n = 0;
async function add(key: string, count: number, dueInMs = 0): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `q${++n}`;
    await db.query(
      `INSERT INTO ${table} (id, key, seq, next_attempt_at) VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')`,
      [id, key, n, dueInMs],
    );
    ids.push(id);
  }
  return ids;
}
const finish = (id: string) => db.query(`UPDATE ${table} SET done = true, lease_owner = NULL WHERE id = $1`, [id]);
const scope = (key: string) => ({ sql: 'd.key = {p}', params: [key] });
const claim = (owner: string, key: string, limit = 10, leaseMs = 60_000, mine: string[] = []) =>
  claimDue<Row>(db, QUEUE, { owner, leaseMs, limit, mine, where: scope(key) });

test('one key at a time, in order: the next row waits until the one before it is done', async () => {
  const [a1, a2] = await add('a', 2);
  const [b1] = await add('b', 1);
  const both = { sql: 'd.key IN ({p}, {p+1})', params: ['a', 'b'] };
  const first = await claimDue<Row>(db, QUEUE, { owner: 'one', leaseMs: 60_000, limit: 10, mine: [], where: both });
  assert.deepEqual(first.claimed.map((c) => c.row.id).sort(), [a1, b1].sort());
  assert.equal(first.claimed[0].row.attempts, 1);
  assert.equal(first.claimed[0].previousOwner, null);
  assert.equal(first.othersOpen, true, 'a2 waits behind a1');
  const held = await claimDue<Row>(db, QUEUE, {
    owner: 'one',
    leaseMs: 60_000,
    limit: 10,
    mine: [a1, b1],
    where: both,
  });
  assert.deepEqual(held.claimed, [], 'a2 is not due while a1 is open');
  await finish(a1);
  const next = await claim('one', 'a', 10, 60_000, [b1]);
  assert.deepEqual(
    next.claimed.map((c) => c.row.id),
    [a2],
  );
});

test('a lease held by another process is skipped; once it runs out the row is taken over, naming the old owner', async () => {
  const [id] = await add('c', 1);
  const dead = await claim('dead-process', 'c', 1, 150);
  assert.equal(dead.claimed[0].row.id, id);
  const meanwhile = await claim('live-process', 'c');
  assert.deepEqual(meanwhile.claimed, []);
  assert.ok(meanwhile.nextAt, 'it says when the lease ends');
  assert.ok(meanwhile.nextAt.getTime() > Date.now() - 1000);
  await sleep(200);
  const taken = await claim('live-process', 'c');
  assert.equal(taken.claimed[0].row.id, id);
  assert.equal(taken.claimed[0].previousOwner, 'dead-process');
  assert.equal(taken.claimed[0].row.attempts, 2);
  assert.equal(taken.claimed[0].row.lease_owner, 'live-process');
});

test('concurrent claims never hand one row to two owners (FOR UPDATE SKIP LOCKED)', async () => {
  const keys = Array.from({ length: 20 }, (_, i) => `race${i}`);
  for (const k of keys) await add(k, 1);
  const where = { sql: `d.key LIKE 'race%'`, params: [] };
  const rounds = await Promise.all(
    ['p1', 'p2', 'p3', 'p4'].map((owner) =>
      claimDue<Row>(db, QUEUE, { owner, leaseMs: 60_000, limit: 8, mine: [], where }),
    ),
  );
  const ids = rounds.flatMap((r) => r.claimed.map((c) => c.row.id));
  assert.equal(new Set(ids).size, ids.length, 'a row claimed twice');
  // On one connection (PGlite) the claims run one after the other; on PostgreSQL some may skip locked rows.
  const rest = await claimDue<Row>(db, QUEUE, { owner: 'p5', leaseMs: 60_000, limit: 20, mine: [], where });
  assert.equal(ids.length + rest.claimed.length, 20);
});

test('retries as data: the schedule given, jittered, ending or repeating; Retry-After believed', () => {
  const mid = () => 0.5;
  const spent = { delaysMs: [100, 200], repeatLast: false };
  assert.deepEqual(
    [1, 2, 3].map((a) => nextRetryMs(spent, a, undefined, mid)),
    [100, 200, undefined],
  );
  const forever = { delaysMs: [100, 200], repeatLast: true };
  assert.equal(nextRetryMs(forever, 50, undefined, mid), 200);
  assert.equal(
    nextRetryMs(spent, 1, 5_000, () => 0),
    5_000,
  );
  assert.equal(nextRetryMs(spent, 3, 5_000), undefined, 'Retry-After does not extend the budget');
});

function source(key: string, attempt: PumpSource<Row>['attempt'], owner = 'pump'): PumpSource<Row> {
  return {
    name: 'test',
    claim: async (free, mine) => {
      const r = await claim(owner, key, free, 60_000, mine);
      return { ...r, claimed: r.claimed.map((c) => c.row) };
    },
    idOf: (row) => row.id,
    attempt,
  };
}

test('the loop: all of a key in order, a retry woken by its timer, figures by queue', async () => {
  const ids = await add('loop', 3);
  const done: string[] = [];
  let failedOnce = false;
  const registry = new Registry();
  const pump = new Pump<Row>(
    source('loop', async (row) => {
      if (row.id === ids[1] && !failedOnce) {
        failedOnce = true;
        await db.query(
          `UPDATE ${table} SET next_attempt_at = now() + interval '300 milliseconds', lease_owner = NULL, lease_until = NULL WHERE id = $1`,
          [row.id],
        );
        return false;
      }
      done.push(row.id);
      await finish(row.id);
      return true;
    }),
    { concurrency: 4, sweepMs: 60_000, drainMs: 1_000, metrics: queueMetrics(registry, 'test'), log: recordingLog() },
  );
  await pump.start();
  await eventually(async () => (done.length === 3 ? true : undefined), 3_000);
  assert.deepEqual(done, ids, 'in order, the retried one holding back the last');
  await pump.stop();
  const text = await registry.metrics();
  assert.match(text, /queue_claims_total\{queue="test"\} 4/);
  assert.match(text, /queue_attempts_total\{queue="test",ended="no"\} 1/);
  assert.match(text, /queue_attempts_total\{queue="test",ended="yes"\} 3/);
});

test('stop drains: an attempt in flight finishes within drainMs, or its signal is aborted', async () => {
  await add('drain', 1);
  let aborted = false;
  let started = false;
  const pump = new Pump<Row>(
    source('drain', async (_row, signal) => {
      started = true;
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      aborted = signal.aborted;
      return false;
    }),
    { concurrency: 1, sweepMs: 60_000, drainMs: 200, log: recordingLog() },
  );
  await pump.start();
  await eventually(async () => started || undefined, 3_000);
  const t0 = Date.now();
  await pump.stop();
  assert.equal(aborted, true);
  assert.ok(Date.now() - t0 >= 150, 'it waited for the drain first');
  pump.wake();
  assert.equal(pump.busy, 0, 'a stopped pump claims nothing');
});

test('a hand-off: a slot while under half full and nothing else open, counted until launched or given back', async () => {
  // Keys of their own (one key's rows go one at a time), claimed by prefix.
  const ids = [...(await add('handoff-a', 1)), ...(await add('handoff-b', 1))];
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  const pump = new Pump<Row>(
    {
      ...source('handoff', async (row) => {
        started.push(row.id);
        await new Promise<void>((r) => gates.set(row.id, r));
        await finish(row.id);
        return true;
      }),
      claim: async (free, mine) => {
        const where = { sql: 'd.key LIKE {p}', params: ['handoff-%'] };
        const r = await claimDue<Row>(db, QUEUE, { owner: 'pump', leaseMs: 60_000, limit: free, mine, where });
        return { ...r, claimed: r.claimed.map((c) => c.row) };
      },
    },
    { concurrency: 4, sweepMs: 60_000, drainMs: 1_000, log: recordingLog() },
  );
  // Before the first claim has looked, other items may be open: no hand-off yet.
  assert.equal(pump.reserve(), null);
  await pump.start();
  await eventually(async () => (started.length === 2 ? true : undefined), 3_000);
  assert.equal(pump.reserve(), null, 'half the slots taken');
  gates.get(ids[0])?.();
  await eventually(async () => (pump.busy === 1 ? true : undefined), 3_000);
  await sleep(100); // the claim its end started has found nothing else open
  const slot = pump.reserve();
  assert.ok(slot, 'under half full, nothing else open');
  assert.equal(pump.reserve(), null, 'with the reserved one, half the slots are taken');
  slot.launch({ id: 'handed', key: 'handoff-own', seq: 0, attempts: 1, lease_owner: 'me' });
  slot.release(); // after a launch: nothing
  await eventually(async () => (started.includes('handed') ? true : undefined), 3_000);
  assert.equal(pump.busy, 2);
  gates.get('handed')?.();
  await eventually(async () => (pump.busy === 1 ? true : undefined), 3_000);
  await sleep(100);
  // Given back, the slot is free again.
  const again = pump.reserve();
  assert.ok(again);
  again.release();
  // A key with a row waiting behind its head: the claim saw it open, so no hand-off while it waits.
  const [head, behind] = await add('handoff-c', 2);
  pump.wake();
  await eventually(async () => (started.includes(head) ? true : undefined), 3_000);
  await sleep(100);
  assert.equal(pump.reserve(), null, 'another item is waiting');
  gates.get(head)?.();
  await eventually(async () => (started.includes(behind) ? true : undefined), 3_000);
  gates.get(behind)?.();
  gates.get(ids[1])?.();
  await pump.stop();
});

test('linger: near full under a backlog, a freed slot waits for a second one, or a moment', async () => {
  const ids: string[] = [];
  for (let i = 0; i < 12; i++) ids.push(...(await add(`linger-${i}`, 1)));
  const started: Array<{ id: string; at: number }> = [];
  const gates = new Map<string, () => void>();
  let claims = 0;
  const pump = new Pump<Row>(
    {
      ...source('linger', async (row) => {
        started.push({ id: row.id, at: Date.now() });
        await new Promise<void>((r) => gates.set(row.id, r));
        await finish(row.id);
        return true;
      }),
      claim: async (free, mine) => {
        claims++;
        const where = { sql: 'd.key LIKE {p}', params: ['linger-%'] };
        const r = await claimDue<Row>(db, QUEUE, { owner: 'pump', leaseMs: 60_000, limit: free, mine, where });
        return { ...r, claimed: r.claimed.map((c) => c.row) };
      },
    },
    // Eight slots: two of them may wait.
    { concurrency: 8, linger: { slots: 2, ms: 400 }, sweepMs: 60_000, drainMs: 1_000, log: recordingLog() },
  );
  await pump.start();
  await eventually(async () => (started.length === 8 ? true : undefined), 3_000);
  const before = claims;
  const freedAt = Date.now();
  gates.get(ids[0])?.();
  await sleep(200);
  assert.equal(started.length, 8, 'one slot free, three waiting: no claim yet');
  assert.equal(claims, before);
  const ninth = await eventually(async () => started[8], 3_000);
  assert.ok(ninth.at - freedAt >= 350, `claimed ${ninth.at - freedAt} ms after the slot was freed, on the timer`);
  // Two freed together: claimed at once, both.
  const t0 = Date.now();
  gates.get(ids[1])?.();
  gates.get(ids[2])?.();
  await eventually(async () => (started.length === 11 ? true : undefined), 3_000);
  assert.ok(Date.now() - t0 < 350, 'two free slots are claimed without waiting');
  for (const id of ids) gates.get(id)?.();
  await eventually(async () => (started.length === 12 ? true : undefined), 3_000);
  for (const id of ids) gates.get(id)?.();
  await pump.stop();
});
