/**
 * What the chatbot knows about the draft's delivery address (issue 20): the zone that delivers there,
 * what is still missing before the server can place it in a zone, and what the server's address lookup
 * said about it. The chatbot keeps no memory: the draft and the body's quote are all it has, so the
 * server's word counts only for the address the server priced (the stored draft's), not one typed now.
 */
import { readPlace } from '../../payload-resources.js';
import type { Address, AddressCandidate, Money, Problem, Zone } from '../../payload-types.js';
import { zoneForAddress } from '../geo.js';
import type { Turn } from '../turn.js';
import { setAddress } from './draft.js';

/** A zone's terms, from the location's zones or the server's quote (whose minimum may be absent). */
export type ZoneTerms = Pick<Zone, 'name' | 'fee' | 'freeDeliveryThreshold' | 'estimatedMinutes'> & {
  minimumOrder: Money | null;
};

/** city: the postal code and city; pin: coordinates; outside: no zone takes it, whatever a pin says. */
export type AddressNeed = 'city' | 'pin' | 'outside';

/** The problems of the server's address lookup (and its "a point is needed"), by the address they are about. */
const LOOKUP = new Set([
  'address_not_found',
  'address_ambiguous',
  'address_lookup_unavailable',
  'address_coordinates_required',
]);

const KEYS: (keyof Address)[] = ['line1', 'line2', 'postalCode', 'city', 'country', 'latitude', 'longitude'];

function sameAddress(a: Partial<Address> | null | undefined, b: Partial<Address> | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return KEYS.every((k) => (a[k] ?? null) === (b[k] ?? null));
}

/** The draft's address is the one the server priced (not changed in this turn). */
export function addressAsPriced(turn: Turn): boolean {
  return sameAddress(turn.p.draft?.deliveryAddress, turn.draft.deliveryAddress);
}

const pointOf = (a: Partial<Address> | null | undefined) =>
  a?.latitude != null && a.longitude != null ? { latitude: a.latitude, longitude: a.longitude } : null;

/** The server's lookup problems about the draft's address, from the refused placement or the quote. */
export function lookupProblems(turn: Turn): Problem[] {
  if (!turn.draft.deliveryAddress || !addressAsPriced(turn)) return [];
  const event = turn.p.event.type === 'order_problems' ? turn.p.event.problems : [];
  const all = [...event, ...(turn.p.quote?.problems ?? [])].filter((p) => LOOKUP.has(p.code));
  return all.filter((p, i) => all.findIndex((q) => q.code === p.code) === i);
}

/**
 * The zone of the draft's address when it is certain: the one the server's rule gives for its point or its
 * postal code (geo.ts zoneForAddress: without a point, a postal-code zone that takes it decides, and the
 * server looks nothing up); else the server's `quote.zone` for the address it priced.
 */
export function addressZone(turn: Turn): ZoneTerms | null {
  const loc = turn.location;
  const a = turn.draft.deliveryAddress;
  if (!loc || !a || turn.draft.serviceType !== 'delivery') return null;
  const { zone } = zoneForAddress(loc, { postalCode: a.postalCode ?? null, point: pointOf(a) });
  if (zone) return zone;
  return addressAsPriced(turn) && turn.p.quote?.zone ? turn.p.quote.zone : null;
}

/**
 * What the address still lacks. A pin only when nothing else can place it: no postal-code zone contains
 * it and the server cannot look it up (or its lookup did not find it, or asked for coordinates). The
 * postal code or city when only the street was given and there are no coordinates. `outside` when the
 * postal code is in none of the location's zones and only postal-code zones are defined (a pin would not help).
 */
export function addressNeeds(turn: Turn): AddressNeed[] {
  const loc = turn.location;
  const a = turn.draft.deliveryAddress;
  if (!loc || !a || pointOf(a)) return [];
  const { zone, needsPoint } = zoneForAddress(loc, { postalCode: a.postalCode ?? null, point: null });
  if (zone) return [];
  if (a.postalCode && !needsPoint && loc.delivery.zones.length > 0) return ['outside'];
  // Only postal-code zones: the postal code decides, a pin would not.
  const onlyPostal = loc.delivery.zones.length > 0 && loc.delivery.zones.every((z) => z.area.type === 'postal_codes');
  if (onlyPostal) return ['city'];
  const needs: AddressNeed[] = a.line1 && !a.postalCode && !a.city ? ['city'] : [];
  const refused = lookupProblems(turn).some(
    (p) => p.code === 'address_not_found' || p.code === 'address_coordinates_required',
  );
  if (!loc.delivery.addressLookup || refused) needs.push('pin');
  return needs;
}

/** The candidates of an `address_ambiguous` problem (details.candidates), those with coordinates. */
export function candidatesOf(p: Problem | undefined): AddressCandidate[] {
  const raw = Array.isArray(p?.details.candidates) ? p.details.candidates : [];
  return raw.map(readPlace).filter((c): c is AddressCandidate => c !== null);
}

/** The candidates the server offers for the draft's address now, if it found several. */
export function addressCandidates(turn: Turn): AddressCandidate[] {
  return candidatesOf(lookupProblems(turn).find((p) => p.code === 'address_ambiguous'));
}

/**
 * The customer chose one of the candidates: the draft's address becomes it, with its coordinates (the
 * flat or floor typed before stays: the candidate only places the building).
 */
export function chooseCandidate(turn: Turn, c: AddressCandidate): void {
  const before = turn.draft.deliveryAddress;
  setAddress(turn, {
    line1: c.line1 ?? before?.line1 ?? c.label,
    line2: before?.line2 ?? null,
    postalCode: c.postalCode,
    city: c.city,
    country: c.country ?? before?.country ?? null,
    latitude: c.latitude,
    longitude: c.longitude,
  });
}
