/**
 * The delivery address in the customer's words (issue 20): what is still missing, asked precisely; the
 * server's lookup problems as questions ("did you mean …" as a list); and the zone's fee and minimum,
 * said once when the address is in. "Once" is read from the history: the chatbot has no other memory.
 */
import { listReply, type Reply, textReply } from '../../answer.js';
import type { AddressCandidate, Lang } from '../../payload-types.js';
import { formatMoney } from '../format.js';
import { TEXTS } from '../i18n/index.js';
import { addressCandidates, addressNeeds, addressZone, lookupProblems, type ZoneTerms } from '../ops/address.js';
import type { Turn } from '../turn.js';

/** A row id of the "did you mean" list: the candidate's number and its coordinates (ids carry everything). */
export const candidateId = (i: number, lat: number, lng: number) => `addr:${i}:${lat.toFixed(6)},${lng.toFixed(6)}`;

function termsIn(lang: Lang, z: ZoneTerms): string[] {
  const t = TEXTS[lang];
  const m = (x: { amount: number; currency: string }) => formatMoney(x, lang);
  const min = z.minimumOrder ? m(z.minimumOrder) : m({ amount: 0, currency: z.fee.currency });
  const free = z.freeDeliveryThreshold ? m(z.freeDeliveryThreshold) : null;
  return [t.zoneTerms(z.name, m(z.fee), min, free), t.deliversThere(z.name, m(z.fee), min, z.estimatedMinutes)];
}

/** The zone's terms, in the turn's language. */
function termsText(turn: Turn, z: ZoneTerms): string {
  return termsIn(turn.lang, z)[0];
}

/** Said already: in a message of ours (either language, as terms or as the pin's "we deliver there"), or in this turn. */
function told(turn: Turn, z: ZoneTerms): boolean {
  const said = [
    ...turn.p.history.filter((h) => h.direction === 'outbound').map((h) => h.text ?? ''),
    ...turn.replies.map((r) => r.text),
  ];
  const forms = [...termsIn('en', z), ...termsIn('de', z)];
  return said.some((text) => forms.some((f) => text.includes(f)));
}

/** The zone's fee and minimum (and free-delivery threshold) when the zone is known and not yet said. */
export function zoneNews(turn: Turn): string | null {
  const zone = addressZone(turn);
  return zone && !told(turn, zone) ? termsText(turn, zone) : null;
}

/**
 * Once the address is in and the zone known (here, or by the server's quote on a later turn), its terms
 * go in front of the answer, unless they were said before.
 */
export function announceZone(turn: Turn): void {
  const first = turn.replies[0];
  if (!first || !turn.draft.deliveryAddress) return;
  const news = zoneNews(turn);
  if (!news) return;
  // An interactive reply's text has 1024 characters at most: then the terms go in a message of their own.
  if ((first.buttons || first.list) && news.length + first.text.length > 1000) turn.replies.unshift(textReply(news));
  else turn.replies[0] = { ...first, text: `${news}\n\n${first.text}` };
}

/** What the address lacks, in words: outside the zones, the postal code and city, the pin. */
export function addressAsks(turn: Turn): string[] {
  const t = turn.t;
  const needs = addressNeeds(turn);
  if (needs.includes('outside')) return [t.outsideZones];
  const asks = needs.includes('city') ? [t.askCity] : [];
  if (needs.includes('pin')) {
    const postal = turn.location?.delivery.zones.some((z) => z.area.type === 'postal_codes');
    asks.push(postal && !turn.draft.deliveryAddress?.postalCode ? t.askPinOrPostalCode : t.askPin);
  }
  return asks;
}

/** "Hauptstraße 5, 10827": the street and what tells candidates on streets of one name apart, in a row's 24 characters. */
function candidateTitle(c: { line1: string | null; postalCode: string | null; label: string }): string {
  if (!c.line1) return c.label;
  if (!c.postalCode) return c.line1;
  const room = 24 - c.postalCode.length - 2;
  const street = c.line1.length > room ? `${c.line1.slice(0, room - 1)}…` : c.line1;
  return `${street}, ${c.postalCode}`;
}

/** "Which one do you mean?" with the candidates numbered and as a list (a row's id carries its point). */
export function candidateList(turn: Turn, candidates: AddressCandidate[]): Reply {
  const t = turn.t;
  const rows = candidates.map((c, i) => ({
    id: candidateId(i + 1, c.latitude, c.longitude),
    title: candidateTitle(c),
    description: c.label,
  }));
  const lines = candidates.map((c, i) => `${i + 1}. ${c.label}`).join('\n');
  return listReply(`${t.addressAmbiguous}\n${lines}`, t.chooseAddress, rows);
}

/** The server's lookup problem as the question that fixes it ("did you mean" with the candidates as a list). */
export function lookupQuestion(turn: Turn): Reply | null {
  const t = turn.t;
  const codes = lookupProblems(turn).map((p) => p.code);
  const candidates = addressCandidates(turn);
  if (candidates.length > 0) return candidateList(turn, candidates);
  if (codes.includes('address_not_found')) return textReply(t.addressNotFound);
  if (codes.includes('address_lookup_unavailable')) return textReply(t.addressLookupUnavailable);
  if (codes.includes('address_coordinates_required')) return textReply(t.askPin);
  return null;
}

/** The one question about the address still open, if any: the server's word first, then what is missing. */
export function addressQuestion(turn: Turn): Reply | null {
  const asked = lookupQuestion(turn);
  if (asked) return asked;
  const asks = addressAsks(turn);
  return asks.length > 0 ? textReply(asks.join('\n')) : null;
}
