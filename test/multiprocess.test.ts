/**
 * Two server processes on one PostgreSQL and one Redis, over real ports: they share each key's
 * rate-limit budget and each idempotency key. Needs the machine's services; under CI=true a missing
 * service fails the test, elsewhere it is skipped with the reason printed.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startServerProcess } from './helpers/services.js';

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ordering_multiprocess';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN_KEY = `svc_admin_${randomBytes(30)
  .toString('base64')
  .replace(/[^A-Za-z0-9]/g, '')
  .slice(0, 36)}`;

const servers: { proc: ChildProcess; base: string }[] = [];
let unavailable: string | undefined;

async function servicesUp(): Promise<string | undefined> {
  const url = new URL(PG_URL);
  const dbName = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(PG_URL), { pathname: '/postgres' }).href });
  try {
    await admin.connect();
    // Its own database, made anew each run, unless the run names one (CI's fresh database).
    if (!process.env.DATABASE_URL) {
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${dbName}"`);
    }
  } catch (err) {
    return `PostgreSQL at ${url.host} is not reachable: ${(err as Error).message}`;
  } finally {
    await admin.end().catch(() => {});
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    return `Redis at ${REDIS_URL} is not reachable: ${(err as Error).message}`;
  } finally {
    redis.disconnect();
  }
  return undefined;
}

async function startServer(): Promise<{ proc: ChildProcess; base: string }> {
  // The shared helper kills a server that does not come up in time, so a slow start leaves nothing behind.
  const server = await startServerProcess(
    { DATABASE_URL: PG_URL, REDIS_URL, ADMIN_API_KEY: ADMIN_KEY, LOG_LEVEL: 'warn' },
    60_000,
  );
  return { proc: server.proc, base: server.base };
}

before(async () => {
  unavailable = await servicesUp();
  if (unavailable) return;
  // One at a time: both migrate the same database at start-up (serialized by an advisory lock).
  servers.push(await startServer(), await startServer());
});

after(async () => {
  for (const s of servers) s.proc.kill('SIGTERM');
  await Promise.all(
    servers.map((s) => new Promise((r) => (s.proc.exitCode !== null ? r(null) : s.proc.on('exit', r)))),
  );
});

function needServices(t: { skip(msg: string): void }): boolean {
  if (!unavailable) return true;
  if (process.env.CI === 'true') assert.fail(unavailable);
  t.skip(unavailable);
  return false;
}

async function call(base: string, method: string, path: string, key: string, body?: unknown, idem?: string) {
  const headers: Record<string, string> = { 'x-api-key': key };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idem) headers['idempotency-key'] = idem;
  const res = await fetch(base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

test('SIGTERM stops a server cleanly (exit code 0)', async (t) => {
  if (!needServices(t)) return;
  const extra = await startServer();
  extra.proc.kill('SIGTERM');
  const code = await new Promise((r) => extra.proc.on('exit', r));
  assert.equal(code, 0);
});

test("one key's 1000 requests are shared by both processes; the 1001st is refused on either", async (t) => {
  if (!needServices(t)) return;
  const [a, b] = servers;
  const org = await call(a.base, 'POST', '/admin/v1/organizations', ADMIN_KEY, { name: 'Budget' }, `o-${Date.now()}`);
  assert.equal(org.status, 201);
  const issued = await call(
    a.base,
    'POST',
    '/admin/v1/api_keys',
    ADMIN_KEY,
    {
      organization_id: org.body.id,
      permissions: ['*'],
    },
    `k-${Date.now()}`,
  );
  const key = issued.body.secret as string;

  // Windows are fixed minutes: start with enough of the minute left to send 1001 requests in it.
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 25_000) await new Promise((r) => setTimeout(r, left + 200));

  const statuses: number[] = [];
  for (let round = 0; round < 50; round++) {
    const batch = Array.from({ length: 20 }, (_, i) => call(i % 2 ? b.base : a.base, 'GET', '/v1/organizations', key));
    statuses.push(...(await Promise.all(batch)).map((r) => r.status));
  }
  assert.equal(statuses.length, 1000);
  assert.deepEqual([...new Set(statuses)], [200]);
  for (const s of [a, b]) {
    const refused = await call(s.base, 'GET', '/v1/organizations', key);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.error.code, 'rate_limit_exceeded');
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    assert.equal(refused.headers.get('x-ratelimit-remaining'), '0');
  }
});

test('one idempotency key sent to both processes at once creates one resource', async (t) => {
  if (!needServices(t)) return;
  const [a, b] = servers;
  const org = await call(a.base, 'POST', '/admin/v1/organizations', ADMIN_KEY, { name: 'Idem' }, `o2-${Date.now()}`);
  const idem = `loc-${Date.now()}`;
  const body = { name: 'Only one', currency: 'EUR', country: 'DE', timezone: 'Europe/Berlin', default_language: 'de' };
  const path = `/admin/v1/organizations/${org.body.id}/locations`;
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) => call(i % 2 ? b.base : a.base, 'POST', path, ADMIN_KEY, body, idem)),
  );
  for (const r of results) assert.ok(r.status === 201 || r.status === 409, `${r.status} ${JSON.stringify(r.body)}`);
  const created = results.filter((r) => r.status === 201);
  assert.ok(created.length >= 1);
  assert.equal(new Set(created.map((r) => r.body.id)).size, 1);
  for (const r of results.filter((x) => x.status === 409)) assert.equal(r.body.error.code, 'request_in_flight');
  const list = await call(b.base, 'GET', path, ADMIN_KEY);
  assert.equal(list.body.data.length, 1);
});
