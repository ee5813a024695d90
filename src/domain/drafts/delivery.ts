/** Which delivery zone an address falls in: the first listed that contains it (inner zones come first). */
import { distanceMeters, type Point, pointInPolygon } from '../geo.js';
import type { DeliveryZone, ZoneArea } from '../settings/delivery-settings.js';

export function inArea(area: ZoneArea, point: Point, locationPoint: Point | null): boolean {
  if (area.type === 'polygon') return pointInPolygon(point, area.coordinates);
  // Settings refuse a radius zone without a centre when the location has no address; if the address was
  // removed since, the zone has nothing to measure from and contains nothing.
  const center = area.center ?? locationPoint;
  return center !== null && distanceMeters(center, point) <= area.radius_meters;
}

export function findZone(zones: readonly DeliveryZone[], point: Point, locationPoint: Point | null) {
  return zones.find((z) => inArea(z.area, point, locationPoint)) ?? null;
}
