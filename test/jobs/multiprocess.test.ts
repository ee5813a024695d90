/**
 * Jobs across processes on one PostgreSQL: a runner killed mid-job loses the job to another once its lease
 * has run out (and not before, while it lives), with nothing of its half-done work kept; runners racing
 * for due jobs run each once. Needs the machine's PostgreSQL; under CI=true its absence fails the test,
 * elsewhere the test is skipped with the reason.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { type Db, postgresDb } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { JobRunner } from '../../src/jobs/runner.js';
import { scheduleJob } from '../../src/jobs/schedule.js';
import type { JobHandler } from '../../src/jobs/types.js';
import { eventually } from '../conversations/_support.js';
import { recordingLog } from '../orders/_acceptance.js';

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ordering_jobs_multiprocess';
const LEASE_MS = 1000;
let unavailable: string | undefined;
/** Two pools: two processes' worth of connections. */
let a: Db;
let b: Db;
const runners: JobRunner[] = [];
const children: ChildProcess[] = [];
const kind = (name: string) => `test.${name}.${process.pid}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function databaseUp(): Promise<string | undefined> {
  const url = new URL(PG_URL);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(PG_URL), { pathname: '/postgres' }).href });
  try {
    await admin.connect();
    if (!process.env.DATABASE_URL) {
      await admin.query(`DROP DATABASE IF EXISTS "${url.pathname.slice(1)}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${url.pathname.slice(1)}"`);
    }
  } catch (err) {
    return `PostgreSQL at ${url.host} is not reachable: ${(err as Error).message}`;
  } finally {
    await admin.end().catch(() => {});
  }
  return undefined;
}

before(async () => {
  unavailable = await databaseUp();
  if (unavailable) return;
  a = postgresDb(PG_URL, 3);
  b = postgresDb(PG_URL, 3);
  await migrate(a);
});

after(async () => {
  for (const r of runners) await r.stop();
  for (const c of children) {
    if (c.exitCode === null && c.signalCode === null) process.kill(-(c.pid as number), 'SIGKILL');
  }
  await a?.close();
  await b?.close();
});

function needDatabase(t: { skip(msg: string): void }): boolean {
  if (!unavailable) return true;
  if (process.env.CI === 'true') assert.fail(unavailable);
  t.skip(unavailable);
  return false;
}

function runner(db: Db, handlers: Record<string, JobHandler>) {
  const log = recordingLog();
  const r = new JobRunner(db, log, { handlers, leaseMs: LEASE_MS, pollIntervalMs: 100 });
  runners.push(r);
  return { r, log };
}

/** Starts the killed-runner script in its own process group; resolves once it is inside the job. */
async function runnerThatWillDie(jobKind: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/jobs/_killed-runner.ts'], {
    env: { ...process.env, DATABASE_URL: PG_URL, JOB_KIND: jobKind, LEASE_MS: String(LEASE_MS) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  await eventually(async () => (out.includes('RUNNING') ? true : undefined), 30_000).catch(() => {
    assert.fail(`the runner process never started the job: ${out}`);
  });
  return child;
}

const jobOf = async (id: string) => (await a.query<any>('SELECT * FROM jobs WHERE id = $1', [id]))[0];

test('a runner killed mid-job: its live lock holds the job past the lease, then another runs it once', async (t) => {
  if (!needDatabase(t)) return;
  const k = kind('killed');
  const { job } = await a.transaction((tx) => scheduleJob(tx, { kind: k, subjectId: 'order-1', runAt: new Date() }));
  const child = await runnerThatWillDie(k);

  const ran: Record<string, unknown>[] = [];
  const { r, log } = runner(b, { [k]: async (_tx, j) => void ran.push(j.payload ?? {}) });
  r.start();
  // The dying runner is still alive: its transaction holds the row, lease or no lease.
  await sleep(LEASE_MS + 500);
  assert.equal(ran.length, 0, 'taken from a live runner');
  assert.equal((await jobOf(job.id)).done_at, null);

  const exited = new Promise((resolve) => child.on('exit', resolve));
  process.kill(-(child.pid as number), 'SIGKILL');
  await exited;
  await eventually(async () => (await jobOf(job.id)).done_at ?? undefined, 10_000);
  const done = await jobOf(job.id);
  assert.equal(ran.length, 1);
  assert.deepEqual(ran[0], {}, 'the killed runner’s write inside the job was rolled back');
  assert.equal(done.attempts, 2);
  assert.equal(done.last_error, null);
  assert.equal(done.lease_owner, null);
  assert.deepEqual(log.lines, []);
});

test('two runners racing for 30 due jobs run each exactly once', async (t) => {
  if (!needDatabase(t)) return;
  const k = kind('race');
  const ids = await a.transaction(async (tx) => {
    const out: string[] = [];
    for (let i = 0; i < 30; i++) {
      out.push((await scheduleJob(tx, { kind: k, subjectId: `order-${i}`, runAt: new Date() })).job.id);
    }
    return out;
  });
  const runs = new Map<string, string[]>();
  const handler =
    (name: string): JobHandler =>
    async (_tx, job) => {
      runs.set(job.id, [...(runs.get(job.id) ?? []), name]);
      await sleep(10);
    };
  const first = runner(a, { [k]: handler('a') });
  const second = runner(b, { [k]: handler('b') });
  first.r.start();
  second.r.start();
  await eventually(async () => {
    const [{ open }] = await a.query<{ open: number }>(
      'SELECT count(*)::int AS open FROM jobs WHERE kind = $1 AND done_at IS NULL',
      [k],
    );
    return open === 0 ? true : undefined;
  }, 10_000);
  assert.deepEqual([...runs.keys()].sort(), [...ids].sort());
  for (const [id, by] of runs) assert.equal(by.length, 1, `${id} ran ${by.join(', ')}`);
  assert.deepEqual([...first.log.lines, ...second.log.lines], []);
});
