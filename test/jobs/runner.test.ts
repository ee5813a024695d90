/** The job runner on this process's database: wake-ups, retries, stop, purge, and what it costs idle. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Db, Notice } from '../../src/db/client.js';
import { JobRunner, type JobRunnerOptions } from '../../src/jobs/runner.js';
import { jobNoticeDueAt, purgeDoneJobs, scheduleJob } from '../../src/jobs/schedule.js';
import type { JobHandler } from '../../src/jobs/types.js';
import { eventually } from '../conversations/_support.js';
import { testDb } from '../helpers/db.js';
import { recordingLog } from '../orders/_acceptance.js';

let db: Db;
const runners: JobRunner[] = [];
let n = 0;
/** A kind of this test process's own: runners of other test processes never claim it. */
const kind = (name: string) => `test.${name}.${process.pid}.${++n}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

before(async () => {
  db = await testDb();
});
after(async () => {
  for (const r of runners) await r.stop();
});

function runner(handlers: Record<string, JobHandler>, over: Partial<JobRunnerOptions> = {}, on: Db = db) {
  const log = recordingLog();
  const r = new JobRunner(on, log, { handlers, pollIntervalMs: 60_000, ...over });
  runners.push(r);
  return { r, log };
}
const schedule = (k: string, subjectId: string, runAt: Date, payload: Record<string, unknown> | null = null) =>
  db.transaction((tx) => scheduleJob(tx, { kind: k, subjectId, runAt, payload }));
const jobOf = async (id: string) => (await db.query<any>('SELECT * FROM jobs WHERE id = $1', [id]))[0];

test('a job scheduled in this process runs at its time, woken by its timer (the poll is a minute away)', async () => {
  const k = kind('timer');
  const ranAt: number[] = [];
  const { r, log } = runner({ [k]: async () => void ranAt.push(Date.now()) });
  r.start();
  await sleep(50); // the start-up pass has looked and found nothing
  const runAt = new Date(Date.now() + 300);
  const { job, created } = await schedule(k, 'order-1', runAt, { a: 1 });
  assert.equal(created, true);
  assert.match(job.id, /^job_/);
  await eventually(async () => (await jobOf(job.id)).done_at ?? undefined, 3000);
  assert.equal(ranAt.length, 1);
  assert.ok(ranAt[0] >= runAt.getTime(), 'ran before its time');
  const done = await jobOf(job.id);
  assert.deepEqual([done.attempts, done.lease_owner, done.lease_until, done.last_error], [1, null, null, null]);
  assert.deepEqual(log.lines, []);
});

test("a job due later is claimed at its time, not when its NOTIFY arrives (another process's, here as one)", async () => {
  const k = kind('notice');
  const claims: number[] = [];
  let mine: (n: Notice | null) => boolean = () => true;
  const remote: Db = {
    ...db,
    query: (sql, params, prepared) => {
      if (/^\s*WITH due AS/.test(sql) && sql.includes('FROM jobs')) claims.push(Date.now());
      return db.query(sql, params, prepared);
    },
    // Every notice as if another process's connection had sent it.
    listen: (channel, onNotify) => db.listen(channel, (n) => mine(n) && onNotify(n && { ...n, local: false })),
  };
  const ranAt: number[] = [];
  const { r } = runner({ [k]: async () => void ranAt.push(Date.now()) }, {}, remote);
  r.start();
  await eventually(async () => claims.length > 0 || undefined, 3000); // the start-up pass
  await sleep(50);
  const before = claims.length;
  const runAt = new Date(Date.now() + 400);
  // Only this job's notice: on a shared PostgreSQL, other test files' jobs due now wake this runner too.
  mine = (n) => n === null || jobNoticeDueAt(n.payload) === runAt.getTime();
  const { job } = await schedule(k, 'order-1', runAt);
  await sleep(250);
  assert.equal(claims.length, before, 'no claim before the job is due');
  await eventually(async () => (await jobOf(job.id)).done_at ?? undefined, 3000);
  assert.ok(ranAt[0] >= runAt.getTime(), 'ran before its time');
});

test('a job this process schedules, due at once, is claimed after its transaction commits, not before', async () => {
  const k = kind('commit');
  const { r } = runner({ [k]: async () => {} });
  r.start();
  await sleep(50);
  const { job } = await db.transaction(async (tx) => {
    const scheduled = await scheduleJob(tx, { kind: k, subjectId: 'order-1', runAt: new Date() });
    // A claim woken now would not see it (on PostgreSQL; PGlite's one connection waits for the commit).
    await sleep(300);
    return scheduled;
  });
  // The poll is a minute away: only a wake-up after the commit runs it in time.
  await eventually(async () => (await jobOf(job.id)).done_at ?? undefined, 3000);
});

test('scheduling is idempotent per kind and subject: the second call finds the first job', async () => {
  const k = kind('idem');
  const first = await schedule(k, 'order-1', new Date(Date.now() + 60_000), { v: 1 });
  const again = await schedule(k, 'order-1', new Date(Date.now() + 1_000), { v: 2 });
  assert.equal(again.created, false);
  assert.equal(again.job.id, first.job.id);
  assert.equal(again.job.run_at.getTime(), first.job.run_at.getTime());
  assert.deepEqual(again.job.payload, { v: 1 });
  const other = await schedule(kind('idem'), 'order-1', new Date(), null);
  assert.equal(other.created, true);
});

test('a failing job is rolled back, retried after its backoff, and keeps its last error', async () => {
  const k = kind('retry');
  let calls = 0;
  const { r, log } = runner(
    {
      [k]: async (tx, job) => {
        calls++;
        await tx.query('UPDATE jobs SET payload = $2 WHERE id = $1', [job.id, JSON.stringify({ touched: calls })]);
        if (calls === 1) throw new Error('database hiccup');
      },
    },
    { retryDelaysMs: [400] },
  );
  const { job } = await schedule(k, 'order-1', new Date());
  const failedAt = Date.now();
  assert.equal(await r.runDue(), 1);
  const failed = await jobOf(job.id);
  assert.equal(failed.last_error, 'database hiccup');
  assert.equal(failed.payload, null, 'the failed attempt wrote nothing');
  assert.equal(failed.done_at, null);
  assert.equal(failed.lease_owner, null);
  const wait = failed.run_at.getTime() - failedAt;
  assert.ok(wait >= 300 && wait <= 600, `retry in ${wait} ms`);
  assert.equal(await r.runDue(), 0, 'not before its backoff');
  r.start();
  await eventually(async () => (await jobOf(job.id)).done_at ?? undefined, 3000);
  const done = await jobOf(job.id);
  assert.deepEqual([done.attempts, done.last_error, done.payload], [2, 'database hiccup', { touched: 2 }]);
  assert.equal(log.lines.length, 1);
  assert.match(log.lines[0], /job failed/);
});

test('stop waits for the job in hand, which finishes and is marked done', async () => {
  const k = kind('stop');
  let started = false;
  let finished = false;
  const { r } = runner({
    [k]: async () => {
      started = true;
      await sleep(300);
      finished = true;
    },
  });
  const { job } = await schedule(k, 'order-1', new Date());
  r.start();
  await eventually(async () => started || undefined, 3000);
  await r.stop();
  assert.equal(finished, true);
  assert.ok((await jobOf(job.id)).done_at);
});

test('idle, the runner asks the database once per poll and opens no transaction', async () => {
  let queries = 0;
  let transactions = 0;
  const counting: Db = {
    ...db,
    query: (sql, params) => {
      queries++;
      return db.query(sql, params);
    },
    transaction: (fn) => {
      transactions++;
      return db.transaction(fn);
    },
  };
  const { r } = runner({ [kind('idle')]: async () => {} }, { pollIntervalMs: 50 }, counting);
  r.start();
  await sleep(500);
  await r.stop();
  assert.ok(queries >= 3 && queries <= 12, `${queries} queries in 500 ms`);
  assert.equal(transactions, 0);
});

test('done jobs are purged after 7 days; open and recent ones stay', async () => {
  const k = kind('purge');
  const ids: string[] = [];
  for (const [subject, doneDaysAgo] of [
    ['old', 8],
    ['recent', 6],
    ['open', null],
  ] as const) {
    const { job } = await schedule(k, subject, new Date());
    ids.push(job.id);
    if (doneDaysAgo !== null) {
      await db.query(`UPDATE jobs SET done_at = now() - $2 * interval '1 day' WHERE id = $1`, [job.id, doneDaysAgo]);
    }
  }
  await purgeDoneJobs(db);
  const left = await db.query<{ subject_id: string }>(
    'SELECT subject_id FROM jobs WHERE kind = $1 ORDER BY subject_id',
    [k],
  );
  assert.deepEqual(
    left.map((j) => j.subject_id),
    ['open', 'recent'],
  );
});
