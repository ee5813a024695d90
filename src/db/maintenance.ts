/**
 * Autovacuum's work where nothing else does it: the embedded database (PGlite runs no autovacuum) and a
 * PostgreSQL server whose autovacuum is off. Without it no statistics are gathered, and the planner picks
 * the indexes of this system's statements blind: a cached plan of the message path read every customer of
 * an account to find one (issue 24). Nor are deleted and updated rows reclaimed, or transaction ids frozen
 * (a database refuses writes after some two billion of them). docs/operations/deployment.md.
 */
import type { Log } from '../lib/log.js';
import type { Db, Queryable } from './client.js';

/** What the catalogs say of one table; the counts are 0 where the statistics system keeps none (PGlite). */
export interface TableState {
  table: string;
  /** Its size now, in pages. */
  pages: number;
  /** Its size when last vacuumed or analyzed (pg_class.relpages). */
  relpages: number;
  /** -1: never vacuumed nor analyzed. */
  reltuples: number;
  live: number;
  dead: number;
  modified: number;
  /** Transactions since its rows were last frozen (age(relfrozenxid)). */
  frozenAge: number;
  /** Milliseconds since a vacuum last ran on it; null: never. */
  sinceVacuumMs: number | null;
}

/** PostgreSQL's own defaults (autovacuum_vacuum_threshold and its kin), and the age of a forced one. */
export const RULES = {
  vacuumBase: 50,
  vacuumScale: 0.2,
  analyzeBase: 50,
  analyzeScale: 0.1,
  /** Grown by this share of its pages (and `growthPages` more) since its statistics were taken. */
  growthScale: 0.2,
  growthPages: 8,
  /** Half way to autovacuum_freeze_max_age's 200 million: frozen long before a server would force it. */
  freezeAge: 100_000_000,
  /** PGlite counts no changes: its tables are vacuumed at least this often all the same. */
  periodMs: 60 * 60_000,
};

/** Why a table is due, or null. Pure (test/unit/db-maintenance.test.ts). */
export function dueFor(t: TableState, countsKept: boolean): string | null {
  if (t.reltuples < 0 && t.pages > 0) return 'never analyzed';
  if (t.frozenAge > RULES.freezeAge) return 'transaction ids to freeze';
  if (t.pages > t.relpages * (1 + RULES.growthScale) + RULES.growthPages) return 'grown';
  if (countsKept) {
    if (t.dead > RULES.vacuumBase + RULES.vacuumScale * t.live) return 'dead rows';
    if (t.modified > RULES.analyzeBase + RULES.analyzeScale * t.live) return 'changed';
  } else if (t.pages > 0 && (t.sinceVacuumMs === null || t.sinceVacuumMs > RULES.periodMs)) {
    return 'period';
  }
  return null;
}

const STATES = `SELECT c.relname AS table,
    (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages,
    c.relpages, c.reltuples::float8 AS reltuples,
    coalesce(s.n_live_tup, 0)::float8 AS live, coalesce(s.n_dead_tup, 0)::float8 AS dead,
    coalesce(s.n_mod_since_analyze, 0)::float8 AS modified, age(c.relfrozenxid)::float8 AS frozen_age,
    (extract(epoch FROM now() - greatest(s.last_vacuum, s.last_autovacuum)) * 1000)::float8 AS since_vacuum_ms
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
  WHERE n.nspname = current_schema() AND c.relkind = 'r'
  ORDER BY c.relname`;

export async function tableStates(db: Queryable): Promise<TableState[]> {
  const rows = await db.query<Record<string, number | string | null>>(STATES);
  return rows.map((r) => ({
    table: String(r.table),
    pages: Number(r.pages),
    relpages: Number(r.relpages),
    reltuples: Number(r.reltuples),
    live: Number(r.live),
    dead: Number(r.dead),
    modified: Number(r.modified),
    frozenAge: Number(r.frozen_age),
    sinceVacuumMs: r.since_vacuum_ms === null ? null : Number(r.since_vacuum_ms),
  }));
}

export type MaintenanceMode = 'auto' | 'on' | 'off';

/**
 * Whether this server should do the work, and whether the statistics system counts changes (PGlite's
 * does not): `auto` does it on PGlite and on a PostgreSQL server whose autovacuum is off (or whose
 * statistics are not counted, which autovacuum needs). Null: not this server's work.
 */
export async function maintenanceWanted(db: Db, mode: MaintenanceMode): Promise<{ countsKept: boolean } | null> {
  if (mode === 'off') return null;
  if (db.kind === 'pglite') return { countsKept: false };
  const [row] = await db.query<{ autovacuum: boolean; counts: boolean }>(
    "SELECT current_setting('autovacuum') = 'on' AS autovacuum, current_setting('track_counts') = 'on' AS counts",
  );
  if (mode === 'auto' && row?.autovacuum && row.counts) return null;
  return { countsKept: Boolean(row?.counts) };
}

export interface Maintained {
  table: string;
  reason: string;
  ms: number;
}

/**
 * Vacuums and analyzes the tables of the current schema that are due (`only`: those named, for tests).
 * One table at a time, outside any transaction (VACUUM cannot run in one).
 */
export async function maintain(
  db: Queryable,
  { countsKept, only }: { countsKept: boolean; only?: readonly string[] },
): Promise<Maintained[]> {
  const done: Maintained[] = [];
  for (const t of await tableStates(db)) {
    if (only && !only.includes(t.table)) continue;
    const reason = dueFor(t, countsKept);
    if (!reason) continue;
    const started = Date.now();
    await db.query(`VACUUM (ANALYZE) "${t.table.replaceAll('"', '""')}"`);
    done.push({ table: t.table, reason, ms: Date.now() - started });
  }
  return done;
}

/**
 * Looks every `everyMs` (the first time after `firstMs`: a server that just started has tables without
 * statistics) and vacuums what is due, one run at a time. `stop()` waits for a run in progress.
 */
export function startMaintenance(
  db: Db,
  mode: MaintenanceMode,
  log: Log,
  { firstMs = 5_000, everyMs = 60_000 }: { firstMs?: number; everyMs?: number } = {},
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    const plan = await maintenanceWanted(db, mode);
    if (!plan) {
      stopped = true; // autovacuum does it
      return;
    }
    const done = await maintain(db, plan);
    if (done.length > 0) log.info({ tables: done }, 'tables vacuumed and analyzed');
  };
  const next = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run()
        .catch((err) => log.warn({ err }, 'table maintenance failed; trying again later'))
        .finally(() => {
          running = undefined;
          next(everyMs);
        });
    }, ms);
    timer.unref();
  };
  next(firstMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
