/** Delivery zones and distances, as the server checks them (docs/settings.md: first listed zone wins). */
import type { LocationView, Point, Zone, ZoneArea } from '../payload-types.js';

const rad = (deg: number) => (deg * Math.PI) / 180;

export function distanceMeters(a: Point, b: Point): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

function inPolygon(p: Point, ring: [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [yi, xi] = ring[i];
    const [yj, xj] = ring[j];
    if (yi > p.latitude !== yj > p.latitude && p.longitude < ((xj - xi) * (p.latitude - yi)) / (yj - yi) + xi) {
      inside = !inside;
    }
  }
  return inside;
}

export function locationPoint(loc: LocationView): Point | null {
  const a = loc.address;
  return a && a.latitude !== null && a.longitude !== null ? { latitude: a.latitude, longitude: a.longitude } : null;
}

/** Letter case, spaces and hyphens do not count (src/domain/postal-codes/match.ts, copied: no server import). */
const normalizePostalCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

export function matchesPostalCodes(codes: readonly string[], postalCode: string | null): boolean {
  const key = postalCode === null ? '' : normalizePostalCode(postalCode);
  if (key === '') return false;
  return codes.some((c) =>
    c.endsWith('*') ? key.startsWith(normalizePostalCode(c.slice(0, -1))) : key === normalizePostalCode(c),
  );
}

export interface ZoneAddress {
  postalCode: string | null;
  point: Point | null;
}

function inArea(area: ZoneArea, a: ZoneAddress, loc: LocationView): boolean {
  if (area.type === 'postal_codes') return matchesPostalCodes(area.postalCodes, a.postalCode);
  if (a.point === null) return false;
  if (area.type === 'polygon') return inPolygon(a.point, area.coordinates);
  const center = area.center ?? locationPoint(loc);
  return center !== null && distanceMeters(center, a.point) <= area.radiusMeters;
}

/**
 * The zone that delivers to an address, as the server decides (src/domain/drafts/delivery.ts): the first
 * listed containing it, by postal code or by point. `needsPoint`: no zone took it, and only its point could
 * tell whether a radius or polygon zone does (the server's problem address_coordinates_required).
 */
export function zoneForAddress(loc: LocationView, a: ZoneAddress): { zone: Zone | null; needsPoint: boolean } {
  if (!loc.delivery.enabled) return { zone: null, needsPoint: false };
  const zones = loc.delivery.zones;
  const zone = zones.find((z) => inArea(z.area, a, loc)) ?? null;
  const needsPoint = zone === null && a.point === null && zones.some((z) => z.area.type !== 'postal_codes');
  return { zone, needsPoint };
}

/** The zone that delivers to the pin `p` (no postal code: postal-code zones do not take it), or null. */
export function zoneFor(loc: LocationView, p: Point): Zone | null {
  return zoneForAddress(loc, { postalCode: null, point: p }).zone;
}
