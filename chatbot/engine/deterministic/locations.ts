/**
 * businessOrganization mode (spec "Mode rules"): first find the location, from a shared pin (the nearest
 * location that delivers there, else the nearest for pick-up) or from words naming it; then work as in
 * location mode. "Switch restaurant" offers the list again.
 */
import { listReply, type Reply, textReply } from '../../answer.js';
import type { LocationView } from '../../payload-types.js';
import { chooseLocation, locationByText, locationForPin, withoutLocation } from '../ops/locations.js';
import { intentsOf } from '../parse/intents.js';
import { addressText } from '../render/service.js';
import type { Turn } from '../turn.js';

const km = (meters: number, lang: string) => (meters / 1000).toFixed(1).replace('.', lang === 'de' ? ',' : '.');

export function locationList(turn: Turn, text: string): Reply {
  const org = turn.p.organization;
  const rows = (org?.locations ?? []).map((l) => ({
    id: `loc:${l.id}`,
    title: l.name,
    description: addressText(l.address),
  }));
  return listReply(text, turn.t.btn.choose, rows);
}

function chosen(turn: Turn, loc: LocationView, lead: string[] = []): void {
  const { draftDropped } = chooseLocation(turn, loc);
  const t = turn.t;
  const lines = [...lead, t.locationChosen(loc.name, addressText(loc.address))];
  if (draftDropped) lines.push(t.draftDropped);
  lines.push(t.switchHint);
  turn.say(textReply(lines.join('\n')));
}

/**
 * Handles what only this mode has. True when the message is answered; false to go on in location mode
 * (with the location chosen just now, if the message named one).
 */
export function handleOrganization(turn: Turn, replyId: string | null): boolean {
  const org = turn.p.organization;
  if (!org || org.locations.length === 0) return false;
  const t = turn.t;
  if (replyId?.startsWith('loc:')) {
    const loc = org.locations.find((l) => l.id === replyId.slice(4));
    if (loc) {
      chosen(turn, loc);
      return true;
    }
  }
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
