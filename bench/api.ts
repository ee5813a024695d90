/**
 * Read-path latencies on a seeded database, through the HTTP layer (Fastify inject, no network):
 * the first page of a list against a page 90 % deep, filtered lists, financials and analytics.
 *
 *   DATABASE_URL=postgres://… npm run seed -- --orders 200000
 *   DATABASE_URL=postgres://… npx tsx bench/api.ts [--runs 20]
 *
 * Prints a table of median and p95 milliseconds per request.
 */
import { buildApp } from '../src/app.js';
import { openDb } from '../src/db/client.js';
import { issueKey } from '../src/domain/api-keys.js';
import { memoryStore } from '../src/http/rate-limit-store.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to a database filled by `npm run seed`.');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 20;

const db = await openDb({ databaseUrl: url });
const app = await buildApp({ db, store: memoryStore() });
await app.ready();

// The location with the most orders, and its organization.
const [top] = await db.query<{ location_id: string; organization_id: string; n: number }>(
  `SELECT location_id, organization_id, count(*)::int AS n FROM orders WHERE organization_id IS NOT NULL
   GROUP BY 1, 2 ORDER BY n DESC LIMIT 1`,
);
const [deep] = await db.query<{ id: string }>(
  'SELECT id FROM orders WHERE location_id = $1 ORDER BY created_at, id OFFSET $2 LIMIT 1',
  [top.location_id, Math.floor(top.n * 0.9)],
);
const [deepFin] = await db.query<{ id: string }>(
  'SELECT id FROM orders WHERE organization_id = $1 ORDER BY created_at, id OFFSET $2 LIMIT 1',
  [top.organization_id, Math.floor(top.n * 0.9)],
);
const key = (await issueKey(db, { organization_id: top.organization_id, permissions: ['*'], name: 'bench' })).secret!;

const loc = `/v1/locations/${top.location_id}`;
const org = `/v1/organizations/${top.organization_id}`;
const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
const cases: [string, string][] = [
  ['orders, first page (100)', `${loc}/orders?limit=100`],
  ['orders, page 90 % deep (100)', `${loc}/orders?limit=100&starting_after=${deep.id}`],
  ['orders, status=completed (100)', `${loc}/orders?limit=100&status=completed`],
  ['orders, service_type=eat_in (100)', `${loc}/orders?limit=100&service_type=eat_in`],
  ['orders, updated in the last hour', `${loc}/orders?limit=100&updated_after=${hourAgo}`],
  ['financials, first page (100)', `${org}/orders/financials?limit=100`],
  ['financials, page 90 % deep (100)', `${org}/orders/financials?limit=100&starting_after=${deepFin.id}`],
  ['analytics, last 30 days', `${loc}/analytics/products`],
  [
    'analytics, 90 days, delivery',
    `${loc}/analytics/products?service_type=delivery&from=${new Date(Date.now() - 90 * 86_400_000).toISOString()}`,
  ],
];

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))];
console.log(`location ${top.location_id}: ${top.n.toLocaleString('en')} orders; ${RUNS} runs per row\n`);
console.log('| request | median ms | p95 ms |');
console.log('|---|---:|---:|');
for (const [name, path] of cases) {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: path, headers: { 'x-api-key': key } });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    if (i >= 2) times.push(performance.now() - t0); // two warm-up requests
  }
  times.sort((a, b) => a - b);
  console.log(`| ${name} | ${pct(times, 0.5).toFixed(1)} | ${pct(times, 0.95).toFixed(1)} |`);
}
await app.close();
await db.close();
