/**
 * The claim every durable queue makes (jobs, outbound channel messages, message webhook deliveries):
 * one statement that takes up to `limit` due rows with FOR UPDATE SKIP LOCKED, writes a lease naming this
 * process, and says when to look again. A row whose lease ran out (its process died) is due again and is
 * taken over. With a `key`, rows of one key (a conversation) go one at a time, in order: a row is due only
 * when no earlier open row of its key is left, so a row waiting for its retry holds back the ones after it.
 */
import type { Queryable } from '../client.js';
import { PREPARED } from '../prepared.js';

export interface QueueTable {
  table: string;
  /** Rows still owed an attempt, on the alias given (a claimed row stays open until its attempt ends). */
  open: (alias: string) => string;
  /** The indexed column holding when a row may be claimed. */
  dueAt: string;
  /**
   * True when a claim also moves `dueAt` to the lease's end (`onClaim`), so one index answers "due or
   * abandoned"; false when `lease_until` is checked beside `dueAt` (a lease this process holds never blocks it).
   */
  leaseInDueAt: boolean;
  /** Per-key order: the key column and the order of a key's rows (columns of the table). */
  key?: { column: string; order: string[] };
  /**
   * Rows are claimed partition by partition (an endpoint), each up to its room (ClaimArgs.shares), from an
   * index `(partition, dueAt) WHERE open`: a full partition's backlog is never read, however long it is.
   * Only with `leaseInDueAt`.
   */
  partition?: string;
  /** Assignments besides lease_owner, lease_until and attempts, on alias `w` ($1 owner, $2 lease ms, `{now}`). */
  onClaim?: string;
  /** Columns of a row as it was before the claim, on alias `d` (`d.updated_at AS claimed_at`). */
  before?: Record<string, string>;
  /** The row's columns returned (default all: `w.*`). */
  columns?: string[];
  /** Extra returned expressions on alias `w`. */
  returning?: Record<string, string>;
  /**
   * Expressions on alias `claimed` returned once for each value of the claimed rows' column `by`, on the
   * first row that has it (null on the others): what many rows share (an event for its 20 deliveries, an
   * endpoint for its share of the claim), built, sent and parsed once.
   */
  once?: Array<{ by: string; columns: Record<string, string> }>;
  /** Whose clock decides what is due: PostgreSQL's `now()`, or the caller's (tests move it). */
  clock: 'database' | 'caller';
}

export interface ClaimArgs {
  owner: string;
  leaseMs: number;
  limit: number;
  /** Rows in flight in this process: not claimed again, not counted as open elsewhere. */
  mine: string[];
  /** With clock 'caller': the time now. */
  now?: Date;
  /** A further condition on alias `d` and its parameters, written with `{p}` for the first, `{p+1}`… */
  where?: { sql: string; params: unknown[] };
  /**
   * With a partitioned table: each partition may have `each` rows in flight in this process, `used` of them
   * are; the claim starts after partition `after` (the last one a full claim reached) and wraps around.
   */
  shares?: { each: number; used: Map<string, number>; after: string | null };
}

export interface ClaimResult<R> {
  /** The claimed rows, and who held each before (a lease taken over) or null. */
  claimed: Array<{ row: R; previousOwner: string | null; before: Record<string, unknown> }>;
  /** The earliest time another open row (a key's head) becomes due, or null when none is open. */
  nextAt: Date | null;
  /**
   * Whether a row is open beside those in flight here and those just claimed; for a partitioned table,
   * only one due now in a partition with room left (see partitioned()).
   */
  othersOpen: boolean;
}

/**
 * ` AND` row `d` is its key's first open row (nothing when the table has no key): only a head may go.
 * A scalar subquery, not NOT EXISTS: the planner may make NOT EXISTS an anti join, and with the statistics
 * of a nearly empty table (a queue that just filled) it chose one over a materialized scan of every open
 * row, per candidate (bench/results/events.md). A scalar subquery stays a probe of the key's open rows.
 */
export function keyHead(t: QueueTable): string {
  if (!t.key) return '';
  const order = t.key.order.map((c) => `e.${c}`).join(', ');
  return ` AND d.id = (SELECT e.id FROM ${t.table} e WHERE e.${t.key.column} = d.${t.key.column} AND ${t.open('e')}
        ORDER BY ${order} LIMIT 1)`;
}

/** Each queue's statements, by its further condition and that condition's parameter count. */
const statements = new WeakMap<QueueTable, Map<string, string>>();

