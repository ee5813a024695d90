import { existsSync, readFileSync } from 'node:fs';
import { type Db, openDb, type Queryable } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';

export const TEMPLATE = '.cache/test-template.tgz';

let shared: Promise<Db> | undefined;

/**
 * One database per test process. On PostgreSQL every process shares the server's database and
 * isolates by data; on PGlite each process loads the migrated template that `npm test` made once.
 */
export function testDb(): Promise<Db> {
  shared ??= (async () => {
    const url = process.env.DATABASE_URL;
    if (url) {
      const db = await openDb({ databaseUrl: url });
      await migrate(db);
      return db;
    }
    const db = existsSync(TEMPLATE)
      ? await openDb({ loadDataDir: new Blob([readFileSync(TEMPLATE)]) })
      : await openDb({});
    await migrate(db);
    return db;
  })();
  return shared;
}

/**
 * Whether a backend of `db`'s PostgreSQL waits for a lock that backend `pid` holds, asked every 20 ms for up
 * to `tries` times; gives up early once `stop()` holds. Tests of lock order use it to know a transaction
 * has reached its wait.
 */
export async function someoneWaitsFor(
  db: Queryable,
  pid: number,
  { tries = 150, stop = () => false }: { tries?: number; stop?: () => boolean } = {},
): Promise<boolean> {
  for (let i = 0; i < tries && !stop(); i++) {
    const [row] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
      [pid],
    );
    if (row.n > 0) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

/**
 * Locks what `sql` locks (`… FOR UPDATE`) in a transaction of its own, to stop a request that needs those
 * rows inside its own transaction; the answer lets go and waits for that transaction's end.
 */
export async function holdLocks(db: Db, sql: string, params: unknown[]): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  let held!: () => void;
  const heldYet = new Promise<void>((r) => {
    held = r;
  });
  const holder = db.transaction(async (tx) => {
    await tx.query(sql, params);
    held();
    await released;
  });
  await Promise.race([heldYet, holder]);
  return async () => {
    release();
    await holder;
  };
}
