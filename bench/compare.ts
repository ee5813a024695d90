/**
 * Side by side: the real `GET /v1/locations/{id}/orders` against a bare Fastify handler running the same
 * keyset query on the same table (bench/compare/bare.ts), loaded in one run with the same random requests
 * (autocannon: 50 connections, random locations and cursors, one of 400 org keys per request so the rate
 * limit never binds). Then page 1 against a deep page on the real server. On PostgreSQL and on PGlite.
 *
 *   npm run bench:compare -- [--db pg|pglite|both] [--seconds 10] [--pg-orders 100000] [--pglite-orders 20000]
 *                            [--rounds 3] [--keys 400] [--port 4150] [--minutes N]
 *
 * PostgreSQL: COMPARE_DATABASE_URL (else DATABASE_URL), seeded through `npm run seed` when it has fewer
 * orders than asked. PGlite: COMPARE_DATA_DIR (default ./data/bench-compare), copied for the bare handler.
 * COMPARE_NODE_ARGS passes node options to both servers (`--cpu-prof --cpu-prof-dir=…` for a profile).
 * `--minutes N` instead loads the real server alone for N minutes and reports its RSS minute by minute.
 */
import { cpSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openDb } from '../src/db/client.js';
import { depthCase, ensureSeeded, type PageRequest, pageRequests } from './compare/data.js';
import { barePath, type Figures, load, realPath } from './compare/load.js';
import { rssMb, type Server, startBare, startReal } from './compare/servers.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '10' },
    'pg-orders': { type: 'string', default: '100000' },
    'pglite-orders': { type: 'string', default: '20000' },
    // At 3,000+ req/s a key's 1,000 a minute binds below about 200 keys: 400, so it never does.
    keys: { type: 'string', default: '400' },
    port: { type: 'string', default: '4150' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    minutes: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const ROUNDS = Number(values.rounds);
const PORT = Number(values.port);
const MINUTES = values.minutes === undefined ? undefined : Number(values.minutes);
// A long run spends each key's budget (1,000 a minute): enough keys that it never binds at ~2,000 req/s.
const KEYS = MINUTES ? Math.max(Number(values.keys), 200) : Number(values.keys);

const ms = (n: number) => `${n.toFixed(0)} ms`;
const row = (name: string, f: Figures) =>
  `| ${name} | ${f.rps.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p99)} | ${f.non2xx} | ${f.errors} |`;

async function uptime() {
  const { loadavg } = await import('node:os');
  return `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;
}

async function withServers<T>(starts: (() => Promise<Server>)[], fn: (s: Server[]) => Promise<T>) {
  const servers: Server[] = [];
  try {
    for (const s of starts) servers.push(await s());
    return await fn(servers);
  } finally {
    for (const s of servers) await s.stop();
  }
}

/** Request-weighted over the rounds; the worst p99 of any round. */
function overall(runs: Figures[]): Figures {
  const rps = runs.reduce((sum, f) => sum + f.rps, 0) / runs.length;
  const weighted = (pick: (f: Figures) => number) =>
    runs.reduce((sum, f) => sum + pick(f) * f.rps, 0) / (rps * runs.length);
  return {
    rps,
    p50: weighted((f) => f.p50),
    p99: Math.max(...runs.map((f) => f.p99)),
    non2xx: runs.reduce((sum, f) => sum + f.non2xx, 0),
    errors: runs.reduce((sum, f) => sum + f.errors, 0),
  };
}

async function compare(label: string, requests: PageRequest[], bare: Server, real: Server) {
  // Warm both (JIT, pools, caches) on the same requests, then measure in alternating rounds, so a change
  // in the machine's load (it is shared) falls on both.
  await load(bare.url, requests, barePath, 3, CONNECTIONS);
  await load(real.url, requests, realPath, 3, CONNECTIONS);
  const b: Figures[] = [];
  const r: Figures[] = [];
  console.log(`\n## ${label}: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each\n`);
  console.log('| round | server | req/s | p50 | p99 | non-2xx | errors |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (let i = 1; i <= ROUNDS; i++) {
    b.push(await load(bare.url, requests, barePath, SECONDS, CONNECTIONS));
    r.push(await load(real.url, requests, realPath, SECONDS, CONNECTIONS));
    console.log(`| ${i} ${row('bare', b[i - 1])}`);
    console.log(`| ${i} ${row('real', r[i - 1])}`);
    console.log(`| | (${await uptime()}) | | | | | |`);
  }
  const [bb, rr] = [overall(b), overall(r)];
  console.log(`| all ${row('bare', bb)}`);
  console.log(`| all ${row('real', rr)}`);
  console.log(
    `\nratio real/bare: ${(rr.rps / bb.rps).toFixed(2)}× req/s (rounds: ${r.map((f, i) => (f.rps / b[i].rps).toFixed(2)).join(', ')}); worst p99 ${ms(rr.p99)} vs ${ms(bb.p99)}`,
  );
  console.log(`real server RSS after the run: ${rssMb(real.pid)} MB`);
  refusals(rr);
}

/** Figures with refused requests (a rate limit that bound) do not measure the list: said, not hidden. */
function refusals(...figures: Figures[]) {
  if (figures.some((f) => f.non2xx > 0)) {
    console.log('\n**Some answers were not 2xx (a rate limit bound?): these figures do not measure the list.**');
  }
}

async function depth(real: Server, d: Awaited<ReturnType<typeof depthCase>>) {
  const firstPath = (r: PageRequest) => ({
    path: `/v1/locations/${r.locationId}/orders?limit=10`,
    headers: { 'x-api-key': r.key },
  });
  const first: Figures[] = [];
  const second: Figures[] = [];
  const deep: Figures[] = [];
  const seconds = Math.ceil(SECONDS / 2);
  // Alternating rounds, like the comparison: one run each is at the mercy of the machine's load.
  for (let i = 0; i < ROUNDS; i++) {
    first.push(await load(real.url, d.first, firstPath, seconds, CONNECTIONS));
    second.push(await load(real.url, d.second, realPath, seconds, CONNECTIONS));
    deep.push(await load(real.url, d.deep, realPath, seconds, CONNECTIONS));
  }
  const [p1, p2, pn] = [overall(first), overall(second), overall(deep)];
  console.log(
    `\nPage depth on the real server, location with ${d.orders} orders, ${ROUNDS} rounds of ${seconds} s (${await uptime()}):\n`,
  );
  console.log('| page | req/s | p50 | p99 | non-2xx | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  console.log(row('1', p1));
  console.log(row('2', p2));
  console.log(row(String(d.page), pn));
  const rounds = first.map((f, i) => (f.rps / deep[i].rps).toFixed(2)).join(', ');
  console.log(`\npage ${d.page} costs ${(p1.rps / pn.rps).toFixed(2)}× page 1 (by req/s; rounds: ${rounds})`);
  // Page 1 names no cursor; every later page looks its cursor up first: page 2 against the deep page is
  // what the depth alone costs.
  const rounds2 = second.map((f, i) => (f.rps / deep[i].rps).toFixed(2)).join(', ');
  console.log(`page ${d.page} costs ${(p2.rps / pn.rps).toFixed(2)}× page 2 (by req/s; rounds: ${rounds2})`);
  refusals(p1, p2, pn);
}

async function soak(real: Server, requests: PageRequest[], minutes: number) {
  console.log(`\n## Memory: real server alone, ${minutes} min at ${CONNECTIONS} connections (${await uptime()})\n`);
  console.log('| minute | req/s | p99 | non-2xx | RSS |');
  console.log('|---:|---:|---:|---:|---:|');
  console.log(`| 0 | | | | ${rssMb(real.pid)} MB |`);
  for (let m = 1; m <= minutes; m++) {
    const f = await load(real.url, requests, realPath, 60, CONNECTIONS);
    console.log(`| ${m} | ${f.rps.toFixed(0)} | ${ms(f.p99)} | ${f.non2xx} | ${rssMb(real.pid)} MB |`);
  }
  console.log(`\n(${await uptime()})`);
}

async function onPostgres() {
  const url = process.env.COMPARE_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) throw new Error('Set COMPARE_DATABASE_URL (or DATABASE_URL) to a database of your own.');
  const { db, orders } = await ensureSeeded(
    await openDb({ databaseUrl: url }),
    { env: { DATABASE_URL: url } },
    Number(values['pg-orders']),
  );
  const requests = await pageRequests(db, KEYS, 5000);
  const d = await depthCase(db, KEYS);
  await db.close();
  const real = () => startReal({ DATABASE_URL: url }, PORT + 1);
  if (MINUTES) return withServers([real], ([r]) => soak(r, requests, MINUTES));
  await withServers([() => startBare({ BARE_DATABASE_URL: url }, PORT), real], async ([b, r]) => {
    await compare(`PostgreSQL, ${orders} orders`, requests, b, r);
    await depth(r, d);
  });
}

async function onPglite() {
  const dir = process.env.COMPARE_DATA_DIR ?? './data/bench-compare';
  const open = () => openDb({ dataDir: dir });
  const { db, orders } = await ensureSeeded(open, { env: { DATA_DIR: dir } }, Number(values['pglite-orders']));
  const requests = await pageRequests(db, KEYS, 5000);
  const d = await depthCase(db, KEYS);
  await db.close();
  const copy = `${dir}-bare`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(dir, copy, { recursive: true });
  const real = () => startReal({ DATA_DIR: dir }, PORT + 3);
  if (MINUTES) return withServers([real], ([r]) => soak(r, requests, MINUTES));
  await withServers([() => startBare({ BARE_DATA_DIR: copy }, PORT + 2), real], async ([b, r]) => {
    await compare(`PGlite, ${orders} orders`, requests, b, r);
    await depth(r, d);
  });
}

console.log(`# bench/compare.ts ${process.argv.slice(2).join(' ')}\n\n${new Date().toISOString()}, ${await uptime()}`);
if (values.db !== 'pglite') await onPostgres();
if (values.db !== 'pg') await onPglite();
