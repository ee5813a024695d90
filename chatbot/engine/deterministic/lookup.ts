/**
 * businessOrganization mode (issue 20): a typed address that no location's postal-code zone decides is
 * placed by the server's geocoder (the chatbot does no geocoding). The answer only asks for the lookup
 * (`lookUpAddress`, action redeliver); the message comes again as address_looked_up with the point found,
 * which then chooses as a shared pin does: for delivery the first location (in the organization's order)
 * whose zones contain it, for pick-up or eat-in the nearest. The server looks up once per message and the
 * chatbot keeps no memory, so what a later delivery needs travels in the body: the point in the draft's
 * address (for the location_chosen delivery that brings the chosen location's menu), the candidates' points
 * in our list's row ids.
 */
import { textReply } from '../../answer.js';
import type { Address, AddressLookup, AddressQuery, LocationView, Point, ServiceType } from '../../payload-types.js';
import { setAddress, setServiceType } from '../ops/draft.js';
import { locationByText, locationForAddress, locationForPin, refusesPostalCode } from '../ops/locations.js';
import { addressIn, postalCodeIn, serviceIn } from '../parse/details.js';
import { candidateList } from '../render/address.js';
import { fold } from '../text/normalize.js';
import type { Turn } from '../turn.js';
import { afterWhere, chosen, km, locationList, townAfter } from './choice.js';

/** What a message asks to be looked up: the address as typed, for which service, and the text without it. */
interface Wanted {
  typed: Partial<Address>;
  service: ServiceType;
  rest: string;
}

/** The location surely does not deliver there: no zone takes the postal code (without one: no delivery at all). */
const refuses = (l: LocationView, postalCode: string | null | undefined) =>
  postalCode ? refusesPostalCode(l, postalCode) : !l.delivery.enabled;

/**
 * The typed address the message needs looked up to find the location, or null. Delivery (asked for, the
 * draft's, or unsaid with a street typed): a street address, while no location is chosen or the chosen one
 * surely does not deliver there, and another location might (its postal-code zones did not decide:
 * byPostalCode came first). Pick-up or eat-in: an address or a postal code, only to find the location.
 * Words that name a location besides the address choose it instead.
 */
function lookupWanted(turn: Turn, locations: LocationView[]): Wanted | null {
  if (locations.length < 2 || !locations.some((l) => l.delivery.addressLookup)) return null;
  const text = turn.text;
  const address = addressIn(text);
  const service = serviceIn(text)?.value ?? turn.draft.serviceType ?? (address ? 'delivery' : null);
  const current = turn.location;
  if (!service || (!current && locationByText(locations, address ? address.rest : text))) return null;
  if (service === 'delivery') {
    const code = address?.value.postalCode;
    if (!address || (current && !refuses(current, code))) return null;
    const others = locations.filter((l) => l.id !== current?.id && !refuses(l, code));
    return others.length > 0 ? { typed: address.value, service, rest: address.rest } : null;
  }
  if (current) return null;
  if (address) return { typed: address.value, service, rest: address.rest };
  const code = postalCodeIn(text);
  if (!code) return null;
  const town = townAfter(text, code);
  return { typed: { postalCode: code.value, city: town.city }, service, rest: town.rest };
}

/** The address as the server should look it up; the country the organization's locations share, unless typed. */
function queryOf(typed: Partial<Address>, locations: LocationView[]): AddressQuery {
  const countries = [...new Set(locations.map((l) => l.address?.country).filter((c): c is string => !!c))];
  return {
    line1: typed.line1 ?? null,
    postalCode: typed.postalCode ?? null,
    city: typed.city ?? null,
    country: typed.country ?? (countries.length === 1 ? countries[0] : null),
  };
}

/** Pick-up or eat-in at `loc`: the service goes in the draft, and the rest of the message on (./choice.ts). */
function pickUp(turn: Turn, loc: LocationView, wanted: Wanted, lead: string[] = []): boolean {
  chosen(turn, loc, lead);
  setServiceType(turn, wanted.service);
  return afterWhere(turn, serviceIn(wanted.rest)?.rest ?? wanted.rest);
}

