import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import {
  type Budget,
  memorySlidingCounter,
  previousWeight,
  type SlidingCounter,
  type Taken,
  windowStart,
} from '../lib/sliding-window.js';

export const WINDOW_MS = 60_000;
export const LIMIT = 1000;

export interface Hit {
  count: number;
  /** Unix seconds at which the window resets. */
  resetAt: number;
}

/** Where a Redis-backed store counts now: in Redis, or in this process's memory while Redis is away. */
export type StoreState = 'redis' | 'memory_fallback';

export interface StoreStatus {
  state: StoreState;
  /** When the store entered this state. */
  since: Date;
  /** Redis operations that failed so far: commands and connection attempts. */
  failures: number;
  /** The message of the latest failure, for the log. */
  lastError?: string;
}

/**
 * Counts requests per bucket in fixed windows aligned on the minute (the API's limits), and holds the
 * sliding-window budgets of flood control (src/domain/conversations/flood.ts) in the same place.
 */
export interface RateLimitStore extends SlidingCounter {
  hit(bucket: string, now?: number): Promise<Hit>;
  close(): Promise<void>;
  /** Only stores backed by Redis have a state; a memory store is always in memory. */
  status?(): StoreStatus;
  /** Calls fn on each change of state, and at once if the store is already in fallback. */
  onChange?(fn: (status: StoreStatus) => void): void;
  /** Resolves when the first connection attempt is over, connected or not (within about a second). */
  ready?(): Promise<void>;
}

const windowOf = (now: number) => Math.floor(now / WINDOW_MS) * WINDOW_MS;