function statement(t: QueueTable, where: string | undefined, extras: number): string {
  const cacheKey = `${where ?? ''}\u0000${extras}`;
  let made = statements.get(t);
  if (!made) {
    made = new Map();
    statements.set(t, made);
  }
  const cached = made.get(cacheKey);
  if (cached) return cached;
  const now = t.clock === 'database' ? 'now()' : '$5::timestamptz';
  const partFirst = t.clock === 'database' ? 5 : 6;
  // A partitioned claim's own parameters (share, partitions in use, their counts, where to start) come next.
  const first = partFirst + (t.partition ? 4 : 0);
  const filter = where ? ` AND (${where.replace(/\{p(?:\+(\d+))?\}/g, (_, n) => `$${first + Number(n ?? 0)}`)})` : '';
  const notMine = 'NOT (d.id = ANY($4::text[]))';
  const leaseFree = t.leaseInDueAt
    ? ''
    : ` AND (d.lease_until IS NULL OR d.lease_until <= ${now} OR d.lease_owner = $1)`;
  const nextExpr = t.leaseInDueAt
    ? `d.${t.dueAt}`
    : `CASE WHEN d.lease_owner = $1 OR d.lease_until IS NULL THEN d.${t.dueAt} ELSE GREATEST(d.${t.dueAt}, d.lease_until) END`;
  const before = Object.entries(t.before ?? {})
    .map(([name, sql]) => `, ${sql} AS ${name}`)
    .join('');
  const beforeNames = Object.keys(t.before ?? {})
    .map((name) => `, due.${name}`)
    .join('');
  const returning = Object.entries(t.returning ?? {})
    .map(([name, sql]) => `, ${sql} AS ${name}`)
    .join('');
  const columns = t.columns ? t.columns.map((c) => `w.${c}`).join(', ') : 'w.*';
  const once = (t.once ?? [])
    .flatMap(({ by, columns }) =>
      Object.entries(columns).map(
        ([name, sql]) =>
          `, CASE WHEN row_number() OVER (PARTITION BY claimed.${by} ORDER BY claimed.id) = 1 THEN ${sql} END AS ${name}`,
      ),
    )
    .join('');
  const cond = {
    due: `${t.open('d')} AND d.${t.dueAt} <= ${now}${leaseFree} AND ${notMine}${filter}${keyHead(t)}`,
    later: `${t.open('d')} AND ${notMine} AND d.id NOT IN (SELECT id FROM due)${filter}${keyHead(t)}`,
  };
  const parts = t.partition
    ? partitioned(t, t.partition, partFirst, { now, before, nextExpr, notMine, ...cond })
    : {
        head: 'WITH',
        // The index's order only, so the scan stops at the limit (a key's own order is keyHead's).
        due: `SELECT d.id, d.lease_owner AS previous_owner${before} FROM ${t.table} d WHERE ${cond.due}
         ORDER BY d.${t.dueAt} LIMIT $3 FOR UPDATE OF d SKIP LOCKED`,
        later: `SELECT ${nextExpr} AS next_at FROM ${t.table} d WHERE ${cond.later} ORDER BY next_at LIMIT 1`,
        othersOpen: `EXISTS (
         SELECT 1 FROM ${t.table} d WHERE ${t.open('d')} AND ${notMine} AND d.id NOT IN (SELECT id FROM due)${filter})`,
      };
  const sql = `${parts.head} due AS (${parts.due}),
     claimed AS (
       UPDATE ${t.table} w SET lease_owner = $1, lease_until = ${now} + $2 * interval '1 millisecond',
         attempts = w.attempts + 1${t.onClaim ? `, ${t.onClaim.replaceAll('{now}', now)}` : ''}
       FROM due WHERE w.id = due.id
       RETURNING ${columns}, due.previous_owner${beforeNames}${returning}),
     -- Seen before the claim (one snapshot): the rows just claimed are left out by name.
     later AS (${parts.later})
     SELECT claimed.*${once}, later.next_at, ${parts.othersOpen} AS others_open
     FROM (SELECT 1) one LEFT JOIN claimed ON true LEFT JOIN later ON true`;
  made.set(cacheKey, sql);
  return sql;
}

/**
 * The due and later parts of a partitioned claim. The partitions with open rows are found by a skip scan
 * of the `(partition, dueAt)` index, one probe each, which also gives each one's earliest due time; only
 * the partitions with something due and room left are read further, each up to its room, the oldest due
 * first, starting after the partition `after` so no partition is always served last. A partition waiting
 * for a retry costs its one probe.
 */
