/** The queues' group commit (src/db/queue/batch.ts): what arrives during a flush goes out together next. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Batcher } from '../../src/db/queue/batch.js';

function recorder(fail?: (items: number[]) => boolean) {
  const flushes: number[][] = [];
  let release: () => void = () => {};
  const gate = () =>
    new Promise<void>((r) => {
      release = r;
    });
  let held: Promise<void> | undefined;
  const batcher = new Batcher<number, string>(async (items) => {
    flushes.push(items);
    if (held) await held;
    if (fail?.(items)) throw new Error(`flush of ${items} failed`);
    return items.map((i) => `done ${i}`);
  }, 3);
  return {
    batcher,
    flushes,
    hold: () => {
      held = gate();
    },
    open: () => {
      held = undefined;
      release();
    },
  };
}

test('items handed in together go out in one flush, each with its own result', async () => {
  const r = recorder();
  const results = await Promise.all([1, 2].map((i) => r.batcher.add(i)));
  assert.deepEqual(results, ['done 1', 'done 2']);
  assert.deepEqual(r.flushes, [[1, 2]]);
});

test('what arrives while a flush runs goes out in the next one, up to the largest batch', async () => {
  const r = recorder();
  r.hold();
  const first = r.batcher.add(1);
  await new Promise((res) => setImmediate(res));
  const later = [2, 3, 4, 5].map((i) => r.batcher.add(i));
  r.open();
  assert.deepEqual(await Promise.all([first, ...later]), ['done 1', 'done 2', 'done 3', 'done 4', 'done 5']);
  assert.deepEqual(r.flushes, [[1], [2, 3, 4], [5]]);
});

test('a failed flush fails its own items only; the batcher goes on', async () => {
  const r = recorder((items) => items.includes(2));
  r.hold();
  const first = r.batcher.add(1);
  await new Promise((res) => setImmediate(res));
  const failing = r.batcher.add(2);
  r.open();
  assert.equal(await first, 'done 1');
  await assert.rejects(failing, /flush of 2 failed/);
  assert.equal(await r.batcher.add(3), 'done 3');
});

test('an item alone goes out alone: nothing waits for company', async () => {
  const r = recorder();
  assert.equal(await r.batcher.add(7), 'done 7');
  assert.deepEqual(r.flushes, [[7]]);
});
