/**
 * A hand-off: the statement that writes a queue's item leases it at once to this process's worker, which
 * starts its attempt when the transaction has committed — no claim, no NOTIFY, no wake-up in between.
 * The worker registers what it offers on its Db (`offer`); a statement in a transaction of that Db asks
 * for it (`offerOf`). A queue without a worker in this process (tests, tools) has no offer: its items
 * go through the claims, as every item can.
 */
import type { Db, Queryable } from '../client.js';

/** Registers `source` as the offer of `queue` on `db`; the answer withdraws it. */
export function offer<S>(db: Db, queue: string, source: S): () => void {
  db.offers.set(queue, source);
  return () => {
    if (db.offers.get(queue) === source) db.offers.delete(queue);
  };
}

/** The offer of `queue` to a statement on `q`: only in a transaction, whose end says when to start. */
export function offerOf<S>(
  q: Queryable,
  queue: string,
): { source: S; onEnd: (fn: (ok: boolean) => void) => void } | null {
  const source = q.txn?.offers.get(queue) as S | undefined;
  return q.txn && source ? { source, onEnd: q.txn.onEnd } : null;
}
