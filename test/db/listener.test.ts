/**
 * The LISTEN connection (src/db/listener.ts) takes channels added at the same moment one at a time: pg
 * runs one query per client, and a query queued behind another is deprecated (pg 8 warns, pg 9 refuses).
 * Several queues start their pumps together when the server starts, each listening to its channel.
 * Needs the machine's PostgreSQL (or DATABASE_URL): under CI=true its absence fails the test, elsewhere it
 * is skipped with the reason.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import pg from 'pg';
import { PgListener } from '../../src/db/listener.js';

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const closers: (() => Promise<void>)[] = [];
after(async () => {
  for (const close of closers.reverse()) await close();
});

test('channels listened to together: no query queued on the connection, every channel notified', async (t) => {
  const sender = new pg.Client({ connectionString: PG_URL });
  try {
    await sender.connect();
  } catch (err) {
    const reason = `PostgreSQL at ${new URL(PG_URL).host} is not reachable: ${(err as Error).message}`;
    if (process.env.CI === 'true') throw new Error(reason);
    t.skip(reason);
    return;
  }
  closers.push(() => sender.end());
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.message);
  process.on('warning', onWarning);
  closers.push(async () => void process.off('warning', onWarning));

  const listener = new PgListener(PG_URL, () => false);
  closers.push(() => listener.close());
  const tag = `l${process.pid}_${Date.now()}`;
  const got = new Map<string, string[]>();
  const listen = (channel: string) =>
    listener.listen(channel, (n) => {
      if (n) got.set(channel, [...(got.get(channel) ?? []), n.payload]);
    });
  // The first waits for the connection; the next ones arrive on a live connection, all at once.
  const stops = [await listen(`${tag}_a`)];
  const channels = ['b', 'c', 'd', 'e'].map((s) => `${tag}_${s}`);
  stops.push(...(await Promise.all(channels.map(listen))));
  for (const channel of [`${tag}_a`, ...channels]) await sender.query(`NOTIFY ${channel}, 'hello'`);
  const deadline = Date.now() + 5_000;
  while (got.size < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual([...got.keys()].sort(), [`${tag}_a`, ...channels]);

  // Stopped together, the same: one UNLISTEN after the other, and nothing heard after.
  await Promise.all(stops.map((stop) => stop()));
  await sender.query(`NOTIFY ${tag}_b, 'after'`);
  await new Promise((r) => setTimeout(r, 200));
  assert.deepEqual(got.get(`${tag}_b`), ['hello']);
  // Warnings are emitted on the next tick.
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(
    warnings.filter((w) => /already executing a query/.test(w)),
    [],
  );
});
