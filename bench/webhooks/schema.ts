/**
 * A PostgreSQL schema of its own for one benchmark run (dropped after), in DATABASE_URL's database or in
 * `ordering_webhooks` on the local server (created when missing).
 *
 * Each run creates and drops some fifty tables with their indexes, triggers and types: rows of the system
 * catalogs that only a vacuum removes. On a server without autovacuum (these machines' PostgreSQL has it
 * off) they pile up, every new connection reads its relations through them, and run after run got slower
 * (p99 at 120 changes a second from 0.7 to 3.3 s within an hour, back after a VACUUM). The catalogs are
 * vacuumed before the schema is made and after it is dropped.
 */
import pg from 'pg';

/** What a schema's tables leave in the catalogs (a superuser's or the database owner's to vacuum). */
const VACUUM_CATALOGS = `VACUUM ${[
  'pg_class',
  'pg_attribute',
  'pg_attrdef',
  'pg_depend',
  'pg_type',
  'pg_index',
  'pg_constraint',
  'pg_trigger',
  'pg_proc',
  'pg_rewrite',
  'pg_namespace',
  'pg_sequence',
  'pg_statistic',
].map((t) => `pg_catalog.${t}`)}`;

/** Where the webhook benches work when DATABASE_URL is unset. */
export const BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/ordering_webhooks';

/** Creates the database `url` names when its server has none of that name. */
export async function ensureDatabase(url: string) {
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).href });
  await admin.connect();
  try {
    const name = new URL(url).pathname.slice(1);
    if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 0) {
      await admin.query(`CREATE DATABASE "${name}"`);
    }
  } finally {
    await admin.end();
  }
}

export async function privateSchema(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL ?? BENCH_DATABASE_URL;
  if (!process.env.DATABASE_URL) await ensureDatabase(base);
  const schema = `${prefix}_${process.pid}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(sql).finally(() => c.end());
  };
  await run(VACUUM_CATALOGS);
  await run(`CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  // EXTRA_PGOPTIONS: more settings for the server's sessions, e.g. auto_explain's to log every plan
  // (`-c session_preload_libraries=auto_explain -c auto_explain.log_min_duration=0 -c auto_explain.log_analyze=on`).
  url.searchParams.set('options', `-c search_path=${schema} ${process.env.EXTRA_PGOPTIONS ?? ''}`.trim());
  return {
    url: url.href,
    drop: async () => {
      await run(`DROP SCHEMA ${schema} CASCADE`);
      await run(VACUUM_CATALOGS);
    },
  };
}
