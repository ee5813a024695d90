/**
 * businessOrganization mode: finding the location a customer should order from. A pin: the locations
 * whose delivery zones contain it (the nearest of them), else the nearest for pick-up. Words: a
 * location's name, street, postal code or city.
 */
import type { LocationView, Point, Zone } from '../../payload-types.js';
import { distanceMeters, locationPoint, zoneFor } from '../geo.js';
import { nameTokens, scoreTokens } from '../menu/match.js';
import { canonWords, fold } from '../text/normalize.js';
import type { Turn } from '../turn.js';

export interface Nearby {
  location: LocationView;
  meters: number;
  zone: Zone | null;
}

export function byDistance(locations: LocationView[], pin: Point): Nearby[] {
  return locations
    .map((location) => {
      const at = locationPoint(location);
      return {
        location,
        meters: at ? distanceMeters(at, pin) : Number.POSITIVE_INFINITY,
        zone: zoneFor(location, pin),
      };
    })
    .sort((a, b) => a.meters - b.meters);
}

/** For delivery, the nearest location that delivers there; otherwise (or if none does) the nearest. */
export function locationForPin(locations: LocationView[], pin: Point, delivery: boolean) {
  const all = byDistance(locations, pin);
  const delivering = all.find((n) => n.zone !== null) ?? null;
  return { best: delivery ? (delivering ?? null) : (all[0] ?? null), delivering, nearest: all[0] ?? null };
}

/** A location named in the text: by name, street, postal code or city; null when none or unclear. */
export function locationByText(locations: LocationView[], text: string): LocationView | null {
  const folded = fold(text);
  const postal = /\b\d{4,5}\b/.exec(folded)?.[0];
  if (postal) {
    const hit = locations.filter((l) => l.address?.postalCode === postal);
    if (hit.length === 1) return hit[0];
  }
  const words = canonWords(text);
  const scored = locations
    .map((l) => {
      const own = nameTokens(l.name);
      const street = nameTokens(l.address?.line1 ?? '');
      // Words every location shares (the brand) tell nothing apart.
      const distinct = own.filter((t) => !locations.every((o) => o === l || nameTokens(o.name).includes(t)));
      const name = distinct.length ? scoreTokens(words, distinct).score : 0;
      return { l, score: Math.max(name, street.length ? scoreTokens(words, street).score : 0) };
    })
    .filter((s) => s.score >= 0.75)
    .sort((a, b) => b.score - a.score);
  if (scored.length === 1 || (scored.length > 1 && scored[0].score > scored[1].score)) return scored[0].l;
  const cities = locations.filter((l) => l.address?.city && new RegExp(`\\b${fold(l.address.city)}\\b`).test(folded));
  return cities.length === 1 ? cities[0] : null;
}

export function chooseLocation(turn: Turn, location: LocationView): { draftDropped: boolean } {
  const hadItems = turn.items.length > 0 && turn.location !== null && turn.location.id !== location.id;
  turn.useLocation(location);
  return { draftDropped: hadItems };
}
