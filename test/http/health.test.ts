/**
 * /healthz, /readyz and /metrics: outside keys and rate limits, with request ids and the envelope on
 * errors. Stores and databases in trouble are stand-ins here; test/faults/redis-outage.test.ts uses a
 * real Redis going away.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { Gauge } from 'prom-client';
import { buildApp } from '../../src/app.js';
import type { Db } from '../../src/db/client.js';
import { LIMIT, memoryStore, type RateLimitStore, WINDOW_MS } from '../../src/http/rate-limit-store.js';
import { getHarness, ikey, type Res } from '../helpers/app.js';
import { assertEnvelope } from './_support.js';

const apps: { close(): Promise<unknown> }[] = [];
after(async () => {
  for (const app of apps) await app.close();
});

/** An app of its own on `db` and `store`, called through inject. */
async function appWith(db: Db, store: RateLimitStore) {
  const app = await buildApp({ db, store });
  apps.push(app);
  await app.ready();
  return async (url: string): Promise<Res> => {
    const res = await app.inject({ method: 'GET', url });
    let body: any;
    try {
      body = JSON.parse(res.body);
    } catch {}
    return { status: res.statusCode, headers: res.headers, body, raw: res.body };
  };
}

// The access plugin listens for key revocations; these fakes have nothing to notify.
const listen = async () => async () => {};
const hangingDb = { query: () => new Promise(() => {}), listen, close: async () => {} } as unknown as Db;
const workingDb = { query: async () => [{ '?column?': 1 }], listen, close: async () => {} } as unknown as Db;

/** A store that refuses everything, as if every budget were spent. */
const exhausted: RateLimitStore = {
  ...memoryStore(),
  hit: async () => ({ count: LIMIT + 1, resetAt: Math.ceil((Date.now() + WINDOW_MS) / 1000) }),
  close: async () => {},
};

