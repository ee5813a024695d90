/**
 * The partitioned claim (src/db/queue/claim.ts) on a table of this test process's own: each partition up
 * to its room, a full partition skipped, every partition served in turn, a key's order kept inside one, and
 * the next due time from partitions with room only (a full one's due rows must not wake the loop at once).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Db } from '../../src/db/client.js';
import { type ClaimArgs, claimDue, type QueueTable } from '../../src/db/queue/claim.js';
import { testDb } from '../helpers/db.js';

let db: Db;
const table = `queue_part_test_${process.pid}`;

const QUEUE: QueueTable = {
  table,
  open: (a) => `${a}.status IN ('pending', 'delivering')`,
  dueAt: 'next_attempt_at',
  leaseInDueAt: true,
  key: { column: 'key', order: ['seq'] },
  partition: 'part',
  onClaim: `status = 'delivering', next_attempt_at = {now} + $2 * interval '1 millisecond'`,
  clock: 'database',
};

interface Row {
  id: string;
  part: string;
  key: string;
}

before(async () => {
  db = await testDb();
  await db.query(`CREATE TABLE IF NOT EXISTS ${table} (
    id text PRIMARY KEY, part text NOT NULL, key text NOT NULL, seq serial, status text NOT NULL DEFAULT 'pending',
    next_attempt_at timestamptz NOT NULL DEFAULT now(), lease_owner text, lease_until timestamptz,
    attempts int NOT NULL DEFAULT 0)`);
  await db.query(`CREATE INDEX IF NOT EXISTS ${table}_open ON ${table} (part, next_attempt_at)
    WHERE status IN ('pending', 'delivering')`);
});
after(async () => {
  await db.query(`DROP TABLE IF EXISTS ${table}`);
});

let n = 0;
async function add(part: string, count: number, opts: { key?: string; dueInMs?: number } = {}) {
  for (let i = 0; i < count; i++) {
    await db.query(
      `INSERT INTO ${table} (id, part, key, next_attempt_at) VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')`,
      [`r${++n}`, part, opts.key ?? `k${n}`, opts.dueInMs ?? 0],
    );
  }
}

const reset = () => db.query(`DELETE FROM ${table}`);
const claim = (limit: number, shares: NonNullable<ClaimArgs['shares']>) =>
  claimDue<Row>(db, QUEUE, { owner: 'me', leaseMs: 60_000, limit, mine: [], shares });
const byPart = (rows: { row: Row }[]) => {
  const counts: Record<string, number> = {};
  for (const { row } of rows) counts[row.part] = (counts[row.part] ?? 0) + 1;
  return counts;
};

test('each partition up to its room: a full one is skipped, however many of its rows are due', async () => {
  await reset();
  await add('a', 20);
  await add('b', 3);
  await add('c', 3);
  const round = await claim(100, { each: 2, used: new Map([['c', 1]]), after: null });
  assert.deepEqual(byPart(round.claimed), { a: 2, b: 2, c: 1 });
  // Partition a is full now, b and c too: their due rows do not make the next claim due at once.
  const used = new Map([
    ['a', 2],
    ['b', 2],
    ['c', 2],
  ]);
  const next = await claim(100, { each: 2, used, after: null });
  assert.equal(next.claimed.length, 0);
  assert.equal(next.nextAt, null);
  // Nor do they count as others open: a full partition is looked at again when one of its own rows ends
  // (the caller's wake-up), not at every attempt's end.
  assert.equal(next.othersOpen, false);
});

test('a limit smaller than the partitions: the next claim starts after the last one reached', async () => {
  await reset();
  for (const p of ['p1', 'p2', 'p3', 'p4']) await add(p, 5);
  const first = await claim(2, { each: 1, used: new Map(), after: null });
  assert.deepEqual(byPart(first.claimed), { p1: 1, p2: 1 });
  const second = await claim(2, { each: 1, used: new Map(), after: 'p2' });
  assert.deepEqual(byPart(second.claimed), { p3: 1, p4: 1 });
  // Past the last partition it wraps around to the first.
  const third = await claim(3, { each: 1, used: new Map(), after: 'p3' });
  assert.deepEqual(byPart(third.claimed), { p4: 1, p1: 1, p2: 1 });
});

test('inside a partition a key goes one row at a time; a row not due yet sets when to look again', async () => {
  await reset();
  await add('a', 3, { key: 'order-1' });
  await add('b', 1, { dueInMs: 5_000 });
  const round = await claim(10, { each: 5, used: new Map(), after: null });
  assert.deepEqual(
    round.claimed.map((c) => c.row.key),
    ['order-1'],
  );
  // The key's next rows wait for the first; b's row is the next one due.
  const wait = (round.nextAt?.getTime() ?? 0) - Date.now();
  assert.ok(wait > 3_000 && wait <= 5_000, `next claim in ${wait} ms`);
  // They are due, though: the first one's end must claim again (others open), not wait for b's time.
  assert.equal(round.othersOpen, true);
  // With only b's row left, due later, nothing is open now: the timer is enough.
  await db.query(`DELETE FROM ${table} WHERE part = 'a'`);
  const rest = await claim(10, { each: 5, used: new Map(), after: null });
  assert.equal(rest.claimed.length, 0);
  assert.equal(rest.othersOpen, false);
});

test('`columns` and `once`: the named columns only, and a shared value once per group on its first row', async () => {
  await reset();
  await add('a', 3);
  await add('b', 2);
  const shaped: QueueTable = {
    ...QUEUE,
    columns: ['id', 'part', 'key'],
    once: [
      { by: 'part', columns: { label: `'part ' || claimed.part` } },
      { by: 'key', columns: { keyed: `'key ' || claimed.key` } },
    ],
  };
  const round = await claimDue<Row & { label: string | null; keyed: string | null; status?: string }>(db, shaped, {
    owner: 'me',
    leaseMs: 60_000,
    limit: 10,
    mine: [],
    shares: { each: 10, used: new Map(), after: null },
  });
  assert.equal(round.claimed.length, 5);
  for (const { row } of round.claimed) assert.equal(row.status, undefined);
  const labels = round.claimed.map(({ row }) => [row.part, row.label] as const).filter(([, label]) => label !== null);
  assert.deepEqual(labels.sort(), [
    ['a', 'part a'],
    ['b', 'part b'],
  ]);
  // Every row has a key of its own here: each carries its own.
  for (const { row } of round.claimed) assert.equal(row.keyed, `key ${row.key}`);
  // Nothing due: the one row of nulls is still no claim.
  const none = await claimDue<Row>(db, shaped, {
    owner: 'me',
    leaseMs: 60_000,
    limit: 10,
    mine: round.claimed.map(({ row }) => row.id),
    shares: { each: 10, used: new Map(), after: null },
  });
  assert.equal(none.claimed.length, 0);
});