export function memoryStore(): RateLimitStore {
  const counts = new Map<string, number>();
  let currentWindow = 0;
  const sliding = memorySlidingCounter();
  return {
    take: sliding.take,
    once: sliding.once,
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

/** Bounds on talking to Redis: no request waits longer than COMMAND_TIMEOUT_MS for its counter. */
const COMMAND_TIMEOUT_MS = 500;
const FIRST_CONNECT_MS = 1000;
const PROBE_INTERVAL_MS = 1000;

async function redisHit(redis: Redis, bucket: string, now: number): Promise<Hit> {
  const start = windowOf(now);
  const key = `ratelimit:${bucket}:${start}`;
  const result = await redis
    .multi()
    .incr(key)
    .pexpire(key, WINDOW_MS * 2)
    .exec();
  const failed = result?.find(([err]) => err)?.[0];
  if (!result || failed) throw failed ?? new Error('Redis transaction aborted');
  return { count: Number(result[0][1]), resetAt: (start + WINDOW_MS) / 1000 };
}

/**
 * Every budget's previous and current counts are read, and the current ones moved only when each has
 * room, in one script: two processes never both take the last place.
 * KEYS: per budget its current then previous window's key. ARGV: the previous window's weight, the
 * keys' lifetime in ms, then each budget's limit.
 */
const TAKE_SCRIPT = `
local n = #KEYS / 2
local weight = tonumber(ARGV[1])
local counts = {}
local refused = 0
for i = 1, n do
  local current = tonumber(redis.call('GET', KEYS[2 * i - 1]) or '0')
  local previous = tonumber(redis.call('GET', KEYS[2 * i]) or '0')
  counts[i] = tostring(previous * weight + current)
  if refused == 0 and previous * weight + current + 1 > tonumber(ARGV[2 + i]) then refused = i end
end
if refused == 0 then
  for i = 1, n do
    redis.call('INCR', KEYS[2 * i - 1])
    redis.call('PEXPIRE', KEYS[2 * i - 1], ARGV[2])
    counts[i] = tostring(tonumber(counts[i]) + 1)
  end
end
return { refused, counts }`;

async function redisTake(redis: Redis, budgets: readonly Budget[], windowMs: number, now: number): Promise<Taken> {
  const start = windowStart(now, windowMs);
  const keys = budgets.flatMap((b) => [
    `sliding:${b.bucket}:${windowMs}:${start}`,
    `sliding:${b.bucket}:${windowMs}:${start - windowMs}`,
  ]);
  const args = [previousWeight(now, windowMs), windowMs * 2, ...budgets.map((b) => b.limit)];
  const [refused, counts] = (await redis.eval(TAKE_SCRIPT, keys.length, ...keys, ...args)) as [number, string[]];
  return { refused: refused - 1, counts: counts.map(Number), resetAt: (start + windowMs) / 1000 };
}

async function redisOnce(redis: Redis, bucket: string, ttlMs: number): Promise<boolean> {
  return (await redis.set(`once:${bucket}`, '1', 'PX', ttlMs, 'NX')) === 'OK';
}

/**
 * Counts in Redis while it answers, and in this process's memory while it does not, so that an outage
 * neither stops the server nor lifts the limits (each process then allows the full limit on its own).
 * ioredis reconnects by itself; its `ready` event brings the store back to Redis. A failed command on a
 * connection that stays up (a reply error, a hung server) is retried by one request at most each second.
 */
export function redisStore(url: string): RateLimitStore {
  // Loaded here, not at the top: a server without REDIS_URL never needs ioredis (about 20 MB at start).
  const { Redis: RedisClient } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const redis: Redis = new RedisClient(url, {
    // No queueing and a timeout per command: while Redis is away a hit fails at once or within the bound.
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    // Only bounds reconnection attempts (commands never wait for a connection): generous, so that a start
    // that keeps the event loop busy for a while does not time out a connection that has in fact succeeded.
    connectTimeout: 5000,
    retryStrategy: (times) => Math.min(times * 100, 1000),
  });
  const fallback = memoryStore();
  const listeners: ((status: StoreStatus) => void)[] = [];
  let state: StoreState = 'memory_fallback';
  let since = new Date();
  let failures = 0;
  let lastError: string | undefined;
  let settled = false;
  let closing = false;
  let probeAt = 0;
  let probing = false;
  const status = (): StoreStatus => ({ state, since, failures, lastError });
  const failed = (err: unknown) => {
    failures++;
    lastError = (err as Error)?.message ?? String(err);
  };

  function enter(next: StoreState) {
    const first = !settled;
    settled = true;
    if (closing) return;
    const changed = next !== state;
    if (changed) {
      since = new Date();
      state = next;
    }
    // Listeners hear of changes and of an outage found by the first attempt; a first connection is no news.
    if (first ? next === 'memory_fallback' : changed) for (const fn of listeners) fn(status());
  }

  // The first connection attempt, bounded: hits wait for it so the first requests count in Redis when it is up.
  const firstAttempt = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, FIRST_CONNECT_MS).unref();
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', done);
    redis.once('close', done);
  }).then(() => {
    if (!settled) enter(redis.status === 'ready' ? 'redis' : 'memory_fallback');
  });

  redis.on('error', failed);
  redis.on('ready', () => enter('redis'));
  redis.on('close', () => {
    if (settled) enter('memory_fallback');
  });

  async function tryRedis<T>(op: () => Promise<T>): Promise<T | undefined> {
    try {
      const result = await op();
      enter('redis');
      return result;
    } catch (err) {
      failed(err);
      probeAt = Date.now() + PROBE_INTERVAL_MS;
      enter('memory_fallback');
      return undefined;
    }
  }

  /** In Redis when it can, else in this process's memory: every operation of the store goes through here. */
  async function run<T>(inRedis: () => Promise<T>, inMemory: () => Promise<T>): Promise<T> {
    if (!settled) await firstAttempt;
    if (redis.status === 'ready') {
      if (state === 'redis') return (await tryRedis(inRedis)) ?? inMemory();
      // Connected, but commands failed: one request at a time probes Redis again.
      if (!probing && Date.now() >= probeAt) {
        probing = true;
        const result = await tryRedis(inRedis).finally(() => {
          probing = false;
        });
        if (result !== undefined) return result;
      }
    }
    return inMemory();
  }

  return {
    hit: (bucket, now = Date.now()) =>
      run(
        () => redisHit(redis, bucket, now),
        () => fallback.hit(bucket, now),
      ),
    take: (budgets, windowMs, now = Date.now()) =>
      run(
        () => redisTake(redis, budgets, windowMs, now),
        () => fallback.take(budgets, windowMs, now),
      ),
    once: (bucket, ttlMs, now = Date.now()) =>
      run(
        () => redisOnce(redis, bucket, ttlMs),
        () => fallback.once(bucket, ttlMs, now),
      ),
    async close() {
      closing = true;
      redis.disconnect();
    },
    status,
    ready: () => firstAttempt,
    onChange(fn) {
      listeners.push(fn);
      if (settled && state === 'memory_fallback') fn(status());
    },
  };
}
