/**
 * The real server against a private Redis that is down at start, comes up, dies, and hangs: the server
 * starts and serves anyway, limits in memory while Redis is away, goes back to Redis by itself, and logs
 * each outage once. Needs redis-server: under CI=true its absence fails the test, elsewhere it skips.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Redis } from 'ioredis';
import {
  type RedisServer,
  redisUnavailable,
  type ServerProcess,
  startRedis,
  startServerProcess,
} from '../helpers/services.js';

const LIMIT = 1000;
const ADMIN_KEY = `svc_admin_${randomBytes(24).toString('hex')}`;
const OUTAGE = /Redis unreachable/g;
const RECOVERY = /Redis reachable again/g;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const unavailable = redisUnavailable();
let redis: RedisServer;
let server: ServerProcess;
let dataDir: string | undefined;

before(async () => {
  if (unavailable) return;
  redis = await startRedis();
  await redis.stop();
  if (!process.env.DATABASE_URL) dataDir = mkdtempSync(join(tmpdir(), 'redis-outage-'));
  server = await startServerProcess(
    {
      REDIS_URL: redis.url,
      ADMIN_API_KEY: ADMIN_KEY,
      LOG_LEVEL: 'warn',
      ...(dataDir ? { DATA_DIR: join(dataDir, 'data') } : {}),
      // A first start on an embedded database creates it: slow on a busy machine.
    },
    60_000,
  );
});

after(async () => {
  if (server) {
    process.kill(-(server.proc.pid as number), 'SIGTERM');
    await server.exited();
  }
  await redis?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function needRedis(t: { skip(msg: string): void }): boolean {
  if (!unavailable) return true;
  if (process.env.CI === 'true') assert.fail(unavailable);
  t.skip(unavailable);
  return false;
}

const count = (re: RegExp) => server.output().match(re)?.length ?? 0;

/** The log says `re` exactly `n` times; lines come through a pipe, so they may lag the HTTP answers. */
async function logged(re: RegExp, n: number) {
  const deadline = Date.now() + 2000;
  while (count(re) < n && Date.now() < deadline) await sleep(50);
  assert.equal(count(re), n, `${re} in:\n${server.output()}`);
}

async function get(path: string, key?: string) {
  const started = Date.now();
  const res = await fetch(server.base + path, { headers: key ? { 'x-api-key': key } : {} });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, ms: Date.now() - started };
}

async function readyz() {
  const res = await get('/readyz');
  return { status: res.status, body: JSON.parse(res.text) };
}

/** Windows are fixed minutes: waits for the next one when fewer than `ms` are left in this one. */
async function roomInWindow(ms: number) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < ms) await sleep(left + 200);
}

/** Sends up to `n` requests of the admin key, 25 at a time; stops after the first batch with a 429 if asked. */
async function burst(n: number, opts: { during?: (sent: number) => Promise<void>; untilRefused?: boolean } = {}) {
  const statuses: number[] = [];
  for (let sent = 0; sent < n; sent += 25) {
    await opts.during?.(sent);
    const batch = Array.from({ length: Math.min(25, n - sent) }, () =>
      get('/admin/v1/organizations?limit=1', ADMIN_KEY),
    );
    for (const res of await Promise.all(batch)) {
      assert.ok(res.status === 200 || res.status === 429, `${res.status}: ${res.text.slice(0, 200)}`);
      assert.ok(res.headers.get('x-ratelimit-remaining') !== null);
      assert.ok(res.ms < 5000, `a request took ${res.ms} ms`);
      statuses.push(res.status);
    }
    if (opts.untilRefused && statuses.includes(429)) break;
  }
  return statuses;
}

async function until(what: string, check: () => Promise<boolean>, ms = 5000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(100);
  }
  assert.fail(`not within ${ms} ms: ${what}`);
}

test('with Redis down the server starts, serves, says degraded, and logs the outage once', async (t) => {
  if (!needRedis(t)) return;
  assert.equal((await get('/healthz')).status, 200);
  const ready = await readyz();
  assert.equal(ready.status, 200);
  assert.equal(ready.body.status, 'degraded');
  assert.deepEqual(ready.body.checks, { database: 'ok', rate_limit_store: 'memory_fallback' });
  const metrics = (await get('/metrics')).text;
  assert.match(metrics, /^rate_limit_store_degraded 1$/m);
  assert.match(metrics, /^rate_limit_store_failures_total [1-9]/m);
  await logged(OUTAGE, 1);
});