function partitioned(
  t: QueueTable,
  col: string,
  first: number,
  q: { now: string; before: string; nextExpr: string; notMine: string; due: string; later: string },
) {
  if (!t.leaseInDueAt) throw new Error(`${t.table}: a partitioned queue moves dueAt to the lease's end`);
  const [share, ids, used, after] = [first, first + 1, first + 2, first + 3].map((n) => `$${n}`);
  const next = (cond: string) => `SELECT d.${col} AS part, d.${t.dueAt} AS first_at FROM ${t.table} d
         WHERE ${t.open('d')}${cond} ORDER BY d.${col}, d.${t.dueAt} LIMIT 1`;
  const head = `WITH RECURSIVE parts AS (
       (${next('')})
       UNION ALL
       SELECT x.part, x.first_at FROM parts p CROSS JOIN LATERAL (${next(` AND d.${col} > p.part`)}) x),
     rooms AS (
       SELECT p.part, p.first_at, ${share}::int - coalesce(u.used, 0) AS room,
         coalesce(p.part <= ${after}::text COLLATE "C", false) AS wrapped
       FROM parts p LEFT JOIN unnest(${ids}::text[], ${used}::int[]) AS u(part, used) ON u.part = p.part),`;
  const due = `SELECT c.* FROM (SELECT * FROM rooms WHERE room > 0 AND first_at <= ${q.now}
           ORDER BY wrapped, part COLLATE "C") r CROSS JOIN LATERAL (
         SELECT d.id, d.${col} AS part, d.lease_owner AS previous_owner${q.before} FROM ${t.table} d
         WHERE d.${col} = r.part AND ${q.due}
         ORDER BY d.${t.dueAt} LIMIT r.room FOR UPDATE OF d SKIP LOCKED) c
       LIMIT $3`;
  // A partition with nothing due yet: its earliest due time. One with something due and room left after
  // this claim (the rest waits for a key's earlier row, or for later): its next row that could go. A
  // partition this claim filled has nothing for another claim until one of its rows ends.
  const later = `SELECT min(l.next_at) AS next_at FROM (
         SELECT r.first_at AS next_at FROM rooms r WHERE r.room > 0 AND r.first_at > ${q.now}
         UNION ALL
         -- The claim's rows counted once by partition, not once per partition (a claim of 200 rows over
         -- 20 partitions read them 4,000 times).
         SELECT x.next_at FROM rooms r LEFT JOIN (SELECT part, count(*) AS n FROM due GROUP BY part) taken
             ON taken.part = r.part
           CROSS JOIN LATERAL (
           SELECT ${q.nextExpr} AS next_at FROM ${t.table} d WHERE d.${col} = r.part AND ${q.later}
           ORDER BY d.${t.dueAt} LIMIT 1) x
         WHERE r.first_at <= ${q.now} AND r.room > coalesce(taken.n, 0)) l`;
  // Others open, for a partitioned queue: a row due now left in a partition with room (behind a key's
  // row in flight, or locked by another claim). Rows due later have the timer (nextAt); a partition at its
  // share here is looked at again when one of its rows ends (the caller's wake-up), so neither makes every
  // attempt's end a claim — a failing endpoint's retries and a slow one's backlog would, all the time.
  const othersOpen = `EXISTS (SELECT 1 FROM rooms r WHERE r.room > 0 AND r.first_at <= ${q.now} AND EXISTS (
         SELECT 1 FROM ${t.table} d WHERE d.${col} = r.part AND ${t.open('d')} AND d.${t.dueAt} <= ${q.now}
           AND ${q.notMine} AND d.id NOT IN (SELECT id FROM due)))`;
  return { head, due, later, othersOpen };
}

/** Claims due rows of `table` for `owner` (see the module comment); one statement, one round trip. */
export async function claimDue<R extends { id: string }>(
  db: Queryable,
  table: QueueTable,
  args: ClaimArgs,
): Promise<ClaimResult<R>> {
  const extras = args.where?.params ?? [];
  const params: unknown[] = [args.owner, args.leaseMs, args.limit, args.mine];
  if (table.clock === 'caller') params.push(args.now ?? new Date());
  if (table.partition) {
    const shares = args.shares ?? { each: args.limit, used: new Map(), after: null };
    params.push(shares.each, [...shares.used.keys()], [...shares.used.values()], shares.after);
  }
  params.push(...extras);
  type Row = R & { previous_owner: string | null; next_at: Date | null; others_open: boolean };
  // A partitioned claim is planned at every call: its cached generic plan was measured 10 times slower.
  const prepared = table.partition ? undefined : PREPARED;
  const rows = await db.query<Row>(statement(table, args.where?.sql, extras.length), params, prepared);
  const beforeNames = Object.keys(table.before ?? {});
  const claimed: ClaimResult<R>['claimed'] = [];
  for (const { previous_owner, next_at: _, others_open: __, ...rest } of rows) {
    // The single row of nulls: nothing claimed (a row without an id at all is no claim either).
    if (rest.id === null || rest.id === undefined) continue;
    const before: Record<string, unknown> = {};
    const row = rest as Record<string, unknown>;
    for (const name of beforeNames) {
      before[name] = row[name];
      delete row[name];
    }
    claimed.push({ row: row as unknown as R, previousOwner: previous_owner, before });
  }
  const at = rows[0]?.next_at;
  return { claimed, nextAt: at ? new Date(at) : null, othersOpen: rows[0]?.others_open ?? true };
}
