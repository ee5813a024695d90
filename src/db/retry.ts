/**
 * A transaction PostgreSQL rolled back because of another one, not because of what it did: chosen as a
 * deadlock's victim (40P01), or a serialization failure (40001). Run again, it sees the other's outcome
 * and may succeed. Only for callers whose whole work is the transaction (nothing outside the database
 * done in it that a second run would repeat): the retry is theirs to choose, see `transactionRetrying`.
 */
import type { Db, Queryable } from './client.js';

const CONFLICTS = new Set(['40P01', '40001']);

export function isTransactionConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CONFLICTS.has(code);
}

export interface RetryOptions {
  /** Runs in all, the first included. */
  attempts?: number;
  /** The pause before the second run; it doubles each time, with jitter so the two sides do not meet again. */
  baseDelayMs?: number;
}

/** `db.transaction(fn)`, run again when it ended in a conflict (above), up to `attempts` runs. */
export async function transactionRetrying<T>(
  db: Pick<Db, 'transaction'>,
  fn: (tx: Queryable) => Promise<T>,
  { attempts = 3, baseDelayMs = 20 }: RetryOptions = {},
): Promise<T> {
  for (let run = 1; ; run++) {
    try {
      return await db.transaction(fn);
    } catch (err) {
      if (run >= attempts || !isTransactionConflict(err)) throw err;
      const delay = baseDelayMs * 2 ** (run - 1);
      await new Promise((r) => setTimeout(r, delay / 2 + Math.random() * delay));
    }
  }
}
