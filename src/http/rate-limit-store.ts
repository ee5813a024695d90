import { Redis } from 'ioredis';

export const WINDOW_MS = 60_000;
export const LIMIT = 1000;

export interface Hit {
  count: number;
  /** Unix seconds at which the window resets. */
  resetAt: number;
}

/** Counts requests per bucket in fixed windows aligned on the minute. */
export interface RateLimitStore {
  hit(bucket: string, now?: number): Promise<Hit>;
  close(): Promise<void>;
}

const windowOf = (now: number) => Math.floor(now / WINDOW_MS) * WINDOW_MS;

export function memoryStore(): RateLimitStore {
  const counts = new Map<string, number>();
  let currentWindow = 0;
  return {
    async hit(bucket, now = Date.now()) {
      const start = windowOf(now);
      // Only the current window is ever read, so older counters can go at once.
      if (start !== currentWindow) {
        counts.clear();
        currentWindow = start;
      }
      const count = (counts.get(bucket) ?? 0) + 1;
      counts.set(bucket, count);
      return { count, resetAt: (start + WINDOW_MS) / 1000 };
    },
    async close() {},
  };
}

export function redisStore(url: string): RateLimitStore {
  // No offline queue: when Redis is unreachable a hit fails at once and the caller fails open.
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on('error', () => {});
  return {
    async hit(bucket, now = Date.now()) {
      const start = windowOf(now);
      const key = `ratelimit:${bucket}:${start}`;
      const result = await redis
        .multi()
        .incr(key)
        .pexpire(key, WINDOW_MS * 2)
        .exec();
      const count = Number(result?.[0]?.[1] ?? 0);
      return { count, resetAt: (start + WINDOW_MS) / 1000 };
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** Waits until a Redis store has connected, so the first requests are counted in Redis. */
export async function waitForRedis(url: string, timeoutMs = 5000): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: timeoutMs });
  try {
    await redis.connect();
    await redis.ping();
  } finally {
    redis.disconnect();
  }
}
