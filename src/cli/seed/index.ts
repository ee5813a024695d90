/** `seed(db, options)`: a realistic demo data set of restaurant groups, locations, settings, menus and orders. */
import type { Db } from '../../db/client.js';
import { insertBatch } from './insert.js';
import { type SeededOrder, seedOrder } from './order.js';
import { idMaker, Random } from './random.js';
import { openingPeriods } from './settings.js';
import { createTenants } from './tenants.js';
import { DAY_MS } from './time.js';
import { buildTimeline } from './timeline.js';

export interface SeedOptions {
  orders: number;
  organizations?: number;
  days?: number;
  seed?: number;
  /** The present instant the data leads up to (default: now); fixed, it makes runs identical. */
  now?: number;
  /** Orders per INSERT batch and transaction (default 2000 on PostgreSQL, 500 on PGlite). */
  batchSize?: number;
  /** On PostgreSQL as a superuser, skip foreign-key triggers while loading (default true). */
  fast?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface Summary {
  organizations: { id: string; name: string }[];
  locations: { id: string; name: string; organization_id: string | null; currency: string; orders: number }[];
  orders: number;
  status_history_rows: number;
  order_product_rows: number;
  special_closings: number;
  from: string;
  to: string;
  elapsed_ms: number;
  orders_per_second: number;
}

export async function seed(db: Db, options: SeedOptions): Promise<Summary> {
  const began = performance.now();
  const days = options.days ?? 90;
  const now = options.now ?? Date.now();
  const start = now - days * DAY_MS;
  const root = new Random(options.seed ?? 42);
  // Ids draw on the seed and the present instant: a rerun with a new `now` adds a data set beside the
  // old one instead of colliding with it, and a fixed `now` reproduces even the ids.
  const ids = idMaker(new Random((root.fork().next() * 2 ** 32) ^ (now % 2 ** 32) ^ Math.floor(now / 2 ** 32)));
  const setupRand = root.fork();
  const timelineRand = root.fork();
  const orderRand = root.fork();

  const setup = await db.transaction((tx) => createTenants(tx, ids, setupRand, options.organizations ?? 3, start, now));
  const timeline = buildTimeline(
    setup.locations.map((l) => ({
      timezone: l.template.timezone,
      periods: openingPeriods(l.template),
      popularity: l.template.popularity,
      closedDates: setup.closingDates.get(l.id)!,
      mealShift: l.template.currency === 'MXN' || l.template.currency === 'BRL' ? 60 : 0,
    })),
    options.orders,
    days,
    now,
    timelineRand,
  );

  const batchSize = options.batchSize ?? (db.kind === 'postgres' ? 2000 : 500);
  const [{ superuser }] = await db.query<{ superuser: string }>(`SELECT current_setting('is_superuser') AS superuser`);
  const mode = {
    asyncCommit: db.kind === 'postgres',
    skipTriggers: (options.fast ?? true) && db.kind === 'postgres' && superuser === 'on',
  };
  const inFlight = new Set<Promise<void>>();
  const maxInFlight = db.kind === 'postgres' ? 2 : 1;
  const counts = { done: 0, history: 0, products: 0 };
  let failure: unknown = null;
  for (let from = 0; from < options.orders; from += batchSize) {
    const batch: SeededOrder[] = [];
    for (let i = from; i < Math.min(options.orders, from + batchSize); i++) {
      const at = timeline.times[i];
      const loc = setup.locations[timeline.locations[i]];
      batch.push(seedOrder(loc, at, now, ids.next('order', at), orderRand));
    }
    const write = db
      .transaction((tx) => insertBatch(tx, batch, mode))
      .then((c) => {
        counts.done += c.orders;
        counts.history += c.history;
        counts.products += c.products;
        options.onProgress?.(counts.done, options.orders);
      })
      .catch((err) => {
        failure ??= err;
      })
      .finally(() => inFlight.delete(write));
    inFlight.add(write);
    if (inFlight.size >= maxInFlight) await Promise.race(inFlight);
    if (failure) break;
  }
  await Promise.all(inFlight);
  if (failure) throw failure;

  const elapsed = performance.now() - began;
  return {
    organizations: setup.organizations,
    locations: setup.locations.map((l) => ({
      id: l.id,
      name: l.template.name,
      organization_id: l.organizationId,
      currency: l.template.currency,
      orders: l.lastNumber,
    })),
    orders: counts.done,
    status_history_rows: counts.history,
    order_product_rows: counts.products,
    special_closings: setup.closings,
    from: new Date(start).toISOString(),
    to: new Date(now).toISOString(),
    elapsed_ms: Math.round(elapsed),
    orders_per_second: Math.round(counts.done / (elapsed / 1000)),
  };
}
