/**
 * A PostgreSQL schema of its own for one benchmark run (dropped after), in DATABASE_URL's database or in
 * `ordering_webhooks` on the local server (created when missing).
 */
import pg from 'pg';

export async function privateSchema(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ordering_webhooks';
  if (!process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: Object.assign(new URL(base), { pathname: '/postgres' }).href });
    await admin.connect();
    const name = new URL(base).pathname.slice(1);
    if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 0) {
      await admin.query(`CREATE DATABASE "${name}"`);
    }
    await admin.end();
  }
  const schema = `${prefix}_${process.pid}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(sql).finally(() => c.end());
  };
  await run(`CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.href, drop: () => run(`DROP SCHEMA ${schema} CASCADE`) };
}