/**
 * The point found for the typed address chooses as a shared pin does. Delivery: the first location whose
 * zones contain it (by the point, or the postal code), the address as typed with the point (and the postal
 * code and city found, when not typed) in the draft; when none does, that is said with the list. Pick-up,
 * eat-in: the nearest. Null when nothing is chosen and the chosen location goes on in location mode.
 */
function placeAt(turn: Turn, locations: LocationView[], wanted: Wanted, found: Point & Partial<Address>) {
  const t = turn.t;
  const point = { latitude: found.latitude, longitude: found.longitude };
  if (wanted.service !== 'delivery') {
    const { nearest } = locationForPin(locations, point, false);
    if (!nearest) return null;
    return pickUp(turn, nearest.location, wanted, [t.nearest(nearest.location.name, km(nearest.meters, turn.lang))]);
  }
  const { typed } = wanted;
  const postalCode = typed.postalCode ?? found.postalCode ?? null;
  const country = typed.country ?? found.country ?? null;
  const address = { ...typed, postalCode, city: typed.city ?? found.city ?? null, country, ...point };
  const zoned = locationForAddress(locations, { postalCode, point });
  const current = turn.location;
  // A chosen location that does not deliver there says so itself, as for any address (render/address.ts).
  if (current && (!zoned || zoned.location.id === current.id)) return null;
  if (!zoned) {
    const { nearest } = locationForPin(locations, point, false);
    const lead = nearest ? t.noLocationDelivers(nearest.location.name, km(nearest.meters, turn.lang)) : t.outsideZones;
    turn.say(locationList(turn, lead));
    return true;
  }
  chosen(turn, zoned.location, [t.locationDelivers(zoned.location.name, zoned.zone.name)]);
  // After the choice, which starts a location chosen from the list with an empty draft (Turn.useLocation).
  setAddress(turn, address);
  setServiceType(turn, 'delivery');
  turn.pointLookedUp = true;
  // The message comes again for the chosen location's menu (location_chosen): the point must be stored by then.
  const stored = turn.p.draft ?? {};
  turn.redeliverDraft = { ...stored, serviceType: 'delivery', deliveryAddress: turn.draft.deliveryAddress };
  return false;
}

/** address_looked_up: the found point chooses; otherwise the question that gets a place another way. */
function looked(turn: Turn, locations: LocationView[], wanted: Wanted, result: AddressLookup | null): boolean {
  const t = turn.t;
  if (result?.status === 'found' && result.place) return placeAt(turn, locations, wanted, result.place) ?? false;
  if (result?.status === 'ambiguous') {
    turn.say(candidateList(turn, result.candidates));
    return true;
  }
  // A chosen location reads the address itself and says what it lacks.
  if (turn.location) return false;
  if (result?.status === 'not_found') turn.say(textReply(t.placeNotFound));
  else turn.say(locationList(turn, t.placeLookupUnavailable));
  return true;
}

/**
 * location_chosen after the lookup chose a location (its menu now in `location`): the point is in the
 * stored draft's address when that is the street typed, and the same choice is made again, with the menu.
 * Otherwise (pick-up keeps no address) the location the last answer chose.
 */
function lookedBefore(turn: Turn, locations: LocationView[], wanted: Wanted): boolean | null {
  const target = turn.p.location;
  if (!target) return null;
  const stored = turn.p.draft?.deliveryAddress;
  const street = (a: Partial<Address> | null | undefined) => fold(a?.line1 ?? '').trim();
  const { latitude, longitude } = stored ?? {};
  if (
    wanted.service === 'delivery' &&
    street(stored) === street(wanted.typed) &&
    latitude != null &&
    longitude != null
  ) {
    const again = placeAt(turn, locations, wanted, { ...stored, latitude, longitude });
    if (again !== null) return again;
  }
  if (wanted.service !== 'delivery') return pickUp(turn, target, wanted);
  chosen(turn, target);
  return false;
}

