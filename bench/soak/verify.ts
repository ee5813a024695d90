/**
 * The end of a soak: retry, once more and with the same key, every create that never got a 2xx (as a
 * client would after an outage), then compare what was acknowledged with what the database holds.
 */
import pg from 'pg';
import { send, type Target } from './client.js';
import type { Workload } from './workload.js';

export interface Verdict {
  /** Outcome of the late retry of each unacknowledged create, by response kind. */
  reconcile: Map<string, number>;
  acked: { orders: number; closings: number; statusMoves: number };
  /** Acknowledged creates whose resource is not in the database. */
  lostCreates: string[];
  /** Orders whose stored status_version is below one a PATCH was acknowledged with. */
  lostStatusMoves: string[];
  /** Idempotency keys with more than one stored resource, or more than one acknowledged id. */
  duplicates: string[];
  /** Creates never acknowledged whose resource was stored anyway (not a fault: the key protects it). */
  storedUnacked: number;
  rows: { orders: number; closings: number };
}

export async function reconcile(w: Workload, targets: Target[]): Promise<Map<string, number>> {
  const tally = new Map<string, number>();
  const queue = w.creates.filter((x) => x.outcome !== 'acked');
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      const out = await send(targets[c.server], c.req, { write: true, deadlineMs: 30_000 });
      const kind = out.ok ? (out.res?.replayed ? 'replayed' : 'created now') : out.kind;
      tally.set(kind, (tally.get(kind) ?? 0) + 1);
      if (out.ok) {
        c.ids.add(out.res?.body.id);
        c.outcome = 'acked';
      }
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  return tally;
}

export async function verify(w: Workload, databaseUrl: string, reconciled: Map<string, number>): Promise<Verdict> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const orders = await db.query<{ id: string; tag: string; status_version: number }>(
      `SELECT id, fulfillment->>'customer_notes' AS tag, status_version FROM orders WHERE channel = 'soak'`,
    );
    const closings = await db.query<{ id: string; tag: string }>(
      `SELECT id, reason AS tag FROM special_closings WHERE reason LIKE 'soak %'`,
    );
    const stored = new Map<string, { id: string; status_version?: number }>();
    const byTag = new Map<string, number>();
    for (const r of [...orders.rows, ...closings.rows]) {
      stored.set(r.id, r);
      byTag.set(r.tag, (byTag.get(r.tag) ?? 0) + 1);
    }
    const acked = w.creates.filter((c) => c.outcome === 'acked');
    const lostCreates = acked.flatMap((c) => [...c.ids].filter((id) => !stored.has(id)));
    const duplicates = w.creates
      .filter((c) => (byTag.get(`soak ${c.idem}`) ?? 0) > 1 || c.ids.size > 1)
      .map((c) => c.idem);
    const lostStatusMoves = w.orders
      .filter((o) => o.ackedVersion > ((stored.get(o.id)?.status_version as number | undefined) ?? -1))
      .map((o) => o.id);
    return {
      reconcile: reconciled,
      acked: {
        orders: acked.filter((c) => c.kind === 'order').length,
        closings: acked.filter((c) => c.kind === 'special_closing').length,
        statusMoves: w.ops.get('PATCH order status')?.ok ?? 0,
      },
      lostCreates,
      lostStatusMoves,
      duplicates,
      storedUnacked: w.creates.filter((c) => c.outcome !== 'acked' && byTag.has(`soak ${c.idem}`)).length,
      rows: { orders: orders.rows.length, closings: closings.rows.length },
    };
  } finally {
    await db.end();
  }
}
