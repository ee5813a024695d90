/**
 * The yardstick of bench/compare.ts: Fastify and one keyset query on the same `orders` table, rows sent as
 * stored (no key, no scope, no validation, no log). BARE_DATABASE_URL (node-postgres, a pool of 10 like the
 * real server's) or BARE_DATA_DIR (PGlite on a copy of the real server's folder); PORT.
 */
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

// The row as stored, without the rendered JSON the real server reads instead (migration 0014): the bare
// handler does what the issue measured, sending the table's own columns.
const COLUMNS = `SELECT string_agg('o.' || quote_ident(column_name), ', ' ORDER BY ordinal_position) AS list
  FROM information_schema.columns WHERE table_name = 'orders' AND table_schema = current_schema() AND column_name <> 'rendered'`;
const query = (columns: string) => `SELECT ${columns} FROM orders o
  WHERE o.location_id = $1 AND (o.created_at, o.id) > (SELECT created_at, id FROM orders WHERE id = $2 AND location_id = $1)
  ORDER BY o.created_at, o.id LIMIT 11`;

type Run = (params: unknown[]) => Promise<unknown[]>;

async function open(): Promise<Run> {
  const url = process.env.BARE_DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const SQL = query((await pool.query(COLUMNS)).rows[0].list);
    return async (params) => (await pool.query(SQL, params)).rows;
  }
  const db = new PGlite(process.env.BARE_DATA_DIR);
  await db.waitReady;
  const SQL = query((await db.query<{ list: string }>(COLUMNS)).rows[0].list);
  return async (params) => (await db.query(SQL, params)).rows;
}

const run = await open();
const app = Fastify();
app.get<{ Params: { location: string }; Querystring: { after: string } }>('/orders/:location', async (req) => {
  const rows = await run([req.params.location, req.query.after]);
  return { data: rows.slice(0, 10), has_more: rows.length > 10 };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
