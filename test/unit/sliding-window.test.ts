/**
 * Flood control's sliding-window budgets in the rate-limit stores, driven by the clock argument of `take`.
 * The memory store always runs; the Redis store when REDIS_URL is set (skipped with the reason otherwise).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, test } from 'node:test';
import { memoryStore, type RateLimitStore, redisStore } from '../../src/http/rate-limit-store.js';

const W = 10_000;
// Windows some way ahead of the real clock: no real traffic shares them, and Redis keeps them long enough.
const W0 = (Math.floor(Date.now() / W) + 10) * W;
const bucket = () => `test:sliding:${randomBytes(6).toString('hex')}`;

/** A Redis store refuses work until its first connection attempt is over: wait for it. */
async function ready(store: RateLimitStore) {
  await store.ready?.();
  return store;
}

function slidingTests(name: string, make: () => RateLimitStore, skip: string | false) {
  describe(`${name}: sliding windows`, { skip }, () => {
    let store: RateLimitStore | undefined;
    const open = async () => {
      store ??= await ready(make());
      return store;
    };
    after(async () => store?.close());

    test('the limit within a window; the previous window counts by how much of it still overlaps', async () => {
      const s = await open();
      const b = [{ bucket: bucket(), limit: 5 }];
      const refusals = [];
      for (let i = 0; i < 7; i++) refusals.push((await s.take(b, W, W0 + 100)).refused);
      assert.deepEqual(refusals, [-1, -1, -1, -1, -1, 0, 0]);
      // The next window's start: the previous one still counts whole.
      assert.equal((await s.take(b, W, W0 + W)).refused, 0);
      // Half way: 5 × 0.5 = 2.5, so two more fit (3.5, 4.5) and the third would be 5.5.
      const half = [];
      for (let i = 0; i < 3; i++) half.push(await s.take(b, W, W0 + W + W / 2));
      assert.deepEqual(
        half.map((t) => t.refused),
        [-1, -1, 0],
      );
      assert.equal(half[1].counts[0], 4.5);
      assert.equal(half[0].resetAt, (W0 + 2 * W) / 1000);
      // Two windows on, nothing counts any more.
      assert.equal((await s.take(b, W, W0 + 3 * W)).counts[0], 1);
    });

    test('all or none: a budget without room leaves the others untouched', async () => {
      const s = await open();
      const wide = { bucket: bucket(), limit: 10 };
      const narrow = { bucket: bucket(), limit: 1 };
      assert.equal((await s.take([wide, narrow], W, W0)).refused, -1);
      const refused = await s.take([wide, narrow], W, W0);
      assert.equal(refused.refused, 1);
      assert.deepEqual(refused.counts, [1, 1]);
      assert.equal((await s.take([wide], W, W0)).counts[0], 2);
    });

    test('concurrent takes never go past the limit', async () => {
      const s = await open();
      const b = [{ bucket: bucket(), limit: 20 }];
      const all = await Promise.all(Array.from({ length: 60 }, () => s.take(b, W, W0)));
      assert.equal(all.filter((t) => t.refused === -1).length, 20);
    });

    test('once: the first call within the time-to-live only', async () => {
      const s = await open();
      const b = bucket();
      const now = Date.now();
      assert.equal(await s.once(b, 300, now), true);
      assert.equal(await s.once(b, 300, now + 10), false);
      await new Promise((r) => setTimeout(r, 350));
      assert.equal(await s.once(b, 300, Date.now()), true);
    });
  });
}

slidingTests('memory store', memoryStore, false);
const url = process.env.REDIS_URL;
slidingTests('Redis store', () => redisStore(url as string), url ? false : 'REDIS_URL is not set');
