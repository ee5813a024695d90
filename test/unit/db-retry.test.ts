import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Queryable } from '../../src/db/client.js';
import { isTransactionConflict, transactionRetrying } from '../../src/db/retry.js';

const withCode = (code: string) => Object.assign(new Error(`failed: ${code}`), { code });

/** A database whose transactions fail with the given errors first, then run `fn`. */
function failing(...errors: Error[]) {
  let runs = 0;
  return {
    get runs() {
      return runs;
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      runs++;
      const err = errors.shift();
      if (err) throw err;
      return fn({} as Queryable);
    },
  };
}

test('a deadlock victim (40P01) and a serialization failure (40001) are conflicts; nothing else is', () => {
  assert.ok(isTransactionConflict(withCode('40P01')));
  assert.ok(isTransactionConflict(withCode('40001')));
  for (const code of ['23505', '40000', '08006', '57P01', 'ECONNRESET'])
    assert.ok(!isTransactionConflict(withCode(code)), code);
  for (const err of [new Error('x'), null, undefined, '40P01', { code: 40001 }]) assert.ok(!isTransactionConflict(err));
});

test('a transaction that lost to another one runs again, and its result is the second run’s', async () => {
  const db = failing(withCode('40P01'), withCode('40001'));
  assert.equal(await transactionRetrying(db, async () => 'done', { baseDelayMs: 1 }), 'done');
  assert.equal(db.runs, 3);
});

test('at most `attempts` runs: the last conflict is thrown', async () => {
  const db = failing(withCode('40P01'), withCode('40P01'), withCode('40P01'));
  await assert.rejects(
    transactionRetrying(db, async () => 'done', { baseDelayMs: 1 }),
    { code: '40P01' },
  );
  assert.equal(db.runs, 3);
  const once = failing(withCode('40P01'));
  await assert.rejects(
    transactionRetrying(once, async () => 'done', { attempts: 1 }),
    { code: '40P01' },
  );
  assert.equal(once.runs, 1);
});

test('any other failure is thrown at once, the callback’s own included', async () => {
  const unique = failing(withCode('23505'));
  await assert.rejects(
    transactionRetrying(unique, async () => 'done', { baseDelayMs: 1 }),
    { code: '23505' },
  );
  assert.equal(unique.runs, 1);
  const db = failing();
  let calls = 0;
  await assert.rejects(
    transactionRetrying(
      db,
      async () => {
        calls++;
        throw new Error('refused');
      },
      { baseDelayMs: 1 },
    ),
    /refused/,
  );
  assert.equal(calls, 1);
});

test('the pauses between runs grow: about the base, then twice it', async () => {
  const db = failing(withCode('40P01'), withCode('40P01'));
  const t0 = performance.now();
  await transactionRetrying(db, async () => 'done', { baseDelayMs: 40 });
  // 20–60 ms, then 40–120 ms (half the delay plus jitter up to the whole of it).
  assert.ok(performance.now() - t0 >= 55);
});
