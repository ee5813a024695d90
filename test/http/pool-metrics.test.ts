/**
 * Database pool use in /metrics: on PostgreSQL the pool's open, idle and waiting counts at scrape time;
 * on PGlite (one in-process connection, no pool) the series are absent. The PostgreSQL part runs on
 * DATABASE_URL or the machine's server; when neither answers it fails under CI=true and is skipped with
 * the reason elsewhere.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { type App, buildApp } from '../../src/app.js';
import { postgresDb } from '../../src/db/client.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { testDb } from '../helpers/db.js';

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const apps: App[] = [];
const closers: (() => Promise<void>)[] = [];
after(async () => {
  for (const app of apps) await app.close();
  for (const close of closers) await close();
});

async function metricsOf(db: Parameters<typeof buildApp>[0]['db']) {
  const app = await buildApp({ db, store: memoryStore() });
  await app.ready();
  // The job runner's looks for due jobs would use the pool at any moment; these figures are about the
  // test's own queries (on the bare `postgres` database, which has no jobs table either).
  await app.jobs.stop();
  apps.push(app);
  return async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(res.statusCode, 200);
    const value = (name: string) => {
      const line = res.body.split('\n').find((l) => l.startsWith(`${name} `));
      return line === undefined ? undefined : Number(line.split(' ')[1]);
    };
    return {
      text: res.body,
      total: value('db_pool_connections'),
      idle: value('db_pool_connections_idle'),
      waiting: value('db_pool_waiting'),
      max: value('db_pool_connections_max'),
    };
  };
}

test('the test database: PGlite has no pool and no db_pool series; PostgreSQL has them', async () => {
  const db = await testDb();
  closers.push(() => db.close());
  const scraped = await (await metricsOf(db))();
  if (db.kind === 'pglite') assert.doesNotMatch(scraped.text, /^db_pool_/m);
  else assert.equal(scraped.max, 10);
});

test('on PostgreSQL: connections open, idle and waiting as they are at scrape time', async (t) => {
  const db = postgresDb(PG_URL, 2);
  closers.push(() => db.close());
  try {
    await db.query('SELECT 1');
  } catch (err) {
    const reason = `PostgreSQL at ${new URL(PG_URL).host} is not reachable: ${(err as Error).message}`;
    if (process.env.CI === 'true') throw new Error(reason);
    t.skip(reason);
    return;
  }
  const scrape = await metricsOf(db);
  await db.query('SELECT 1');
  // The app's background work (the job runner's first look for due jobs) uses the pool once it is ready;
  // the figures below are about this test's own queries, so they start from a quiet pool.
  const deadline = Date.now() + 5_000;
  for (let s = db.stats?.(); s && (s.idle !== s.total || s.waiting > 0) && Date.now() < deadline; s = db.stats?.()) {
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.deepEqual(await scrape().then(({ total, idle, waiting, max }) => ({ total, idle, waiting, max })), {
    total: 1,
    idle: 1,
    waiting: 0,
    max: 2,
  });

  // Two transactions hold both connections; a third query waits for one.
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  let started = 0;
  const holders = [1, 2].map(() =>
    db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      started++;
      await held;
    }),
  );
  while (started < 2) await new Promise((r) => setTimeout(r, 10));
  const waiter = db.query('SELECT 1');
  const busy = await scrape();
  assert.deepEqual({ total: busy.total, idle: busy.idle, waiting: busy.waiting }, { total: 2, idle: 0, waiting: 1 });

  release();
  await Promise.all([...holders, waiter]);
  const after = await scrape();
  assert.deepEqual({ total: after.total, idle: after.idle, waiting: after.waiting }, { total: 2, idle: 2, waiting: 0 });
});
