import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { isConnectionFailure } from './errors.js';
import { checkChannel, type OnNotify, PgListener } from './listener.js';
import { loadPg } from './pg-module.js';
import { preparedInTransaction, preparedQuery } from './pglite-prepared.js';

export type { Notice, OnNotify } from './listener.js';

/** What a service needs from a connection: parameterized queries. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
  /** Set on the connection of a transaction (Db.transaction): its end, and its database's offers. */
  readonly txn?: Transaction;
}

/**
 * What this process's queue workers offer the statements that write their items, by queue: a slot to
 * lease an item to the worker at once (src/db/queue/hand-off.ts). Registered on the Db, seen by its
 * transactions.
 */
export type Offers = Map<string, unknown>;

export interface Transaction {
  /** `fn` runs once the transaction has ended: after its COMMIT (true), or once it failed (false). */
  onEnd(fn: (committed: boolean) => void): void;
  readonly offers: Offers;
}

/** A transaction's end hooks: run once, each on its own (one that throws does not stop the others). */
function ending(offers: Offers) {
  const hooks: Array<(committed: boolean) => void> = [];
  return {
    txn: { onEnd: (fn: (committed: boolean) => void) => void hooks.push(fn), offers } satisfies Transaction,
    end(committed: boolean) {
      for (const fn of hooks.splice(0)) {
        try {
          fn(committed);
        } catch (err) {
          // The transaction's outcome stands and the caller has its answer; the hook's bug is reported.
          process.emitWarning(err as Error, 'TransactionEndHookWarning');
        }
      }
    },
  };
}

export interface QueryOptions {
  /**
   * A hot query of a fixed text (values in params only): parsed and planned once per connection (on
   * PGlite, once per instance), as a named prepared statement.
   */
  prepare?: boolean;
}

/**
 * The prepared statement's name: one per distinct text. Remembered per text (the prepared texts are a
 * fixed set): hashing a statement of a few kilobytes at every call showed in the message path's profile.
 */
const names = new Map<string, string>();
function statementName(sql: string): string {
  let name = names.get(sql);
  if (name === undefined) {
    name = `q_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    if (names.size >= 10_000) names.clear(); // a bound all the same, should a text ever carry a value
    names.set(sql, name);
  }
  return name;
}
const queryConfig = (sql: string, params: unknown[] | undefined, options?: QueryOptions) => ({
  text: sql,
  values: params,
  ...(options?.prepare ? { name: statementName(sql) } : {}),
});

export interface Db extends Queryable {
  /** Runs fn in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * LISTENs on a channel (lower-case letters, digits, underscores); resolves with the way to stop.
   * `onNotify(null)` follows a reconnect of the listening connection: notices sent meanwhile are lost.
   */
  listen(channel: string, onNotify: OnNotify): Promise<() => Promise<void>>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
  /** Shared by every copy of this Db (`{...db}`) and seen by its transactions (`txn.offers`). */
  readonly offers: Offers;
  /** The connection pool's use, for /metrics; PGlite has one in-process connection and no pool. */
  stats?(): PoolStats;
}

export interface PoolStats {
  /** Connections open, in use or idle. */
  total: number;
  idle: number;
  /** Queries and transactions waiting for a connection. */
  waiting: number;
  max: number;
}

/**
 * Statements this process sent to its databases (BEGIN, COMMIT and ROLLBACK included), for /metrics
 * (`db_statements_total`): what a request or a message costs the database, in round trips.
 */
let statements = 0;
export const statementsSent = () => statements;

export function pgliteDb(pglite: PGlite): Db {
  const offers: Offers = new Map();
  return {
    kind: 'pglite',
    offers,
    async query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
      statements++;
      if (options?.prepare) return preparedQuery<T>(pglite, sql, params);
      return (await pglite.query<T>(sql, params)).rows;
    },
    // PGlite has one connection: its transaction() holds that connection for the whole callback.
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      statements += 2;
      const { txn, end } = ending(offers);
      let result: T;
      // A statement that failed aborted the transaction (no savepoints are used): should its error be
      // caught and the callback resolve, PGlite's COMMIT is a ROLLBACK, which it does not report.
      let aborted = false;
      try {
        result = await pglite.transaction((tx) =>
          fn({
            query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
              statements++;
              try {
                if (options?.prepare) return await preparedInTransaction<R>(pglite, sql, params);
                return (await tx.query<R>(sql, params)).rows;
              } catch (err) {
                aborted = true;
                throw err;
              }
            },
            txn,
          }),
        );
      } catch (err) {
        end(false);
        throw err;
      }
      end(!aborted);
      return result;
    },
    async exec(sql: string) {
      await pglite.exec(sql);
    },
    // One process, one connection: every notice is this process's own.
    async listen(channel: string, onNotify: OnNotify) {
      checkChannel(channel);
      const stop = await pglite.listen(channel, (payload) => onNotify({ payload, local: true }));
      return async () => {
        if (!pglite.closed) await stop();
      };
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

/**
 * The PostgreSQL server processes behind every pooled connection of this process (all its pools): a
 * NOTIFY sent from one of them was sent by this process.
 */
const processBackends = new Set<number>();
const backendOf = (client: pg.PoolClient) => (client as unknown as { processID?: number }).processID;

/** PostgreSQL's refusal to run a prepared statement whose result type changed since it was prepared. */
const isStalePlan = (err: unknown) =>
  (err as { code?: unknown })?.code === '0A000' &&
  /cached plan must not change result type/.test(String((err as Error).message));

/** How long a request waits for a pooled connection before giving up with a 503. */
const CONNECT_TIMEOUT_MS = 3000;

export function postgresDb(url: string, max = 10): Db {
  const pool = new (loadPg().Pool)({
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
  pool.on('connect', (client) => {
    const pid = backendOf(client);
    if (pid !== undefined) processBackends.add(pid);
  });
  pool.on('remove', (client) => {
    const pid = backendOf(client);
    if (pid !== undefined) processBackends.delete(pid);
  });
  const listener = new PgListener(url, (pid) => processBackends.has(pid));
  const offers: Offers = new Map();
  return {
    kind: 'postgres',
    offers,
    async query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
      statements++;
      return (await pool.query(queryConfig(sql, params, options))).rows as T[];
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const { client, failure, done } = await checkout(pool);
      const { txn, end } = ending(offers);
      let committed = false;
      try {
        // BEGIN and COMMIT (or ROLLBACK) are round trips like any other.
        statements += 2;
        await client.query('BEGIN');
        const result = await fn({
          query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
            statements++;
            return (await client.query(queryConfig(sql, params, options))).rows as R[];
          },
          txn,
        });
        // A transaction a statement had already failed (its error caught and not thrown on) ends in a
        // ROLLBACK answered to this COMMIT: what it leased never existed, so its end hooks hear false.
        committed = (await client.query('COMMIT')).command === 'COMMIT';
        return result;
      } catch (err) {
        // A prepared statement whose result columns changed under it (a migration added a column to a
        // `SELECT *` table) fails on this connection until it closes: the connection is not reused.
        // (Outside a transaction, the pool already discards a client whose query failed.)
        if (isStalePlan(err)) failure.error ??= err as Error;
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
        // A COMMIT without an answer (the connection broke) counts as failed: what was leased in it is
        // given back here and taken over by a claim once its lease ran out, if it did commit.
        end(committed);
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    listen: (channel: string, onNotify: OnNotify) => listener.listen(channel, onNotify),
    async close() {
      await listener.close();
      await pool.end();
    },
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
