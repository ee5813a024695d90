/**
 * Which delivery zone an address falls in: the first listed that contains it (inner zones come first).
 * A postal-code zone contains an address by its postal code; a radius or polygon zone only by its point.
 */
import { distanceMeters, type Point, pointInPolygon } from '../geo.js';
import { matchesPostalCodes } from '../postal-codes/match.js';
import type { DeliveryZone, ZoneArea } from '../settings/delivery-settings.js';

export interface ZoneAddress {
  postal_code: string | null;
  /** null: not known (typed without coordinates). */
  point: Point | null;
}

/**
 * `needs_point`: no postal-code zone takes the address and only its point could tell whether a radius
 * or polygon zone does. The caller decides what then: today a problem asking for coordinates.
 */
export type ZoneLookup = { kind: 'zone'; zone: DeliveryZone } | { kind: 'outside' } | { kind: 'needs_point' };

export function inArea(area: ZoneArea, address: ZoneAddress, locationPoint: Point | null): boolean {
  if (area.type === 'postal_codes') return matchesPostalCodes(area.postal_codes, address.postal_code);
  const point = address.point;
  if (point === null) return false;
  if (area.type === 'polygon') return pointInPolygon(point, area.coordinates);
  // Settings refuse a radius zone without a centre when the location has no address; if the address was
  // removed since, the zone has nothing to measure from and contains nothing.
  const center = area.center ?? locationPoint;
  return center !== null && distanceMeters(center, point) <= area.radius_meters;
}

/**
 * With a point, zones are walked in order and either rule may decide. Without one, geometry zones cannot
 * be walked, so the first postal-code zone matching decides, whatever its place in the list.
 */
export function findZone(
  zones: readonly DeliveryZone[],
  address: ZoneAddress,
  locationPoint: Point | null,
): ZoneLookup {
  const zone = zones.find((z) => inArea(z.area, address, locationPoint));
  if (zone) return { kind: 'zone', zone };
  const geometry = zones.some((z) => z.area.type !== 'postal_codes');
  return address.point === null && geometry ? { kind: 'needs_point' } : { kind: 'outside' };
}