test('with Redis down, one key gets 1000 requests in a window of this process and the 1001st is 429', async (t) => {
  if (!needRedis(t)) return;
  await roomInWindow(15_000);
  const statuses = await burst(LIMIT);
  assert.deepEqual([...new Set(statuses)], [200]);
  const refused = await get('/admin/v1/organizations?limit=1', ADMIN_KEY);
  assert.equal(refused.status, 429, refused.text);
  assert.equal(JSON.parse(refused.text).error.code, 'rate_limit_exceeded');
  assert.ok(Number(refused.headers.get('retry-after')) >= 1);
  // One outage line for the whole outage, not one per request.
  await logged(OUTAGE, 1);
  const lines = server.output().trim().split('\n');
  assert.ok(lines.length < 5, `${lines.length} log lines for 1001 requests:\n${server.output().slice(0, 2000)}`);
  assert.match((await get('/metrics')).text, /^rate_limit_rejections_total [1-9]/m);
});

test('when Redis comes up the store goes back to it within seconds, and logs that once', async (t) => {
  if (!needRedis(t)) return;
  await redis.start();
  await until('readyz ok', async () => (await readyz()).body.status === 'ok');
  assert.deepEqual((await readyz()).body.checks, { database: 'ok', rate_limit_store: 'redis' });
  const res = await get('/admin/v1/organizations?limit=1', ADMIN_KEY);
  const client = new Redis(redis.url);
  try {
    // The fresh Redis holds this request's count: the key's counter there, not the one in memory.
    const keys = await client.keys('ratelimit:key:*:admin:*');
    assert.equal(keys.length, 1, String(keys));
    const counted = Number(await client.get(keys[0]));
    assert.equal(Number(res.headers.get('x-ratelimit-remaining')), LIMIT - counted);
  } finally {
    client.disconnect();
  }
  await logged(RECOVERY, 1);
  assert.match((await get('/metrics')).text, /^rate_limit_store_degraded 0$/m);
});

test('Redis killed mid-run: requests are answered and still limited; one outage line more', async (t) => {
  if (!needRedis(t)) return;
  await roomInWindow(15_000);
  const statuses = await burst(LIMIT + 125, {
    during: async (sent) => {
      if (sent === 100) await redis.stop();
    },
    untilRefused: true,
  });
  // Redis counted the first 100 (a fresh Redis: all pass); memory counts the rest, and this process's
  // memory lets the key pass at most the limit (at once refused when the earlier test spent it this window).
  assert.deepEqual([...new Set(statuses.slice(0, 100))], [200]);
  assert.ok(statuses.filter((s) => s === 200).length <= LIMIT + 100);
  assert.ok(statuses.slice(100).includes(429));
  assert.equal((await readyz()).body.status, 'degraded');
  await logged(OUTAGE, 2);
  await logged(RECOVERY, 1);
});

test('a Redis that hangs holds no request longer than the command timeout', async (t) => {
  if (!needRedis(t)) return;
  await redis.start();
  await until('readyz ok', async () => (await readyz()).body.status === 'ok');
  const pid = Number(
    /process_id:(\d+)/.exec(execFileSync('redis-cli', ['-p', String(redis.port), 'info', 'server']).toString())?.[1],
  );
  process.kill(pid, 'SIGSTOP');
  try {
    const answered = await Promise.all(Array.from({ length: 20 }, () => get('/v1/locations')));
    for (const res of answered) {
      assert.equal(res.status, 401);
      // Unbounded, these would wait as long as Redis is stopped; the bound is 500 ms, the slack for a busy machine.
      assert.ok(res.ms < 5000, `a request took ${res.ms} ms`);
    }
    assert.equal((await readyz()).body.status, 'degraded');
  } finally {
    process.kill(pid, 'SIGCONT');
  }
  // The connection never dropped: a request probes Redis again and brings the store back.
  await until('readyz ok after SIGCONT', async () => {
    await get('/v1/locations');
    return (await readyz()).body.status === 'ok';
  });
  await logged(OUTAGE, 3);
  await logged(RECOVERY, 3);
});
