/**
 * The rate limit across a window boundary, through HTTP. The app has no clock of its own to set: the
 * counter store is its only notion of time, so the test gives the app a store whose `hit` is called with
 * a clock the test moves (the store of the run: memory, or Redis when REDIS_URL is set). The clock
 * starts inside the real current minute, so `Retry-After`, computed from the real clock, stays sane.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type App, buildApp } from '../../src/app.js';
import { issueKey } from '../../src/domain/api-keys.js';
import { LIMIT, memoryStore, type RateLimitStore, redisStore, WINDOW_MS } from '../../src/http/rate-limit-store.js';
import { testDb } from '../helpers/db.js';
import { assertError } from '../helpers/fixtures.js';

let clock = 0;
let inner: RateLimitStore;
let app: App;
let adminKey: string;

before(async () => {
  const db = await testDb();
  inner = process.env.REDIS_URL ? redisStore(process.env.REDIS_URL) : memoryStore();
  // A Redis store refuses hits until connected (the server then fails open): wait until one counts.
  for (let i = 0; ; i++) {
    try {
      await inner.hit(`test:warm-up:${process.pid}:${Date.now()}`);
      break;
    } catch (err) {
      if (i >= 40) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const store: RateLimitStore = { ...inner, hit: (bucket) => inner.hit(bucket, clock), close: async () => {} };
  app = await buildApp({ db, store });
  await app.ready();
  adminKey = (await issueKey(db, { type: 'admin', name: 'rate-limit window test' })).secret as string;
});

after(async () => {
  await app?.close();
  await inner?.close();
  await (await testDb()).close();
});

async function call(method: 'GET' | 'POST', url: string, key: string | null, body?: object, remoteAddress?: string) {
  const headers: Record<string, string> = {};
  if (key !== null) headers['x-api-key'] = key;
  if (method === 'POST') headers['idempotency-key'] = `window-${process.pid}-${Math.random()}`;
  const res = await app.inject({ method, url, headers, remoteAddress, ...(body ? { payload: body } : {}) });
  return { status: res.statusCode, headers: res.headers, body: res.json(), raw: res.body };
}

const limitHeaders = (res: { headers: Record<string, unknown> }) => ({
  limit: Number(res.headers['x-ratelimit-limit']),
  remaining: Number(res.headers['x-ratelimit-remaining']),
  reset: Number(res.headers['x-ratelimit-reset']),
});

/** `n` requests in concurrent batches; the statuses they got, counted. */
async function burst(n: number, send: () => Promise<{ status: number; headers: Record<string, unknown> }>) {
  const statuses: Record<number, number> = {};
  const resets = new Set<number>();
  for (let sent = 0; sent < n; sent += 50) {
    for (const res of await Promise.all(Array.from({ length: Math.min(50, n - sent) }, send))) {
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      resets.add(limitHeaders(res).reset);
    }
  }
  return { statuses, resets: [...resets] };
}

async function newOrgKey(): Promise<string> {
  const org = await call('POST', '/admin/v1/organizations', adminKey, { name: 'Window Org' });
  assert.equal(org.status, 201, org.raw);
  const key = await call('POST', '/admin/v1/api_keys', adminKey, { organization_id: org.body.id, permissions: ['*'] });
  assert.equal(key.status, 201, key.raw);
  return key.body.secret;
}

test('a key that spent its budget gets a full one at the next window', async () => {
  const key = await newOrgKey();
  const start = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS;
  const end = (start + WINDOW_MS) / 1000;
  clock = start + 1_000;

  const spent = await burst(LIMIT, () => call('GET', '/v1/organizations', key));
  assert.deepEqual(spent.statuses, { 200: LIMIT });
  assert.deepEqual(spent.resets, [end]);

  clock = start + WINDOW_MS - 1;
  const over = await call('GET', '/v1/organizations', key);
  assertError(over, 429, 'rate_limit_error', 'rate_limit_exceeded');
  assert.deepEqual(limitHeaders(over), { limit: LIMIT, remaining: 0, reset: end });
  const retryAfter = Number(over.headers['retry-after']);
  assert.ok(retryAfter >= 1 && retryAfter <= 60, String(over.headers['retry-after']));

  // The boundary: the first request of the next minute counts 1, not 1002.
  clock = start + WINDOW_MS;
  const fresh = await call('GET', '/v1/organizations', key);
  assert.equal(fresh.status, 200, fresh.raw);
  assert.deepEqual(limitHeaders(fresh), { limit: LIMIT, remaining: LIMIT - 1, reset: end + 60 });

  // And the new window is a whole budget: 999 more pass, the next is refused again.
  clock = start + WINDOW_MS + 30_000;
  const again = await burst(LIMIT - 1, () => call('GET', '/v1/organizations', key));
  assert.deepEqual(again.statuses, { 200: LIMIT - 1 });
  assert.deepEqual(again.resets, [end + 60]);
  assertError(await call('GET', '/v1/organizations', key), 429, 'rate_limit_error', 'rate_limit_exceeded');
});

test('an address without a valid key is limited per window too, and starts over at the next one', async () => {
  const start = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS + 5 * WINDOW_MS;
  clock = start + 59_000;
  const address = '203.0.113.77';
  const spent = await burst(LIMIT, () => call('GET', '/v1/locations', null, undefined, address));
  assert.deepEqual(spent.statuses, { 401: LIMIT });
  const over = await call('GET', '/v1/locations', null, undefined, address);
  assertError(over, 429, 'rate_limit_error', 'rate_limit_exceeded');

  clock = start + WINDOW_MS + 1;
  const fresh = await call('GET', '/v1/locations', null, undefined, address);
  assertError(fresh, 401, 'authentication_error', 'api_key_missing');
  assert.deepEqual(limitHeaders(fresh), { limit: LIMIT, remaining: LIMIT - 1, reset: (start + 2 * WINDOW_MS) / 1000 });
});
