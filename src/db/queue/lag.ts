/**
 * How far behind a queue is: how long its longest-waiting row has been due without being taken. Only a
 * key's head counts (a row held back by an earlier one of its key waits for that one, not for a free
 * slot), and a row waiting for its retry is not due yet: a receiver that is down does not make the queue
 * "behind", a queue with more due work than its workers take does. Backpressure reads it
 * (src/webhooks/backpressure.ts).
 */
import type { Queryable } from '../client.js';
import { PREPARED } from '../prepared.js';
import { keyHead, type QueueTable } from './claim.js';

const statements = new Map<string, string>();

function statement(t: QueueTable): string {
  const cached = statements.get(t.table);
  if (cached) return cached;
  const now = t.clock === 'database' ? 'now()' : '$1::timestamptz';
  // A row leased elsewhere is being worked on (leaseInDueAt tables move dueAt to the lease's end instead).
  const leaseFree = t.leaseInDueAt ? '' : ` AND (d.lease_until IS NULL OR d.lease_until <= ${now})`;
  // The index's order: the first head found is the oldest, and the scan stops there.
  const sql = `SELECT coalesce(extract(epoch FROM ${now} - min(h.due)) * 1000, 0)::float8 AS lag_ms FROM (
       SELECT d.${t.dueAt} AS due FROM ${t.table} d
       WHERE ${t.open('d')} AND d.${t.dueAt} <= ${now}${leaseFree}${keyHead(t)}
       ORDER BY d.${t.dueAt} LIMIT 1) h`;
  statements.set(t.table, sql);
  return sql;
}

/** Milliseconds the oldest due head of `table` has waited; 0 when nothing is due. */
export async function queueLagMs(db: Queryable, table: QueueTable, now?: Date): Promise<number> {
  const params = table.clock === 'database' ? [] : [now ?? new Date()];
  const rows = await db.query<{ lag_ms: number }>(statement(table), params, PREPARED);
  return Math.max(0, Number(rows[0]?.lag_ms ?? 0));
}