/**
 * A typed address that needs the server's lookup to find the location: asks for it (a message), answers
 * with what it found (address_looked_up), or makes the same choice again (location_chosen). True when the
 * message is answered, false to go on in location mode, null when this is not such a message. Never asks
 * twice for one message: the server would not look again, and the customer would get its fallback reply.
 */
export function byLookup(turn: Turn, locations: LocationView[]): boolean | null {
  if (turn.p.lastMessage.type !== 'text') return null;
  const wanted = lookupWanted(turn, locations);
  if (!wanted) return null;
  const event = turn.p.event;
  if (event.type === 'address_looked_up') return looked(turn, locations, wanted, event.addressLookup);
  if (event.type === 'location_chosen') return lookedBefore(turn, locations, wanted);
  if (event.type !== 'message') return null;
  turn.lookUp(queryOf(wanted.typed, locations));
  return true;
}

/** The customer's message our list of candidates answered (the inbound text before it), if it was one. */
function lookedUpMessage(turn: Turn): string | null {
  const history = turn.p.history;
  const at = history.findLastIndex((h) => h.direction === 'outbound');
  if (at < 1 || !history[at].rows.some((r) => r.id.startsWith('addr:'))) return null;
  const asked = history[at - 1];
  return asked.direction === 'inbound' && asked.type === 'text' && asked.text ? asked.text : null;
}

/**
 * The postal code the chosen row's title shows ("Hauptstraße 5, 10827": render/address.ts candidateTitle):
 * the id carries only the point, and the postal code is what told the candidates apart.
 */
function rowPostalCode(turn: Turn, id: string): string | null {
  const reply = turn.p.lastMessage.reply;
  const rows = turn.p.history.findLast((h) => h.direction === 'outbound')?.rows ?? [];
  const title = reply?.id === id ? reply.title : (rows.find((r) => r.id === id)?.title ?? '');
  const tail = title.includes(',') ? title.slice(title.lastIndexOf(',') + 1) : '';
  return postalCodeIn(tail)?.value ?? null;
}

/**
 * A tap on a row of our "which one do you mean?" list (or its number, typed): the candidate's point, read
 * from the row id, chooses as a found point does, for the message that was looked up, which is then read
 * on. Null when the list was not about finding the location (location mode's own lookup problems).
 */
export function byCandidate(turn: Turn, locations: LocationView[], replyId: string | null): boolean | null {
  const m = /^addr:\d+:(-?[\d.]+),(-?[\d.]+)$/.exec(replyId ?? '');
  const asked = m ? lookedUpMessage(turn) : null;
  if (!m || asked === null) return null;
  const text = turn.text;
  turn.text = asked;
  const wanted = lookupWanted(turn, locations);
  const point = { latitude: Number(m[1]), longitude: Number(m[2]) };
  const placed = wanted ? placeAt(turn, locations, wanted, { ...point, postalCode: rowPostalCode(turn, m[0]) }) : null;
  if (placed === null) {
    turn.text = text;
    return null;
  }
  turn.replyUsed = true;
  return placed;
}

/**
 * The message is one this module answers: the LLM engine hands it to the deterministic engine, as the
 * model cannot ask for a lookup, and the messages after one must choose as it did.
 */
export function lookupTurn(turn: Turn): boolean {
  const org = turn.p.organization;
  if (turn.p.mode !== 'businessOrganization' || !org) return false;
  if (turn.p.event.type === 'address_looked_up') return true;
  if (turn.p.lastMessage.reply?.id.startsWith('addr:')) {
    const asked = lookedUpMessage(turn);
    if (asked === null) return false;
    turn.text = asked;
    return lookupWanted(turn, org.locations) !== null;
  }
  return turn.p.lastMessage.type === 'text' && lookupWanted(turn, org.locations) !== null;
}
