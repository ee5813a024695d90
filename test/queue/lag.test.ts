/**
 * A queue's lag (src/db/queue/lag.ts), what backpressure reads: how long the oldest due head has waited.
 * A row behind an earlier one of its key, a row waiting for its retry and a row leased elsewhere are not
 * "waiting for a slot" and do not count.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Db } from '../../src/db/client.js';
import type { QueueTable } from '../../src/db/queue/claim.js';
import { queueLagMs } from '../../src/db/queue/lag.js';
import { testDb } from '../helpers/db.js';

let db: Db;
const table = `queue_lag_test_${process.pid}`;
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
    next_attempt_at timestamptz NOT NULL, lease_owner text, lease_until timestamptz)`);
});
after(async () => {
  await db.query(`DROP TABLE IF EXISTS ${table}`);
});

let n = 0;
/** A row due `agoMs` ago (negative: due in the future), optionally leased until `leasedForMs` from now. */
async function add(key: string, agoMs: number, leasedForMs?: number) {
  const id = `l${++n}`;
  await db.query(
    `INSERT INTO ${table} (id, key, seq, next_attempt_at, lease_owner, lease_until)
     VALUES ($1, $2, $3, now() - $4 * interval '1 millisecond', $5, now() + $6 * interval '1 millisecond')`,
    [id, key, n, agoMs, leasedForMs === undefined ? null : 'elsewhere', leasedForMs ?? null],
  );
  return id;
}
const finish = (id: string) => db.query(`UPDATE ${table} SET done = true WHERE id = $1`, [id]);

test('an empty queue, and one whose rows are all waiting for later, has no lag', async () => {
  assert.equal(await queueLagMs(db, QUEUE), 0);
  const later = await add('a', -60_000);
  assert.equal(await queueLagMs(db, QUEUE), 0, 'a retry due in a minute is not behind');
  await finish(later);
});

test('the oldest due head counts; a row behind its key and a leased row do not', async () => {
  const head = await add('k1', 3_000, 30_000); // being worked on elsewhere
  await add('k1', 5_000); // due for longer, but behind `head` in its key
  assert.ok((await queueLagMs(db, QUEUE)) < 1_000, 'nothing waits for a slot');
  const waiting = await add('k2', 2_000);
  const lag = await queueLagMs(db, QUEUE);
  assert.ok(lag >= 2_000 && lag < 4_000, `k2's head has waited about 2 s, got ${lag}`);
  await finish(waiting);
  await finish(head);
  const behind = await queueLagMs(db, QUEUE);
  assert.ok(behind >= 5_000 && behind < 7_000, `k1's second row is its head now, got ${behind}`);
});
