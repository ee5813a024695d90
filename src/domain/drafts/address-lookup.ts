/**
 * A typed delivery address without coordinates, that no postal-code zone decides, is looked up with the
 * geocoder (docs/geocoding.md) before the draft is priced: pricing stays a pure rule on what was found.
 * Outside a transaction the lookup may ask the service; inside one (placing an order) it reads the cache
 * only, which the caller fills beforehand by quoting the draft, so no lock waits on the network.
 */
import type { Queryable } from '../../db/client.js';
import type { GeocodeResult, Geocoder } from '../../lib/geocoder/types.js';
import type { Point } from '../geo.js';
import { cachedGeocode, geocodeAddress } from '../geocoding/lookup.js';
import type { DeliverySettings } from '../settings/delivery-settings.js';
import { findZone } from './delivery.js';
import type { Draft } from './types.js';

/** What the pricing of a draft may use: the geocoder and whether it may be asked now. */
export interface Geocoding {
  geocoder: Geocoder | null;
  /** false inside a transaction: the cache only, a miss being `unavailable`. */
  network: boolean;
}

/** Whether pricing this draft needs its address looked up. */
export function needsLookup(draft: Draft, delivery: DeliverySettings, locationPoint: Point | null): boolean {
  const a = draft.delivery_address;
  if (draft.service_type !== 'delivery' || a === null || (a.latitude !== null && a.longitude !== null)) return false;
  const found = findZone(delivery.zones, { postal_code: a.postal_code, point: null }, locationPoint);
  return found.kind === 'needs_point';
}

/** The geocoder's answer for the draft's address when pricing needs one; null when none is configured. */
export async function lookUpAddress(
  db: Queryable,
  geocoding: Geocoding | undefined,
  draft: Draft,
  delivery: DeliverySettings,
  locationPoint: Point | null,
): Promise<GeocodeResult | null> {
  const geocoder = geocoding?.geocoder ?? null;
  const a = draft.delivery_address;
  if (geocoder === null || a === null || !needsLookup(draft, delivery, locationPoint)) return null;
  if (geocoding?.network) return geocodeAddress(db, geocoder, a);
  return (await cachedGeocode(db, a)) ?? { status: 'unavailable', reason: 'error' };
}
