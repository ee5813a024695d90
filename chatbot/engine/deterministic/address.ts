/**
 * The answer to "did you mean …" (the server's address_ambiguous candidates as a list): a tap on a row,
 * or the customer writing its number ("2", "die zweite", "the first one"), its postal code or its street.
 * The chosen candidate becomes the draft's address with its coordinates.
 */
import type { AddressCandidate } from '../../payload-types.js';
import { addressCandidates, chooseCandidate } from '../ops/address.js';
import { setAddress } from '../ops/draft.js';
import { zoneNews } from '../render/address.js';
import { afterChange } from '../render/draft.js';
import { addressText } from '../render/service.js';
import { fold } from '../text/normalize.js';
import type { Turn } from '../turn.js';

const ORDINALS = ['first|erste', 'second|zweite', 'third|dritte', 'fourth|vierte', 'fifth|funfte'];
const compact = (s: string | null | undefined) => (s ?? '').toUpperCase().replace(/[\s-]/g, '');

/** The number the customer wrote for a row: "2", "Nr. 2", "the 2nd", "die zweite", "the first one". */
function numberSaid(text: string): number | null {
  const folded = fold(text).trim();
  if (folded.split(/\s+/).length > 4) return null;
  const digit =
    /^(?:(?:nr|no|nummer|number|die|der|the|option|#)\.?\s*)?([1-9])(?:st|nd|rd|th|\.)?(?:\s+(?:bitte|please|one))?[\s.!]*$/.exec(
      folded,
    );
  if (digit) return Number(digit[1]);
  const at = ORDINALS.findIndex((o) => new RegExp(`\\b(?:${o})[nrs]?\\b`).test(folded));
  return at >= 0 ? at + 1 : null;
}

/** The candidate a text names by its postal code or street, when exactly one fits. */
function candidateNamed(text: string, candidates: AddressCandidate[]): number | null {
  const typed = compact(text);
  const byCode = candidates.flatMap((c, i) => (c.postalCode && typed.includes(compact(c.postalCode)) ? [i] : []));
  if (byCode.length === 1) return byCode[0];
  const folded = fold(text);
  const byStreet = candidates.flatMap((c, i) => (c.line1 && folded.includes(fold(c.line1)) ? [i] : []));
  const pool = byCode.length > 1 ? byStreet.filter((i) => byCode.includes(i)) : byStreet;
  return pool.length === 1 ? pool[0] : null;
}

/** The row id of the candidate the customer's words choose among the rows we just sent, if any. */
export function addressChoice(turn: Turn, rows: { id: string; title: string }[]): string | null {
  const offered = rows.filter((r) => r.id.startsWith('addr:'));
  if (offered.length === 0) return null;
  const n = numberSaid(turn.text);
  if (n !== null) return offered[n - 1]?.id ?? null;
  const candidates = addressCandidates(turn);
  const named = candidates.length === offered.length ? candidateNamed(turn.text, candidates) : null;
  return named !== null ? offered[named].id : null;
}

/** A tapped (or written) candidate: `n:lat,lng`. The coordinates stand when the body no longer lists it. */
export function chosenAddress(turn: Turn, arg: string): boolean {
  const m = /^(\d+):(-?[\d.]+),(-?[\d.]+)$/.exec(arg);
  if (!m) return false;
  const [latitude, longitude] = [Number(m[2]), Number(m[3])];
  const same = (c: AddressCandidate) =>
    c.latitude.toFixed(6) === latitude.toFixed(6) && c.longitude.toFixed(6) === longitude.toFixed(6);
  const candidates = addressCandidates(turn);
  const picked = candidates.find(same) ?? null;
  if (picked) chooseCandidate(turn, picked);
  else setAddress(turn, { latitude, longitude });
  const t = turn.t;
  const lead = [t.addressSet(addressText({ ...turn.draft.deliveryAddress, latitude: null, longitude: null }))];
  const news = zoneNews(turn);
  if (news) lead.push(news);
  afterChange(turn, lead);
  return true;
}
