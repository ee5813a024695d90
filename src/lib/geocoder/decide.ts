/**
 * From the places a search returned to one answer (docs/geocoding.md, "Found or ambiguous"):
 * 1. A street was typed: places with no road (a city, a postcode area) are dropped; they say nothing
 *    about where the door is.
 * 2. Places that are the same place collapse into the first: the same road, house number and postcode,
 *    a road without a number on a road with one (the street besides a house on it), or within 50 m.
 *    Places that match what was typed are looked at first, so they are the ones kept.
 * 3. A place *matches* when its house number equals the typed one (if one was typed) and its postcode
 *    agrees with the typed one (if one was typed). A place *differs* when its house number or postcode
 *    is known and contradicts the typed one: another address, not a reading of this one.
 * 4. None left: not_found. Exactly one matching, every other one differing: found. Otherwise ambiguous,
 *    with up to five candidates, so the customer can be asked which one was meant.
 */
import { houseNumberOf, normalizeText, postcodesCompatible, sameHouseNumber } from './query.js';
import type { AddressQuery, GeocodedPlace, GeocodeResult, GeoPoint, RawPlace } from './types.js';

export const SAME_PLACE_METERS = 50;
export const MAX_CANDIDATES = 5;

/**
 * Equirectangular distance: exact enough at tens of metres (src/domain/geo.ts has the haversine, but
 * src/lib does not import the domain).
 */
export function nearMeters(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const x = (b.longitude - a.longitude) * rad * Math.cos(((a.latitude + b.latitude) / 2) * rad);
  const y = (b.latitude - a.latitude) * rad;
  return Math.hypot(x, y) * 6_371_008.8;
}

interface Asked {
  street: boolean;
  houseNumber: string | null;
  postcode: string | null;
}

function asked(q: AddressQuery): Asked {
  const postcode = normalizeText(q.postal_code);
  return { street: normalizeText(q.line_1) !== '', houseNumber: houseNumberOf(q.line_1), postcode: postcode || null };
}

export function matches(p: RawPlace, a: Asked): boolean {
  if (a.houseNumber && !(p.house_number && sameHouseNumber(p.house_number, a.houseNumber))) return false;
  if (a.postcode && !(p.postal_code && postcodesCompatible(a.postcode, p.postal_code))) return false;
  return true;
}

function differs(p: RawPlace, a: Asked): boolean {
  if (a.houseNumber && p.house_number && !sameHouseNumber(p.house_number, a.houseNumber)) return true;
  return Boolean(a.postcode && p.postal_code && !postcodesCompatible(a.postcode, p.postal_code));
}

const same = (x: string | null, y: string | null) =>
  normalizeText(x).replace(/\s/g, '') === normalizeText(y).replace(/\s/g, '');

function samePlace(p: RawPlace, q: RawPlace): boolean {
  if (nearMeters(p.point, q.point) <= SAME_PLACE_METERS) return true;
  if (!p.road || !same(p.road, q.road) || !same(p.postal_code, q.postal_code)) return false;
  return !p.house_number || !q.house_number || same(p.house_number, q.house_number);
}

/** Road and number in the country's order: `12 Baker Street` in the UK, `Torstraße 1` in Germany. */
const NUMBER_FIRST = new Set(['GB', 'IE', 'US', 'CA', 'AU', 'NZ', 'FR', 'LU', 'IN', 'ZA', 'SG', 'IL']);

export function placeOf(p: RawPlace): GeocodedPlace {
  const road =
    p.road && p.house_number
      ? NUMBER_FIRST.has(p.country_code ?? '')
        ? `${p.house_number} ${p.road}`
        : `${p.road} ${p.house_number}`
      : p.road;
  return {
    point: p.point,
    address: { line_1: road, postal_code: p.postal_code, city: p.city, country: p.country_code },
  };
}

export function decide(query: AddressQuery, places: RawPlace[]): GeocodeResult {
  const a = asked(query);
  const usable = a.street ? places.filter((p) => p.road) : places;
  // Matching ones first (stable), so a duplicate of a matching place collapses into it, not the other way.
  const ordered = [...usable.filter((p) => matches(p, a)), ...usable.filter((p) => !matches(p, a))];
  const distinct: RawPlace[] = [];
  for (const p of ordered) {
    const kept = distinct.findIndex((d) => samePlace(d, p));
    if (kept === -1) distinct.push(p);
    // The more precise of two readings of one place stays: the house, not the street it is on.
    else if (!distinct[kept].house_number && p.house_number && matches(p, a) === matches(distinct[kept], a)) {
      distinct[kept] = p;
    }
  }
  if (distinct.length === 0) return { status: 'not_found' };
  const matching = distinct.filter((p) => matches(p, a));
  if (matching.length === 1 && distinct.every((p) => p === matching[0] || differs(p, a))) {
    return { status: 'found', ...placeOf(matching[0]) };
  }
  return { status: 'ambiguous', candidates: distinct.slice(0, MAX_CANDIDATES).map(placeOf) };
}
