/**
 * Product analytics over HTTP (a real port, keep-alive, one request at a time) on a seeded PostgreSQL
 * database: p50/p99 per period, and the same answer computed from the order rows alone (the query the
 * endpoint ran before rollups) as a check and for comparison.
 *
 *   createdb -h 127.0.0.1 -U postgres bench_analytics
 *   export DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_analytics
 *   npm run seed -- --orders 400000 --organizations 1 --days 30
 *   npm run seed -- --orders 200000 --organizations 1 --days 366 --seed 43   # a year of history beside it
 *   npm run bench:analytics -- [--runs 100] [--raw-runs 3]
 *
 * "busy": the location with the most orders in the last 30 days; "year": the one with the most daily
 * rollup rows (the widest year of sales).
 */
import { cpus, loadavg } from 'node:os';
import { buildApp } from '../src/app.js';
import { openDb } from '../src/db/client.js';
import { issueKey } from '../src/domain/api-keys.js';
import { memoryStore } from '../src/http/rate-limit-store.js';
import { type Period, rawAnalytics } from '../test/orders/_rollups.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to a database filled by `npm run seed`.');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 100);
const RAW_RUNS = arg('raw-runs', 3);
const DAY = 86_400_000;

const db = await openDb({ databaseUrl: url });
const app = await buildApp({ db, store: memoryStore() });
const base = await app.listen({ host: '127.0.0.1', port: 0 });

type Loc = { id: string; organization_id: string; timezone: string };
const pick = async (sql: string) => (await db.query<Loc>(sql))[0];
const busy =
  await pick(`SELECT l.id, l.organization_id, l.timezone FROM orders o JOIN locations l ON l.id = o.location_id
  WHERE o.created_at >= now() - interval '30 days' AND l.organization_id IS NOT NULL
  GROUP BY 1, 2, 3 ORDER BY count(*) DESC LIMIT 1`);
const year = await pick(`SELECT l.id, l.organization_id, l.timezone FROM analytics_daily_products r
  JOIN locations l ON l.id = r.location_id WHERE l.organization_id IS NOT NULL
  GROUP BY 1, 2, 3 ORDER BY count(*) DESC LIMIT 1`);
const keys = new Map<string, string>();
for (const l of [busy, year]) {
  if (!keys.has(l.organization_id)) {
    const k = await issueKey(db, { organization_id: l.organization_id, permissions: ['*'], name: 'bench' });
    keys.set(l.organization_id, k.secret as string);
  }
}
const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
const [{ midnight }] = await db.query<{ midnight: Date }>(
  `SELECT ((now() AT TIME ZONE $1)::date::timestamp AT TIME ZONE $1) AS midnight`,
  [busy.timezone],
);
const wholeDays: Period = { from: iso(midnight.getTime() - 30 * DAY), to: iso(midnight.getTime()), service_type: null };

const cases: { name: string; loc: Loc; period: Period | null; raw: boolean }[] = [
  { name: 'busy, last 30 days (default period)', loc: busy, period: null, raw: true },
  { name: 'busy, 30 whole local days', loc: busy, period: wholeDays, raw: false },
  {
    name: 'busy, last 30 days, delivery',
    loc: busy,
    period: { from: iso(now - 30 * DAY), to: iso(now), service_type: 'delivery' },
    raw: false,
  },
  {
    name: 'busy, 366 days',
    loc: busy,
    period: { from: iso(now - 366 * DAY), to: iso(now), service_type: null },
    raw: false,
  },
  {
    name: 'year, 366 days',
    loc: year,
    period: { from: iso(now - 366 * DAY), to: iso(now), service_type: null },
    raw: true,
  },
  {
    name: 'year, 366 days, collection',
    loc: year,
    period: { from: iso(now - 366 * DAY), to: iso(now), service_type: 'collection' },
    raw: false,
  },
];

async function get(loc: Loc, period: Period | null) {
  const q = period
    ? `?${new URLSearchParams({ from: period.from, to: period.to, ...(period.service_type ? { service_type: period.service_type } : {}) })}`
    : '';
  const res = await fetch(`${base}/v1/locations/${loc.id}/analytics/products${q}`, {
    headers: { 'x-api-key': keys.get(loc.organization_id)! },
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.ceil(xs.length * p) - 1)];
const [{ version }] = await db.query<{ version: string }>("SELECT current_setting('server_version') AS version");
console.log(`${cpus().length} × ${cpus()[0].model}, Node ${process.version}, PostgreSQL ${version}`);
console.log(
  `load average before: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}; ${RUNS} requests per row\n`,
);
console.log('| period | location | counted orders | p50 ms | p99 ms | rows alone, median ms |');
console.log('|---|---|---:|---:|---:|---:|');
for (const c of cases) {
  const times: number[] = [];
  let body: any;
  for (let i = 0; i < RUNS + 3; i++) {
    const t0 = performance.now();
    body = await get(c.loc, c.period);
    if (i >= 3) times.push(performance.now() - t0); // three warm-up requests
  }
  times.sort((a, b) => a - b);
  const period = { ...body.period };
  const [{ n }] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM orders WHERE location_id = $1 AND created_at >= $2 AND created_at < $3
     AND status NOT IN ('rejected', 'cancelled') AND ($4::text IS NULL OR service_type = $4)`,
    [c.loc.id, period.from, period.to, period.service_type],
  );
  let raw = '';
  if (c.raw && RAW_RUNS > 0) {
    const rawTimes: number[] = [];
    for (let i = 0; i < RAW_RUNS; i++) {
      const t0 = performance.now();
      const expected = await rawAnalytics(db, c.loc.id, period);
      rawTimes.push(performance.now() - t0);
      const got = {
        summary: body.summary,
        top_products: body.top_products,
        daily_top_product_sales: body.daily_top_product_sales,
      };
      if (JSON.stringify(got) !== JSON.stringify(expected)) throw new Error(`${c.name}: rollups differ from the rows`);
    }
    raw = pct(
      rawTimes.sort((a, b) => a - b),
      0.5,
    ).toFixed(0);
  }
  const loc = c.loc === busy ? 'busy' : 'year';
  console.log(
    `| ${c.name} | ${loc} | ${n.toLocaleString('en')} | ${pct(times, 0.5).toFixed(1)} | ${pct(times, 0.99).toFixed(1)} | ${raw} |`,
  );
}
console.log(
  `\nload average after: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
await app.close();
await db.close();
