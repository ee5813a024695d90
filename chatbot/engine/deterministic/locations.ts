/**
 * businessOrganization mode (spec "Mode rules"): first find the location, from a shared pin (the nearest
 * location that delivers there, else the nearest for pick-up), a typed postal code or address (the first
 * location whose zones take it; ./lookup.ts when the server must look the address up) or words naming it;
 * then work as in location mode. "Switch restaurant" offers the list again.
 */
import { textReply } from '../../answer.js';
import type { LocationView } from '../../payload-types.js';
import {
  locationByText,
  locationForPin,
  locationForPostalCode,
  refusesPostalCode,
  withoutLocation,
} from '../ops/locations.js';
import { addressIn, postalCodeIn, serviceIn } from '../parse/details.js';
import { intentsOf } from '../parse/intents.js';
import { addressText } from '../render/service.js';
import { fold } from '../text/normalize.js';
import type { Turn } from '../turn.js';
import { afterWhere, chosen, km, locationList, townAfter } from './choice.js';
import { byCandidate, byLookup } from './lookup.js';

/** Words that ask to order elsewhere: "actually Berlin", "lieber die Filiale in München", "switch to Mitte". */
const SWITCH_WORDS =
  /\b(switch\w*|change|wechs\w*|instead|stattdessen|statt|lieber|actually|rather|prefer|doch|other|another|andere\w*|filiale|branch|location|standort|store|shop)\b/;
/** Words that only place it: "order from Islington", "ich bin in Kreuzberg"; not in a question ("do you deliver in London?"). */
const PLACE_WORDS = /\b(from|at|in|im|near|nahe|bei|von|aus|restaurant|nehme|take)\b/;

// biome-ignore format: a word list
const SWITCH_FILLER = new Set([
  ...'actually rather instead please then no sorry oh wait ok okay i id d want would like to order from at in near the a'.split(' '),
  ...'switch change go with take prefer let s lets us make it one branch location restaurant store shop other another'.split(' '),
  ...'lieber doch bitte dann nein sorry ach ich mochte will wurde gern gerne bestellen bei von aus in im der die das dem den'.split(' '),
  ...'filiale standort restaurant andere anderen anderes wechseln wechsle stattdessen statt zur zum nehme nehmen wir'.split(' '),
]);

