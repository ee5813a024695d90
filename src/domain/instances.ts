import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/client.js';

export const HEARTBEAT_MS = 1000;
/**
 * An instance whose heartbeat is older than this is dead. Several missed beats, so a slow query or a
 * busy event loop does not kill a live process; short, so a crash frees its claims within seconds.
 */
export const DEAD_AFTER_SECONDS = 5;

export interface Instance {
  id: string;
  /** Stops the heartbeat and removes the row: this process's claims are at once seen as abandoned. */
  stop(): Promise<void>;
}

// An upsert, not an update: a process that froze long enough to be purged comes back to life.
const beat = (db: Queryable, id: string) =>
  db.query(
    `INSERT INTO server_instances (id, started_at, heartbeat_at) VALUES ($1, now(), now())
     ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()`,
    [id],
  );

/** Registers this process as live and keeps it so until `stop()`; the timer never keeps it running. */
export async function startInstance(db: Queryable, onError: (err: unknown) => void): Promise<Instance> {
  const id = `ins_${randomUUID()}`;
  await beat(db, id);
  let stopped = false;
  let pending: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  // The next beat is scheduled when one ends, so beats never pile up while the database is slow.
  const schedule = () => {
    timer = setTimeout(() => {
      pending = beat(db, id)
        .catch(onError)
        .finally(() => {
          if (!stopped) schedule();
        });
    }, HEARTBEAT_MS);
    timer.unref();
  };
  schedule();
  return {
    id,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pending;
      // A row left behind (the database already closed or away) goes stale and counts as dead: harmless.
      await db.query('DELETE FROM server_instances WHERE id = $1', [id]).catch(() => {});
    },
  };
}

/** Forgets dead instances; a claim naming an instance with no row is abandoned all the same. */
export async function purgeDeadInstances(db: Queryable): Promise<number> {
  const rows = await db.query(
    'DELETE FROM server_instances WHERE heartbeat_at < now() - make_interval(secs => $1) RETURNING 1',
    [DEAD_AFTER_SECONDS],
  );
  return rows.length;
}
