import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { isConnectionFailure } from './errors.js';

/** What a service needs from a connection: parameterized queries. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  /** Runs fn in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

// int8 and numeric come back as strings from node-postgres; counts and money fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export function pgliteDb(pglite: PGlite): Db {
  return {
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      return (await pglite.query<T>(sql, params)).rows;
    },
    // PGlite has one connection: its transaction() holds that connection for the whole callback.
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return pglite.transaction((tx) =>
        fn({ query: async <R>(sql: string, params?: unknown[]) => (await tx.query<R>(sql, params)).rows }),
      );
    },
    async exec(sql: string) {
      await pglite.exec(sql);
    },
    close: () => pglite.close(),
  };
}

/**
 * A client of the pool for one transaction. A checked-out client has no listener of the pool's, so an
 * 'error' event (the server going away under it) would be unhandled and end the process. The listener
 * is attached in the pool's callback, not after an `await`: the pool can hand a client over while it
 * is still parsing that connection's input, and the next message may be the server's goodbye (57P01).
 * `done` discards a client whose connection broke instead of handing it to the next request.
 */
function checkout(pool: pg.Pool): Promise<{ client: pg.PoolClient; failure: { error?: Error }; done(): void }> {
  return new Promise((resolve, reject) => {
    pool.connect((err, client, release) => {
      if (err || !client) return reject(err);
      const failure: { error?: Error } = {};
      const onError = (e: Error) => {
        failure.error ??= e;
      };
      client.on('error', onError);
      const done = () => {
        client.off('error', onError);
        release(failure.error);
      };
      resolve({ client, failure, done });
    });
  });
}

/** How long a request waits for a pooled connection before giving up with a 503. */
const CONNECT_TIMEOUT_MS = 3000;

export function postgresDb(url: string, max = 10): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // While the database is unreachable, a request fails fast (503) instead of queueing for minutes.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A peer that vanished without a word (a cut network, a dead host) is noticed rather than waited on
    // (the OS's default first probe comes after two hours).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client that loses its connection must not crash the process; the pool discards it.
  pool.on('error', () => {});
  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query(sql, params as unknown[])).rows as T[];
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const { client, failure, done } = await checkout(pool);
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async <R>(sql: string, params?: unknown[]) =>
            (await client.query(sql, params as unknown[])).rows as R[],
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        // A broken connection has no transaction left to roll back.
        if (isConnectionFailure(err)) failure.error ??= err as Error;
        else {
          await client.query('ROLLBACK').catch((rollbackErr: Error) => {
            failure.error ??= rollbackErr;
          });
        }
        throw err;
      } finally {
        done();
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** A dump made by PGlite's dumpDataDir, loaded into memory (tests). */
  loadDataDir?: Blob;
}

export async function openDb(options: OpenOptions): Promise<Db> {
  if (options.databaseUrl) return postgresDb(options.databaseUrl);
  if (options.loadDataDir) {
    const pglite = new PGlite({ loadDataDir: options.loadDataDir });
    await pglite.waitReady;
    return pgliteDb(pglite);
  }
  if (!options.dataDir) {
    const pglite = new PGlite('memory://');
    await pglite.waitReady;
    return pgliteDb(pglite);
  }
  mkdirSync(options.dataDir, { recursive: true });
  const unlock = lockDataDir(options.dataDir);
  try {
    const pglite = new PGlite(options.dataDir);
    await pglite.waitReady;
    const db = pgliteDb(pglite);
    return { ...db, close: () => db.close().finally(unlock) };
  } catch (err) {
    unlock();
    throw err;
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The embedded database serves one process: a second one (a server, the admin-key tool) would corrupt
 * it. A lock file names the owner; a lock left by a process that died is taken over.
 */
export function lockDataDir(dir: string): () => void {
  // Beside the folder, not in it: PGlite creates a new database only in an empty folder.
  const file = `${resolve(dir)}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(file, 'utf8'));
      if (owner && isAlive(owner)) {
        throw new Error(
          `The embedded database in ${dir} is in use by process ${owner}. Stop it first, or use DATABASE_URL ` +
            `(if no such process uses it, delete ${file}).`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}.`);
}