const onlySwitch = (part: string) =>
  fold(part)
    .split(/[^a-z0-9']+/)
    .every((w) => !w || SWITCH_FILLER.has(w));

/**
 * Once a location is chosen, words naming another one switch to it when they ask to ("order from
 * Islington", "actually Berlin please") or say nothing else; a typed delivery address that happens to
 * share a location's street or postal code does not. True when the message is answered.
 */
function switchByName(turn: Turn, locations: LocationView[]): boolean | null {
  const text = turn.text;
  const current = turn.location;
  if (!current || turn.p.lastMessage.type !== 'text' || addressIn(text)) return null;
  const named = locationByText(locations, text);
  if (!named) return null;
  const rest = withoutLocation(text, named, locations);
  const folded = fold(text);
  const asks = SWITCH_WORDS.test(folded) || (PLACE_WORDS.test(folded) && !intentsOf(text).has('question'));
  if (rest !== '' && !asks) return null;
  if (named.id === current.id) {
    // "lieber die Filiale in Kreuzberg" while ordering there: it stays as it is.
    if (!onlySwitch(rest)) {
      turn.text = rest; // "2 pizzas at Kreuzberg" there: the order without the name
      return false;
    }
    turn.say(textReply(turn.t.locationChosen(named.name, addressText(named.address))));
    return true;
  }
  chosen(turn, named);
  // What is left besides the switch ("actually please, 2 cokes" → "2 cokes") goes on as in location mode.
  turn.text = rest
    .split(/[:;,.!?\n]+/)
    .filter((part) => !onlySwitch(part))
    .join(', ')
    .trim();
  if (turn.text === '') {
    if (turn.items.length === 0) turn.say(textReply(turn.t.whatWouldYouLike));
    return true;
  }
  return false;
}

/**
 * A typed postal code, alone or in a full address, for delivery (issue 20): the first location whose
 * delivery zones take it. Without a location yet it chooses one; once one is chosen, it switches only when
 * that one surely does not deliver there (a pin, as for the pin itself, could not change it). A full
 * address goes on to be read into the draft; a postal code alone is answered by the choice. Null: not this.
 */
function byPostalCode(turn: Turn, locations: LocationView[]): boolean | null {
  const text = turn.text;
  if (turn.p.lastMessage.type !== 'text') return null;
  const service = turn.draft.serviceType ?? serviceIn(text)?.value ?? 'delivery';
  const found = service === 'delivery' ? postalCodeIn(text) : null;
  if (!found) return null;
  const current = turn.location;
  if (current && !refusesPostalCode(current, found.value)) return null;
  const zoned = locationForPostalCode(locations, found.value);
  if (!zoned || zoned.location.id === current?.id) return null;
  chosen(turn, zoned.location, [turn.t.locationDelivers(zoned.location.name, zoned.zone.name)]);
  if (addressIn(text)) return false;
  return afterWhere(turn, townAfter(text, found).rest);
}

/**
 * Handles what only this mode has. True when the message is answered; false to go on in location mode
 * (with the location chosen just now, if the message named one).
 */
/**
 * The customer's message that the list of restaurants answered, when it asked for more than a
 * restaurant (an order, a service type): the list is its question, the tap its answer. Null otherwise.
 */
function pendingRequest(turn: Turn): string | null {
  const history = turn.p.history;
  const at = history.findLastIndex((h) => h.direction === 'outbound');
  if (at < 1 || !history[at].rows.some((r) => r.id.startsWith('loc:'))) return null;
  const asked = history[at - 1];
  if (asked.direction !== 'inbound' || asked.type !== 'text' || !asked.text) return null;
  const intents = intentsOf(asked.text);
  if (intents.has('switchLocation') || locationByText(turn.p.organization?.locations ?? [], asked.text)) return null;
  const words = asked.text.trim().split(/\s+/).length;
  return intents.has('greeting') && words <= 3 ? null : asked.text;
}

export function handleOrganization(turn: Turn, replyId: string | null): boolean {
  const org = turn.p.organization;
  if (!org || org.locations.length === 0) return false;
  const t = turn.t;
  if (replyId?.startsWith('loc:')) {
    const loc = org.locations.find((l) => l.id === replyId.slice(4));
    if (loc) {
      chosen(turn, loc);
      // "two cokes and a carbonara for delivery" before the restaurant was known: read it now.
      const earlier = pendingRequest(turn);
      if (earlier === null) return true;
      turn.text = earlier;
      return false;
    }
  }
  const tapped = byCandidate(turn, org.locations, replyId);
  if (tapped !== null) return tapped;
  if (intentsOf(turn.text).has('switchLocation')) {
    turn.say(locationList(turn, t.chooseLocation(org.name)));
    return true;
  }
  const pin = turn.p.lastMessage.location;
  if (pin && (!turn.location || turn.p.lastMessage.type === 'location')) {
    const wantsDelivery = turn.draft.serviceType !== 'collection' && turn.draft.serviceType !== 'eat_in';
    const { best, delivering, nearest } = locationForPin(org.locations, pin, wantsDelivery);
    if (!turn.location || (wantsDelivery && delivering && delivering.location.id !== turn.location.id)) {
      const pick = best ?? nearest;
      if (!pick) return false;
      const lead = delivering
        ? [t.locationDelivers(delivering.location.name, delivering.zone?.name ?? '')]
        : wantsDelivery && nearest
          ? [t.noLocationDelivers(nearest.location.name, km(nearest.meters, turn.lang))]
          : nearest
            ? [t.nearest(nearest.location.name, km(nearest.meters, turn.lang))]
            : [];
      chosen(turn, pick.location, lead);
      return !wantsDelivery || !delivering;
    }
    return false;
  }
  const zoned = byPostalCode(turn, org.locations);
  if (zoned !== null) return zoned;
  const looked = byLookup(turn, org.locations);
  if (looked !== null) return looked;
  const switched = switchByName(turn, org.locations);
  if (switched !== null) return switched;
  if (turn.location) return false;
  if (org.locations.length === 1) {
    turn.useLocation(org.locations[0]);
    return false;
  }
  const named = locationByText(org.locations, turn.text);
  if (named) {
    // The words that named it are not an order: "Ich bin in 13597" is answered by the choice alone, and
    // "I want to order at First: two cokes" goes on as "two cokes".
    const rest = withoutLocation(turn.text, named, org.locations);
    chosen(turn, named);
    turn.text = rest;
    if (rest === '') {
      turn.say(textReply(t.whatWouldYouLike));
      return true;
    }
    return false;
  }
  turn.say(locationList(turn, t.chooseLocation(org.name)));
  return true;
}
