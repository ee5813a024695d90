/**
 * Fault: PostgreSQL restarting under write load. The real server runs as a child process on a private
 * cluster of this test's own; creating POSTs go on at about 50 a second, each with its own
 * Idempotency-Key and retried on 503 with that key, as a client would, while the cluster is stopped
 * `fast` (57P01 to every connection) three times and `immediate` (a crash) once.
 *
 * The server must stay up, answer each request with a success or a 503 service_unavailable envelope
 * (never a 500, never a refused connection), serve again within 5 s of each restart, lose no
 * acknowledged write and create no resource twice. Under CI=true a missing prerequisite fails.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, test } from 'node:test';
import pg from 'pg';
import { LOCATION_BODY } from '../helpers/fixtures.js';
import {
  type PgCluster,
  pgClusterUnavailable,
  type ServerProcess,
  startPgCluster,
  startServerProcess,
} from '../helpers/services.js';

const ADMIN_KEY = `svc_admin_${randomBytes(40).toString('hex').slice(0, 40)}`;
const RATE = 50; // writes started per second
const BURST = 25; // writes started just before each stop, so transactions are surely open then
const RESTARTS = ['fast', 'fast', 'immediate', 'fast'] as const;
const WRITE_DEADLINE_MS = 20_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let cluster: PgCluster | undefined;
let server: ServerProcess | undefined;

after(async () => {
  if (server && server.proc.exitCode === null && server.proc.signalCode === null) {
    process.kill(-(server.proc.pid as number), 'SIGKILL');
    await server.exited();
  }
  cluster?.destroy();
});

interface Answer {
  status: number;
  headers: Headers;
  body: any;
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
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: res.status, headers: res.headers, body: parsed as any };
}

/** What a response may be while the database comes and goes; returns why not, or undefined. */
function badAnswer(a: Answer): string | undefined {
  if (a.status === 200 || a.status === 201) return undefined;
  const e = a.body?.error;
  const requestId = a.headers.get('x-request-id');
  if (a.status !== 503) return `${a.status} ${JSON.stringify(a.body)}`;
  if (e?.type !== 'api_error' || e?.code !== 'service_unavailable')
    return `503 without the envelope: ${JSON.stringify(a.body)}`;
  if (!(Number(a.headers.get('retry-after')) >= 1)) return `503 without Retry-After: ${JSON.stringify(a.body)}`;
  if (!requestId || e.request_id !== requestId) return `503 without a matching X-Request-Id: ${requestId}`;
  return undefined;
}

