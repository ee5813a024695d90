/**
 * A server killed with SIGKILL while creating resources, then a new server on the same database: a
 * retry of every key, with the same body, gets its 201 (new or replayed) within seconds of the restart,
 * not a 409 request_in_flight for minutes, and each key made exactly one resource. On the embedded
 * database (a data folder) and on a private PostgreSQL cluster (needs the server binaries: under
 * CI=true their absence fails the test, elsewhere it is skipped with the reason).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import pg from 'pg';
import { openDb } from '../../src/db/client.js';
import { claim, fingerprint } from '../../src/domain/idempotency.js';
import { DEAD_AFTER_SECONDS } from '../../src/domain/instances.js';
import { LOCATION_BODY } from '../helpers/fixtures.js';
import { pgClusterUnavailable, type ServerProcess, startPgCluster, startServerProcess } from '../helpers/services.js';

const KEYS = 40;
/** Responses to wait for before the kill: some requests are done, most are claimed or queued. */
const KILL_AFTER = 5;
const ADMIN_KEY = `svc_admin_${randomBytes(24).toString('hex').slice(0, 36)}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const running = new Set<ServerProcess>();
after(() => {
  for (const s of running) kill(s, 'SIGKILL');
});

function kill(s: ServerProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-(s.proc.pid as number), signal);
  } catch {}
}

async function start(env: Record<string, string>) {
  // Nothing of this process's own environment decides where the server keeps its data.
  const s = await startServerProcess({ DATABASE_URL: '', REDIS_URL: '', ADMIN_API_KEY: ADMIN_KEY, ...env }, 45_000);
  running.add(s);
  return s;
}

async function stop(s: ServerProcess, signal: NodeJS.Signals) {
  kill(s, signal);
  await s.exited();
  running.delete(s);
}

interface Answer {
  status: number;
  raw: string;
  code?: string;
}

async function post(base: string, path: string, body: unknown, idem: string): Promise<Answer> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'x-api-key': ADMIN_KEY, 'content-type': 'application/json', 'idempotency-key': idem },
    body: JSON.stringify(body),
  });
  const raw = await res.text();
  return { status: res.status, raw, code: res.status >= 400 ? JSON.parse(raw).error?.code : undefined };
}

/** What the kill left, read from the database while no server runs: this run's records by state. */
type Inspect = (run: { prefix: string; path: string; unanswered: [string, unknown][] }) => Promise<States>;
type States = Record<string, number>;

async function killMidRequest(env: Record<string, string>, inspect: Inspect) {
  const first = await start(env);
  const org = await post(first.base, '/admin/v1/organizations', { name: 'Killed' }, `org-${Date.now()}`);
  assert.equal(org.status, 201, org.raw);
  const path = `/admin/v1/organizations/${JSON.parse(org.raw).id}/locations`;
  const prefix = `kill-${randomBytes(6).toString('hex')}-`;
  const keys = Array.from({ length: KEYS }, (_, i) => `${prefix}${i}`);
  const bodyOf = (i: number) => ({ ...LOCATION_BODY, name: `Key ${i}` });

  const before = new Map<string, Answer>();
  let answered = 0;
  let killed!: () => void;
  const enough = new Promise<void>((r) => {
    killed = r;
  });
  const inFlight = keys.map((k, i) =>
    post(first.base, path, bodyOf(i), k)
      .then((a) => {
        before.set(k, a);
        if (++answered >= KILL_AFTER) killed();
      })
      .catch(() => {}),
  );
  await enough;
  const killedAt = Date.now();
  await stop(first, 'SIGKILL');
  await Promise.all(inFlight);
  for (const a of before.values()) assert.equal(a.status, 201, a.raw);

  // The fault needs claims left in flight by the dead process; without them this test proves nothing.
  const unanswered = keys.flatMap((k, i): [string, unknown][] => (before.has(k) ? [] : [[k, bodyOf(i)]]));
  const states = await inspect({ prefix, path, unanswered });
  assert.ok((states.in_flight ?? 0) > 0, `no claim was left in flight: ${JSON.stringify(states)}`);

  // Retried until each key settles. The dead process's last heartbeat is no later than the kill, so
  // a request sent a few seconds after it must find its claim abandoned, however slow the restart.
  const second = await start(env);
  const deadline = killedAt + (DEAD_AFTER_SECONDS + 2) * 1000;
  const settled = new Map<string, Answer>();
  const late: string[] = [];
  let last409 = 0;
  for (;;) {
    const round = Date.now();
    await Promise.all(
      keys.map(async (k, i) => {
        if (settled.has(k)) return;
        const sent = Date.now();
        const a = await post(second.base, path, bodyOf(i), k);
        if (a.status === 409 && a.code === 'request_in_flight') {
          last409 = Math.max(last409, sent - killedAt);
          if (sent > deadline) late.push(`${k} sent ${sent - killedAt} ms after the kill`);
          return;
        }
        assert.equal(a.status, 201, `${k}: ${a.raw}`);
        settled.set(k, a);
      }),
    );
    if (settled.size === KEYS || round > deadline) break;
    await sleep(250);
  }
  assert.deepEqual(late, [], 'claims of the killed process outlived it');
  assert.equal(settled.size, KEYS);

  // A key answered before the kill replays that answer; every key made one resource, none twice.
  for (const [k, a] of before) assert.equal(settled.get(k)?.raw, a.raw, k);
  const list = await fetch(`${second.base}${path}?limit=100`, { headers: { 'x-api-key': ADMIN_KEY } });
  const locations = ((await list.json()) as { data: { id: string; name: string }[] }).data;
  assert.deepEqual(locations.map((l) => l.name).sort(), keys.map((_, i) => `Key ${i}`).sort());
  const ids = [...settled.values()].map((a) => JSON.parse(a.raw).id);
  assert.deepEqual(ids.sort(), locations.map((l) => l.id).sort());
  await stop(second, 'SIGTERM');
  return { states, last409 };
}

test('kill -9 mid-request on the embedded database: every key settles within seconds, once', {
  timeout: 120_000,
}, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'kill-pglite-'));
  try {
    const dataDir = join(dir, 'data');
    // The embedded database runs one request at a time, each without yielding between its queries, so
    // a kill seldom lands between a claim and its commit. When it did not, the test leaves the claims the
    // dead process would have left (made by the same function, in the dead instance's name).
    const inspect: Inspect = async ({ prefix, path, unanswered }) => {
      const db = await openDb({ dataDir });
      try {
        const states = countStates(await db.query(STATES, [`${prefix}%`]));
        if (states.in_flight) return states;
        const [dead] = await db.query<{ id: string }>('SELECT id FROM server_instances');
        const [{ api_key_id }] = await db.query<{ api_key_id: string }>('SELECT api_key_id FROM idempotency_keys');
        let left = 0;
        for (const [k, body] of unanswered.slice(0, 5)) {
          const made = await claim(db, api_key_id, k, fingerprint('POST', path, body), `req_killed_${k}`, dead.id);
          if (made.kind === 'claimed') left++;
        }
        return { ...countStates(await db.query(STATES, [`${prefix}%`])), left_by_the_test: left };
      } finally {
        await db.close();
      }
    };
    report(t, await killMidRequest({ DATA_DIR: dataDir }, inspect));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('kill -9 mid-request on PostgreSQL: every key settles within seconds, once', { timeout: 120_000 }, async (t) => {
  const unavailable = pgClusterUnavailable();
  if (unavailable) {
    if (process.env.CI === 'true') assert.fail(unavailable);
    t.skip(unavailable);
    return;
  }
  const cluster = await startPgCluster();
  try {
    cluster.createDatabase('killed');
    const url = cluster.url('killed');
    const inspect: Inspect = async ({ prefix }) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return countStates((await client.query(STATES, [`${prefix}%`])).rows);
      } finally {
        await client.end();
      }
    };
    report(t, await killMidRequest({ DATABASE_URL: url }, inspect));
  } finally {
    cluster.destroy();
  }
});

function report(t: { diagnostic(m: string): void }, r: { states: States; last409: number }) {
  const retried = r.last409 ? `the last 409 answered a retry sent ${r.last409} ms after the kill` : 'no 409 at all';
  t.diagnostic(`records left by the kill: ${JSON.stringify(r.states)}; ${retried}`);
}

const STATES = 'SELECT state, count(*)::int AS n FROM idempotency_keys WHERE key LIKE $1 GROUP BY state';
const countStates = (rows: { state: string; n: number }[]): States =>
  Object.fromEntries(rows.map((r) => [r.state, r.n]));
