/**
 * The comparison's data: a seeded database (reused when it holds enough orders), org keys for the real
 * server, and one list of random page requests (a location and a cursor in it) both servers get.
 */
import { spawnSync } from 'node:child_process';
import type { Db } from '../../src/db/client.js';
import { issueKey } from '../../src/domain/api-keys.js';

export interface Target {
  /** DATABASE_URL for PostgreSQL, DATA_DIR for PGlite. */
  env: Record<string, string>;
}

/** Seeds through `npm run seed` when the database has fewer orders than asked for. */
export async function ensureSeeded(db: Db | (() => Promise<Db>), target: Target, orders: number) {
  const open = typeof db === 'function' ? db : async () => db;
  let handle = await open();
  const count = await countOrders(handle);
  if (count >= orders) return { db: handle, orders: count };
  // PGlite's folder takes one process: the seeding child needs it closed.
  if (typeof db === 'function') await handle.close();
  process.stderr.write(`seeding ${orders} orders (found ${count})…\n`);
  const seeded = spawnSync(
    'npm',
    ['run', 'seed', '--', '--orders', String(orders), '--seed', String(Date.now() % 1e6)],
    {
      env: { ...process.env, ...target.env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (seeded.status !== 0) throw new Error('npm run seed failed');
  if (typeof db === 'function') handle = await open();
  return { db: handle, orders: await countOrders(handle) };
}

async function countOrders(db: Db) {
  try {
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    return row.n;
  } catch {
    return 0; // not migrated yet
  }
}

export interface PageRequest {
  locationId: string;
  organizationId: string;
  cursor: string;
  key: string;
}

/** `keys` org keys spread over the organizations, then `count` random (location, cursor, key) triples. */
export async function pageRequests(db: Db, keys: number, count: number): Promise<PageRequest[]> {
  const orgs = await db.query<{ id: string }>(
    'SELECT DISTINCT organization_id AS id FROM orders WHERE organization_id IS NOT NULL ORDER BY 1',
  );
  const byOrg = new Map<string, string[]>();
  for (let i = 0; i < keys; i++) {
    const org = orgs[i % orgs.length].id;
    const key = await issueKey(db, { organization_id: org, permissions: ['orders.read'], name: `bench-compare ${i}` });
    byOrg.set(org, [...(byOrg.get(org) ?? []), key.secret as string]);
  }
  const rows = await db.query<{ id: string; location_id: string; organization_id: string }>(
    `SELECT id, location_id, organization_id FROM orders WHERE organization_id IS NOT NULL ORDER BY random() LIMIT $1`,
    [count],
  );
  return rows.map((r, i) => {
    const own = byOrg.get(r.organization_id) as string[];
    return { locationId: r.location_id, organizationId: r.organization_id, cursor: r.id, key: own[i % own.length] };
  });
}

/**
 * The busiest location's page 1, page 2 and a deep page (about page `wantPage`), as requests with every key
 * that reaches it.
 */
export async function depthCase(db: Db, keyCount: number, wantPage = 5000, limit = 10) {
  const [top] = await db.query<{ location_id: string; n: number }>(
    `SELECT location_id, count(*)::int AS n FROM orders WHERE organization_id IS NOT NULL
     GROUP BY 1 ORDER BY n DESC LIMIT 1`,
  );
  const page = Math.min(wantPage, Math.floor((top.n - 1) / limit));
  // The cursor of page `page` is the last order of page `page - 1`.
  const [deep] = await db.query<{ id: string; organization_id: string }>(
    'SELECT id, organization_id FROM orders WHERE location_id = $1 ORDER BY created_at, id OFFSET $2 LIMIT 1',
    [top.location_id, (page - 1) * limit - 1],
  );
  // Page 2's cursor: the first page that names a cursor, which the list looks up like any other.
  const [second] = await db.query<{ id: string }>(
    'SELECT id FROM orders WHERE location_id = $1 ORDER BY created_at, id OFFSET $2 LIMIT 1',
    [top.location_id, limit - 1],
  );
  // Keys of its own, in turn: the comparison spent the others' budgets in the same minute.
  const keys: string[] = [];
  for (let i = 0; i < keyCount; i++) {
    const key = await issueKey(db, {
      organization_id: deep.organization_id,
      permissions: ['orders.read'],
      name: `bench-depth ${i}`,
    });
    keys.push(key.secret as string);
  }
  const at = (cursor: string) =>
    keys.map((key) => ({ locationId: top.location_id, organizationId: deep.organization_id, cursor, key }));
  return { locationId: top.location_id, orders: top.n, page, first: at(''), second: at(second.id), deep: at(deep.id) };
}
