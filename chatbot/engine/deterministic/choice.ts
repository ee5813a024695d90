/**
 * businessOrganization mode: saying which location was chosen (and what of the order came along), the list
 * to choose from, and whether the message said more than where the customer is. Shared by the ways a
 * location is found (./locations.ts: a tap, a pin, words, a postal code; ./lookup.ts: the server's lookup).
 */
import { listReply, type Reply, textReply } from '../../answer.js';
import type { LocationView } from '../../payload-types.js';
import { chooseLocation } from '../ops/locations.js';
import type { Found } from '../parse/details.js';
import { runningOrder } from '../render/draft.js';
import { addressText } from '../render/service.js';
import { fold } from '../text/normalize.js';
import type { Turn } from '../turn.js';

export const km = (meters: number, lang: string) => (meters / 1000).toFixed(1).replace('.', lang === 'de' ? ',' : '.');

export function locationList(turn: Turn, text: string): Reply {
  const org = turn.p.organization;
  const rows = (org?.locations ?? []).map((l) => ({
    id: `loc:${l.id}`,
    title: l.name,
    description: addressText(l.address),
  }));
  return listReply(text, turn.t.btn.choose, rows, turn.t.moreThanListed);
}

/** Targets `loc` and tells the customer so, with what of their order came along (or did not). */
export function chosen(turn: Turn, loc: LocationView, lead: string[] = []): void {
  const { kept, dropped } = chooseLocation(turn, loc);
  const t = turn.t;
  const lines = [...lead, t.locationChosen(loc.name, addressText(loc.address))];
  if (dropped.length > 0 && kept.length === 0) lines.push(t.allDropped(loc.name, dropped));
  else if (dropped.length > 0) lines.push(t.orderPartlyKept(loc.name, dropped));
  else if (kept.length > 0) lines.push(t.orderKept(loc.name));
  if (kept.length > 0) lines.push('', runningOrder(turn), '');
  lines.push(t.switchHint);
  turn.say(textReply(lines.join('\n')));
}

/** What is left of "ich wohne in 10115 Berlin" once the postal code and city are taken: only saying where. */
const WHERE_WORDS =
  /^(?:ich|bin|wohne|wohnen|wir|sind|in|im|bei|nach|liefern|lieferung|bitte|meine|plz|postleitzahl|ist|und|hallo|hi|hello|hey|i|i'?m|am|we|are|live|at|to|deliver|delivery|please|my|postal|code|postcode|zip|is|and|i'?d|like|would|want|mochte|gern|gerne|near|nahe|der|von|from)$/;

/**
 * After the location was chosen from where the customer is: `rest` (the message without that) goes on as
 * in location mode when it says more (false); otherwise the choice answers it, with "what would you like?"
 * while the draft is empty (true).
 */
export function afterWhere(turn: Turn, rest: string): boolean {
  const leftover = fold(rest)
    .split(/[^a-z0-9']+/)
    .filter((w) => w && !WHERE_WORDS.test(w));
  if (leftover.length > 0) {
    turn.text = rest.trim();
    return false;
  }
  if (turn.items.length === 0) turn.say(textReply(turn.t.whatWouldYouLike));
  return true;
}

/** The city after a typed postal code ("10115 Berlin"), and the text without both. */
export function townAfter(text: string, found: Found<string>): { city: string | null; rest: string } {
  if (!/^\d+$/.test(found.value)) return { city: null, rest: found.rest.trim() };
  const town = new RegExp(`\\b${found.value}(?:\\s+([A-ZÄÖÜ][\\wäöüß-]*))?`);
  return { city: town.exec(text)?.[1] ?? null, rest: text.replace(town, ' ').trim() };
}