test('PostgreSQL restarts under write load: the server stays up, answers 503, loses nothing', {
  timeout: 120_000,
}, async (t) => {
  const unavailable = pgClusterUnavailable();
  if (unavailable) {
    if (process.env.CI === 'true') assert.fail(unavailable);
    t.skip(unavailable);
    return;
  }
  cluster = await startPgCluster();
  cluster.createDatabase('ordering');
  // Counters in memory: the shared Redis of a run with REDIS_URL must not count this test's requests.
  server = await startServerProcess({ DATABASE_URL: cluster.url('ordering'), ADMIN_API_KEY: ADMIN_KEY, REDIS_URL: '' });
  const base = server.base;
  let serverExit: unknown;
  server.exited().then((code) => {
    serverExit = code;
  });

  const org = await call(base, 'POST', '/admin/v1/organizations', ADMIN_KEY, { name: 'Restarts' }, 'org-1');
  assert.equal(org.status, 201, JSON.stringify(org.body));
  const loc = await call(
    base,
    'POST',
    `/admin/v1/organizations/${org.body.id}/locations`,
    ADMIN_KEY,
    LOCATION_BODY,
    'loc-1',
  );
  assert.equal(loc.status, 201, JSON.stringify(loc.body));
  // Several keys, so the load stays well inside each key's 1000 requests a minute.
  const keys: string[] = [];
  for (let i = 0; i < 5; i++) {
    const k = await call(
      base,
      'POST',
      '/admin/v1/api_keys',
      ADMIN_KEY,
      { organization_id: org.body.id, permissions: ['*'] },
      `key-${i}`,
    );
    assert.equal(k.status, 201, JSON.stringify(k.body));
    keys.push(k.body.secret);
  }
  const probeKey = keys.pop() as string;
  const path = `/v1/locations/${loc.body.id}/special_closings`;

  const problems: string[] = [];
  const acknowledged = new Map<string, Set<string>>(); // idempotency key → ids answered for it
  const counts = { requests: 0, unavailable: 0 };
  let started = 0;

  /** One logical write: retried after Retry-After on a 503, with the same key, until acknowledged. */
  async function write(): Promise<void> {
    const n = started++;
    const idem = `closing-${n}`;
    const key = keys[n % keys.length];
    const body = { starts_at: '2030-01-01T00:00:00Z', ends_at: '2030-01-02T00:00:00Z', reason: idem };
    const deadline = Date.now() + WRITE_DEADLINE_MS;
    while (Date.now() < deadline) {
      let a: Answer;
      try {
        a = await call(base, 'POST', path, key, body, idem);
      } catch (err) {
        problems.push(`${idem}: no answer (${(err as Error).cause ?? err})`);
        return;
      }
      counts.requests++;
      const bad = badAnswer(a);
      if (bad) {
        problems.push(`${idem}: ${bad}`);
        return;
      }
      if (a.status !== 503) {
        const ids = acknowledged.get(idem) ?? new Set();
        acknowledged.set(idem, ids.add(a.body.id));
        return;
      }
      counts.unavailable++;
      await sleep(Number(a.headers.get('retry-after')) * 1000);
    }
    problems.push(`${idem}: not acknowledged within ${WRITE_DEADLINE_MS} ms`);
  }

  const writes: Promise<void>[] = [];
  const ticker = setInterval(() => writes.push(write()), 1000 / RATE);
  const recoveries: number[] = [];
  try {
    await sleep(1500);
    for (const mode of RESTARTS) {
      for (let i = 0; i < BURST; i++) writes.push(write());
      await sleep(10);
      cluster.stop(mode);
      await sleep(1000); // down: requests keep coming and must get 503
      cluster.start();
      const back = Date.now();
      for (;;) {
        const a = await call(base, 'GET', `${path}?limit=1`, probeKey).catch((err) => ({
          status: 0,
          body: String(err),
        }));
        if (a.status === 200) break;
        assert.equal(serverExit, undefined, `the server process died:\n${server.output().slice(-3000)}`);
        assert.ok(Date.now() - back < 5000, `not serving 5 s after the restart: ${a.status} ${JSON.stringify(a.body)}`);
        await sleep(100);
      }
      recoveries.push(Date.now() - back);
      await sleep(1500);
    }
  } finally {
    clearInterval(ticker);
  }
  await Promise.all(writes);
  t.diagnostic(
    `${started} writes, ${counts.requests} requests, ${counts.unavailable} answered 503; recovered in ${recoveries.join(', ')} ms`,
  );

  assert.equal(serverExit, undefined, `the server process died:\n${server.output().slice(-3000)}`);
  assert.deepEqual(problems.slice(0, 20), [], `${problems.length} bad answers`);
  assert.ok(counts.unavailable > 0, 'no request met the database down: the test did not test anything');
  assert.equal(acknowledged.size, started);
  for (const [idem, ids] of acknowledged) assert.equal(ids.size, 1, `${idem} answered with ${[...ids]}`);

  // What is stored: each acknowledged write exactly once, nothing else, no key left claimed.
  const db = new pg.Client({ connectionString: cluster.url('ordering') });
  await db.connect();
  try {
    const { rows } = await db.query('SELECT id, reason FROM special_closings WHERE location_id = $1', [loc.body.id]);
    const byReason = new Map<string, string[]>();
    for (const r of rows) byReason.set(r.reason, [...(byReason.get(r.reason) ?? []), r.id]);
    for (const [idem, ids] of acknowledged) {
      assert.deepEqual(byReason.get(idem), [...ids], `${idem}: stored ${byReason.get(idem)}`);
    }
    assert.equal(rows.length, acknowledged.size, 'resources beyond the acknowledged writes');
    const { rows: claimed } = await db.query(`SELECT key FROM idempotency_keys WHERE state = 'in_flight'`);
    assert.deepEqual(claimed, []);
  } finally {
    await db.end();
  }
  assert.doesNotMatch(server.output(), /uncaught|unhandled/i);
});