/** The value of one sample in Prometheus text, 0 when absent. */
function sample(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

test('/healthz answers without a key, with a request id and no rate-limit headers', async () => {
  const h = await getHarness();
  const res = await h.call('GET', '/healthz', { key: null, headers: { 'x-request-id': 'probe-1' } });
  assert.equal(res.status, 200, res.raw);
  assert.deepEqual(res.body, { status: 'ok' });
  assert.equal(res.headers['x-request-id'], 'probe-1');
  assert.equal(res.headers['x-ratelimit-limit'], undefined);
});

test('/readyz is ok with the database up; names the rate-limit store', async () => {
  const h = await getHarness();
  const store = process.env.REDIS_URL ? 'redis' : 'memory';
  // A connection to Redis still being made (on a busy machine) says degraded for a moment.
  let res = await h.call('GET', '/readyz', { key: null });
  for (let i = 0; i < 50 && res.body?.status === 'degraded'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    res = await h.call('GET', '/readyz', { key: null });
  }
  assert.equal(res.status, 200, res.raw);
  assert.deepEqual(res.body, { status: 'ok', checks: { database: 'ok', rate_limit_store: store } });
});

test('/readyz is 503 within about a second when the database does not answer', async () => {
  const get = await appWith(hangingDb, memoryStore());
  const started = Date.now();
  const res = await get('/readyz');
  // A check that waited on the database would never answer; the slack is for a busy machine.
  assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
  assert.equal(res.status, 503, res.raw);
  assert.deepEqual(res.body, {
    status: 'unavailable',
    checks: { database: 'unreachable', rate_limit_store: 'memory' },
  });
  assert.equal(typeof res.headers['x-request-id'], 'string');
});

test('/readyz is 200 degraded while the rate-limit store counts in memory instead of Redis', async () => {
  const since = new Date('2026-05-01T10:00:00Z');
  const store: RateLimitStore = { ...memoryStore(), status: () => ({ state: 'memory_fallback', since, failures: 3 }) };
  const get = await appWith(workingDb, store);
  const res = await get('/readyz');
  assert.equal(res.status, 200, res.raw);
  assert.deepEqual(res.body, {
    status: 'degraded',
    checks: { database: 'ok', rate_limit_store: 'memory_fallback' },
    degraded_since: since.toISOString(),
  });
  const metrics = (await get('/metrics')).raw;
  assert.equal(sample(metrics, 'rate_limit_store_degraded'), 1);
  assert.equal(sample(metrics, 'rate_limit_store_failures_total'), 3);
});

test('operational endpoints are not rate limited; API requests are, and the rejections are counted', async () => {
  const get = await appWith(workingDb, exhausted);
  assert.equal((await get('/v1/locations')).status, 429);
  for (const url of ['/healthz', '/readyz', '/metrics']) {
    const res = await get(url);
    assert.equal(res.status, 200, `${url}: ${res.raw.slice(0, 200)}`);
    assert.equal(res.headers['x-ratelimit-remaining'], undefined, url);
  }
  const metrics = (await get('/metrics')).raw;
  assert.equal(sample(metrics, 'rate_limit_rejections_total'), 1);
  assert.equal(sample(metrics, 'http_requests_total', 'method="GET",route="/v1/locations",status="429"'), 1);
});

test('unknown paths next to them are 404 with the envelope', async () => {
  const h = await getHarness();
  for (const url of ['/healthz/x', '/metrics/', '/readyz/db']) {
    const res = await h.call('GET', url, { key: null });
    assert.equal(res.status, 404, url);
    assert.equal(assertEnvelope(res).code, 'route_not_found');
  }
  const post = await h.call('POST', '/healthz', { key: null, idempotencyKey: '' });
  assert.equal(post.status, 404);
  assertEnvelope(post);
});

test('/metrics is Prometheus text; request counters are per route pattern and move', async () => {
  const h = await getHarness();
  const scrape = async () => {
    const res = await h.call('GET', '/metrics', { key: null });
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    return res.raw;
  };
  const before = await scrape();
  const org = await h.call('POST', '/admin/v1/organizations', { body: { name: 'Metrics' } });
  assert.equal(org.status, 201);
  await h.call('GET', `/admin/v1/organizations/${org.body.id}`);
  await h.call('GET', `/admin/v1/organizations/${org.body.id}`);
  const idem = ikey();
  await h.call('POST', '/admin/v1/organizations', { body: { name: 'Twice' }, idempotencyKey: idem });
  const replay = await h.call('POST', '/admin/v1/organizations', { body: { name: 'Twice' }, idempotencyKey: idem });
  assert.equal(replay.headers['idempotent-replayed'], 'true');
  const text = await scrape();

  // Every line is a comment (# HELP, # TYPE) or `name{labels} value`.
  const label = '[a-zA-Z_][a-zA-Z0-9_]*="(\\\\.|[^"\\\\])*"';
  const metricLine = new RegExp(`^[a-zA-Z_:][a-zA-Z0-9_:]*(\\{${label}(,${label})*\\})? (-?[0-9.e+-]+|NaN|[+-]Inf)$`);
  for (const line of text.split('\n').filter((l) => l && !l.startsWith('#'))) assert.match(line, metricLine);
  for (const name of ['process_cpu_seconds_total', 'nodejs_heap_size_used_bytes', 'rate_limit_store_degraded']) {
    assert.match(text, new RegExp(`^# TYPE ${name} `, 'm'));
  }
  const byId = 'method="GET",route="/admin/v1/organizations/:organization_id",status="200"';
  assert.equal(sample(text, 'http_requests_total', byId) - sample(before, 'http_requests_total', byId), 2);
  assert.ok(!text.includes(org.body.id), 'a raw URL made it into a label');
  assert.ok(sample(text, 'http_request_duration_seconds_count', byId) >= 2);
  assert.equal(sample(text, 'idempotent_replays_total') - sample(before, 'idempotent_replays_total'), 1);
  assert.equal(sample(text, 'rate_limit_store_degraded'), 0);
});

test('/metrics spells a NaN sample NaN, as the exposition format does (prom-client writes Nan)', async () => {
  const h = await getHarness();
  new Gauge({ name: 'test_not_a_number', help: 'A sample that is NaN.', registers: [h.app.metrics] }).set(NaN);
  const res = await h.call('GET', '/metrics');
  assert.match(res.raw, /^test_not_a_number NaN$/m);
  assert.doesNotMatch(res.raw, / Nan$/m);
  h.app.metrics.removeSingleMetric('test_not_a_number');
});
