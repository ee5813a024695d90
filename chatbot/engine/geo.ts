/** Delivery zones and distances, as the server checks them (docs/settings.md: first listed zone wins). */
import type { LocationView, Point, Zone } from '../payload-types.js';

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

/** The zone that delivers to `p`, or null. */
export function zoneFor(loc: LocationView, p: Point): Zone | null {
  if (!loc.delivery.enabled) return null;
  for (const zone of loc.delivery.zones) {
    if (zone.area.type === 'polygon') {
      if (inPolygon(p, zone.area.coordinates)) return zone;
      continue;
    }
    const center = zone.area.center ?? locationPoint(loc);
    if (center && distanceMeters(center, p) <= zone.area.radiusMeters) return zone;
  }
  return null;
}
