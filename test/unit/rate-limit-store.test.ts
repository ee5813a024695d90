/**
 * The counter stores across fixed-window boundaries, driven by the clock argument of `hit`. A store that
 * forgets to start a new window would count the first request of the next minute as the 1001st of the
 * last one; no test of the HTTP surface could see that without waiting a minute.
 *
 * The memory store always runs. The Redis store runs when REDIS_URL is set (CI's second run sets it,
 * and then a Redis that does not answer fails the test); without REDIS_URL it is skipped with the reason.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, test } from 'node:test';
import { LIMIT, memoryStore, type RateLimitStore, redisStore, WINDOW_MS } from '../../src/http/rate-limit-store.js';

// A minute boundary some windows ahead of the real clock: a store that keeps its counters with a
// time-to-live (Redis) keeps them for the whole test, and no real traffic shares these windows.
const W0 = (Math.floor(Date.now() / WINDOW_MS) + 10) * WINDOW_MS;
const seconds = (ms: number) => ms / 1000;

/** `n` hits of one bucket at `now`, in concurrent batches; the counts they got, sorted. */
async function hits(store: RateLimitStore, bucket: string, n: number, now: number): Promise<number[]> {
  const counts: number[] = [];
  for (let sent = 0; sent < n; sent += 100) {
    const batch = Array.from({ length: Math.min(100, n - sent) }, () => store.hit(bucket, now));
    for (const h of await Promise.all(batch)) {
      assert.equal(h.resetAt, seconds(Math.floor(now / WINDOW_MS) * WINDOW_MS + WINDOW_MS));
      counts.push(h.count);
    }
  }
  return counts.sort((a, b) => a - b);
}

/**
 * A Redis store refuses hits until its connection is up (no offline queue, so the server fails open);
 * the first hit is retried until it is counted, for two seconds at most.
 */
async function connected(store: RateLimitStore): Promise<RateLimitStore> {
  for (let i = 0; ; i++) {
    try {
      await store.hit(`test:warm-up:${randomBytes(6).toString('hex')}`, W0);
      return store;
    } catch (err) {
      if (i >= 40) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

function windowTests(name: string, make: () => RateLimitStore, skip: string | false) {
  describe(`${name}: fixed windows`, { skip }, () => {
    let store: RateLimitStore | undefined;
    // Bucket names of this run only, so a shared Redis never mixes runs.
    const run = randomBytes(6).toString('hex');
    const bucket = (b: string) => `test:${run}:${b}`;
    const get = async () => {
      store ??= await connected(make());
      return store;
    };
    after(async () => {
      await store?.close();
    });

    test('constants: 1000 requests per 60-second window', () => {
      assert.equal(LIMIT, 1000);
      assert.equal(WINDOW_MS, 60_000);
    });

    test('a full minute, then the first hit of the next window counts 1', async () => {
      const s = await get();
      const b = bucket('busy');
      const counts = await hits(s, b, LIMIT, W0 + 5_000);
      assert.deepEqual(
        counts,
        Array.from({ length: LIMIT }, (_, i) => i + 1),
      );
      // The last millisecond of the window still counts in it: the 1001st is over the limit.
      const over = await s.hit(b, W0 + WINDOW_MS - 1);
      assert.equal(over.count, LIMIT + 1);
      assert.ok(over.count > LIMIT);
      assert.equal(over.resetAt, seconds(W0 + WINDOW_MS));
      // The boundary itself starts the next window.
      const next = await s.hit(b, W0 + WINDOW_MS);
      assert.equal(next.count, 1, 'the first request of the next minute starts a fresh count');
      assert.equal(next.resetAt, seconds(W0 + 2 * WINDOW_MS));
      assert.equal((await s.hit(b, W0 + WINDOW_MS + 30_000)).count, 2);
    });

    test('resetAt is the end of the window of the hit, in Unix seconds', async () => {
      const s = await get();
      const b = bucket('reset');
      for (const [now, end] of [
        [W0, W0 + WINDOW_MS],
        [W0 + 1, W0 + WINDOW_MS],
        [W0 + 59_999, W0 + WINDOW_MS],
        [W0 + 60_000, W0 + 2 * WINDOW_MS],
        [W0 + 119_999, W0 + 2 * WINDOW_MS],
        [W0 + 180_500, W0 + 4 * WINDOW_MS],
      ]) {
        const h = await s.hit(b, now);
        assert.equal(h.resetAt, seconds(end), `at W0+${now - W0} ms`);
        assert.ok(Number.isInteger(h.resetAt));
      }
    });

    test('a window that is skipped entirely does not carry the count over', async () => {
      const s = await get();
      const b = bucket('skip');
      await hits(s, b, 700, W0 + 1_000);
      assert.equal((await s.hit(b, W0 + 3 * WINDOW_MS + 10)).count, 1);
    });

    test('buckets are independent, within a window and across its boundary', async () => {
      const s = await get();
      const [a, c, fresh] = [bucket('a'), bucket('c'), bucket('fresh')];
      await hits(s, a, LIMIT, W0 + 20_000);
      await hits(s, c, 3, W0 + 20_000);
      assert.equal((await s.hit(a, W0 + 20_001)).count, LIMIT + 1);
      assert.equal((await s.hit(c, W0 + 20_001)).count, 4, 'another bucket keeps its own count');
      assert.equal((await s.hit(fresh, W0 + 20_001)).count, 1);
      // Next window: every bucket starts again, whichever is hit first.
      assert.equal((await s.hit(c, W0 + WINDOW_MS + 5)).count, 1);
      assert.equal((await s.hit(a, W0 + WINDOW_MS + 6)).count, 1);
      assert.equal((await s.hit(a, W0 + WINDOW_MS + 7)).count, 2);
      assert.equal((await s.hit(c, W0 + WINDOW_MS + 8)).count, 2);
    });

    test('many busy windows in a row: each counts from 1 to 1001', async () => {
      const s = await get();
      const b = bucket('rows');
      for (let w = 20; w < 23; w++) {
        const start = W0 + w * WINDOW_MS;
        const counts = await hits(s, b, LIMIT + 1, start + 59_000);
        assert.equal(counts[0], 1, `window ${w}`);
        assert.equal(counts.at(-1), LIMIT + 1, `window ${w}`);
      }
    });
  });
}

windowTests('memoryStore', memoryStore, false);
windowTests(
  'redisStore',
  () => redisStore(process.env.REDIS_URL as string),
  process.env.REDIS_URL ? false : 'REDIS_URL is not set: the Redis store is tested on the run that sets it',
);
