/**
 * A typed address to a point, through the database cache (migration 0019) and the geocoder client
 * (src/lib/geocoder). Lifetimes and the reasons for them: docs/geocoding.md, "Cache".
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/client.js';
import { isEmptyQuery, normalizedQuery } from '../../lib/geocoder/query.js';
import type { AddressQuery, GeocodeResult, Geocoder } from '../../lib/geocoder/types.js';

const DAY_MS = 86_400_000;
/** An address found (or its candidates) rarely moves; a month keeps requests to about one per address. */
export const FOUND_TTL_MS = 30 * DAY_MS;
/** Not found may be a street newly mapped or a typo corrected in OpenStreetMap: asked again a day later. */
export const NOT_FOUND_TTL_MS = DAY_MS;
// `unavailable` is never kept: the next lookup asks again.

export function cacheLifetimeMs(result: GeocodeResult): number | null {
  if (result.status === 'found' || result.status === 'ambiguous') return FOUND_TTL_MS;
  if (result.status === 'not_found') return NOT_FOUND_TTL_MS;
  return null;
}

export interface LookupOptions {
  /** The clock (tests). */
  now?: Date;
}

const keyOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** The cached answer while it lasts, else null: for callers inside a transaction, which must not wait on the network. */
export async function cachedGeocode(
  db: Queryable,
  address: AddressQuery,
  { now = new Date() }: LookupOptions = {},
): Promise<GeocodeResult | null> {
  if (isEmptyQuery(address)) return { status: 'not_found' };
  const [hit] = await db.query<{ result: GeocodeResult }>(
    'SELECT result FROM geocode_cache WHERE query_key = $1 AND expires_at > $2',
    [keyOf(normalizedQuery(address)), now],
  );
  return hit?.result ?? null;
}

/**
 * The cached answer while it lasts, else the geocoder's (stored when it has a lifetime). Never throws for
 * the geocoder's sake (a database error still throws). Call it outside a transaction: the request can
 * take up to the geocoder's timeout plus its wait for a turn, too long to hold a connection's locks.
 */
export async function geocodeAddress(
  db: Queryable,
  geocoder: Geocoder,
  address: AddressQuery,
  { now = new Date() }: LookupOptions = {},
): Promise<GeocodeResult> {
  const cached = await cachedGeocode(db, address, { now });
  if (cached) return cached;
  const query = normalizedQuery(address);
  const key = keyOf(query);
  const result = await geocoder.search(address);
  const lifetime = cacheLifetimeMs(result);
  if (lifetime === null) return result;
  // Two lookups of one new address at once both write; the later one wins, neither fails.
  await db.query(
    `INSERT INTO geocode_cache (query_key, query, result, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (query_key) DO UPDATE
       SET result = EXCLUDED.result, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at`,
    [key, query, JSON.stringify(result), now, new Date(now.getTime() + lifetime)],
  );
  return result;
}

/** Expired answers are replaced on their next use anyway; this drops those never asked for again. */
export async function purgeExpiredGeocodes(db: Queryable, now = new Date()): Promise<void> {
  await db.query('DELETE FROM geocode_cache WHERE expires_at <= $1', [now]);
}
