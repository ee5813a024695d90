/**
 * A transaction's end hooks (`Queryable.txn.onEnd`, src/db/client.ts), on which every hand-off starts
 * what a statement leased (src/db/queue/hand-off.ts): they hear true only once the transaction committed
 * — its rows are visible by then — and false when it failed, however it failed: the callback threw, or a
 * statement's error was caught and the callback went on (the COMMIT is then a ROLLBACK). A hook that
 * throws leaves the transaction's outcome as it was. Both drivers (the suite's database).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { Db } from '../../src/db/client.js';
import { testDb } from '../helpers/db.js';

let db: Db;
const table = `txn_end_${randomBytes(4).toString('hex')}`;

before(async () => {
  db = await testDb();
  await db.query(`CREATE TABLE ${table} (id text PRIMARY KEY)`);
});
after(() => db.query(`DROP TABLE ${table}`));

const count = async (id: string) =>
  Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE id = $1`, [id]))[0].n);

test('a committed transaction: the hook hears true, and its rows are visible by then', async () => {
  const heard: Array<[boolean, number]> = [];
  const hooks: Promise<void>[] = [];
  await db.transaction(async (tx) => {
    assert.ok(tx.txn, 'a transaction carries its end');
    await tx.query(`INSERT INTO ${table} (id) VALUES ('a')`);
    tx.txn.onEnd((committed) => {
      hooks.push(count('a').then((n) => void heard.push([committed, n])));
    });
  });
  await Promise.all(hooks);
  assert.deepEqual(heard, [[true, 1]]);
});

test('a callback that throws: the hook hears false, nothing was stored', async () => {
  const heard: boolean[] = [];
  await assert.rejects(
    db.transaction(async (tx) => {
      await tx.query(`INSERT INTO ${table} (id) VALUES ('b')`);
      tx.txn?.onEnd((committed) => heard.push(committed));
      throw new Error('no');
    }),
    /no/,
  );
  assert.deepEqual(heard, [false]);
  assert.equal(await count('b'), 0);
});

test("a statement's error caught and the callback going on: the hook hears false, nothing was stored", async () => {
  const heard: boolean[] = [];
  await db.transaction(async (tx) => {
    await tx.query(`INSERT INTO ${table} (id) VALUES ('c')`);
    tx.txn?.onEnd((committed) => heard.push(committed));
    await tx.query(`INSERT INTO ${table} (id) VALUES ('c')`).catch(() => undefined); // a duplicate key
  });
  assert.deepEqual(heard, [false]);
  assert.equal(await count('c'), 0);
});

test('a hook that throws is reported as a warning; the others run and the transaction stands', async () => {
  const warnings: Error[] = [];
  const onWarning = (w: Error) => warnings.push(w);
  process.on('warning', onWarning);
  const heard: boolean[] = [];
  try {
    const out = await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO ${table} (id) VALUES ('d')`);
      tx.txn?.onEnd(() => {
        throw new Error('hook bug');
      });
      tx.txn?.onEnd((committed) => heard.push(committed));
      return 'kept';
    });
    assert.equal(out, 'kept');
    await new Promise((r) => setImmediate(r)); // warnings are emitted on the next tick
  } finally {
    process.off('warning', onWarning);
  }
  assert.deepEqual(heard, [true]);
  assert.equal(await count('d'), 1);
  assert.ok(warnings.some((w) => w.message === 'hook bug'));
});
