/**
 * businessOrganization mode: finding the location a customer should order from. A pin: the locations
 * whose delivery zones contain it (the nearest of them), else the nearest for pick-up. Words: a
 * location's name, street, postal code or city.
 */
import type { LocationView, Point, Zone } from '../../payload-types.js';
import { distanceMeters, locationPoint, zoneFor } from '../geo.js';
import { nameTokens, scoreTokens } from '../menu/match.js';
import { canonWords, fold, words } from '../text/normalize.js';
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

/** Words around a location's name that only say "there": "ich bin in 13597", "I want to order at First". */
const AROUND = new Set(
  (
    'ich bin wohne wir sind moechte mochte will wuerde wurde gern gerne bestellen bestelle bitte hallo hi hey ' +
    'guten tag abend morgen in im bei aus von nahe der die dem den filiale restaurant standort ' +
    "i am im i'm live we are want would like to order from at near the please hello branch location"
  ).split(/\s+/),
);
/** Prepositions that go with the name: taken out with it ("zwei Cola bei First" → "zwei Cola"). */
const BEFORE = new Set(['in', 'im', 'bei', 'aus', 'von', 'nahe', 'at', 'from', 'near']);

/**
 * The text without the words that named `location` (its distinct name words, street, city, postal code)
 * and the phrase around them. A part of the message (between punctuation) that only said where goes
 * entirely; elsewhere the name and its preposition go. Empty when the message only named the location.
 */
export function withoutLocation(text: string, location: LocationView, all: LocationView[]): string {
  const shared = (t: string) => all.every((o) => o === location || nameTokens(o.name).includes(t));
  const own = nameTokens(location.name).filter((t) => !shared(t));
  // The brand ("Roma" of "Roma Kreuzberg") names it only beside a word that does: it may be a dish too.
  const brand = new Set(nameTokens(location.name).filter(shared));
  const naming = new Set([
    ...own,
    ...nameTokens(location.address?.line1 ?? ''),
    ...canonWords(location.address?.city ?? ''),
    ...(location.address?.postalCode ? [location.address.postalCode] : []),
  ]);
  const isName = (word: string) => {
    const w = words(word);
    return w.length > 0 && w.every((x) => naming.has(x) || canonWords(x).every((c) => naming.has(c)));
  };
  const parts = text.split(/([:;,.!?\n]+)/);
  const kept: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const tokens = parts[i].split(/\s+/).filter(Boolean);
    const named = tokens.map(isName);
    const isBrand = (w: string) => words(w).length > 0 && words(w).every((x) => brand.has(x));
    for (let j = 0; j < tokens.length; j++) if (named[j + 1] && isBrand(tokens[j])) named[j] = true;
    for (let j = 1; j < tokens.length; j++) if (named[j - 1] && isBrand(tokens[j])) named[j] = true;
    if (!named.some(Boolean)) {
      kept.push(parts[i], parts[i + 1] ?? '');
      continue;
    }
    const filler = (w: string) => words(w).every((x) => AROUND.has(x));
    if (tokens.every((w, j) => named[j] || filler(w))) continue; // this part only said where
    const left = tokens.filter((w, j) => !named[j] && !(named[j + 1] && words(w).every((x) => BEFORE.has(x))));
    kept.push(left.join(' '), parts[i + 1] ?? '');
  }
  return kept
    .join('')
    .replace(/^[\s:;,.!?]+/, '')
    .trim();
}
