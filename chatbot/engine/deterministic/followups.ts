/**
 * Follow-ups that change the order they refer to instead of adding to it: "another one", "two more",
 * "same again", "noch eine" (more of the last line, never a second line); "no wait, three cokes", "make
 * that one margherita" (a correction: the line of that item gets the new quantity); "swap the coke for a
 * sprite", "tauschen Sie die Cola gegen eine Fanta" (one line out, another in).
 */
import type { ItemRef } from '../menu/match.js';
import { addLines, MAX_QUANTITY, modifyLine, removeLine, setQuantity } from '../ops/draft.js';
import { type ParsedLine, parseOrder } from '../parse/order.js';
import { refusalTexts } from '../render/draft.js';
import { itemName } from '../render/lines.js';
import { fold, words } from '../text/normalize.js';
import { quantityAt } from '../text/numbers.js';
import type { Turn } from '../turn.js';

export interface FollowUpOutcome {
  lead: string[];
  understood: boolean;
  itemsChanged: boolean;
}

const MORE = /\b(another|more|again|same|noch|nochmal|nochmals|weitere?n?|zusatzlich)\b/;
const CORRECTION =
  /^\W*(no|nope|nein|sorry|oops|wait|actually|eigentlich|doch|lieber|rather|i mean|ich meine|make it|make that|mach (es|das|daraus))\b/;
const SWAP =
  /\b(?:swap|replace|change|exchange|switch|tausch\w*|ersetz\w*|austausch\w*)\s+(.+?)\s+(?:for|with|to|into|gegen|durch)\s+(.+)$/;

const draftRefs = (turn: Turn): ItemRef[] =>
  turn.items
    .map((i) => turn.index?.ref(i.type === 'bundle' ? i.bundleId : i.productId) ?? null)
    .filter((r): r is ItemRef => r !== null);

const idOf = (turn: Turn, i: number) => {
  const item = turn.items[i];
  return item.type === 'bundle' ? item.bundleId : item.productId;
};

function more(turn: Turn, text: string, out: FollowUpOutcome): boolean {
  const folded = fold(text);
  if (!MORE.test(folded) || turn.items.length === 0) return false;
  const parsed = parseOrder(text, turn.index!, draftRefs(turn));
  if (parsed.lines.length + parsed.ambiguous.length > 0 || parsed.forLast) return false;
  const raw = words(text);
  const q = raw.map((_, i) => quantityAt(raw, i)).find((x) => x !== null);
  const last = turn.items.length - 1;
  const now = turn.items[last].quantity ?? 1;
  const add = /\bsame\b|\bdas gleiche\b|\bdasselbe\b/.test(folded) && !q ? now : (q?.value ?? 1);
  const name = itemName(turn.location!.menu, turn.items[last]);
  if (now + add > MAX_QUANTITY) out.lead.push(turn.t.tooMany(name, now + add, MAX_QUANTITY));
  else {
    setQuantity(turn, last, now + add);
    out.lead.push(turn.t.quantitySet(`${now + add}× ${name}`));
    out.itemsChanged = true;
  }
  out.understood = true;
  return true;
}

/** The last draft line of the same item (and, for a product, the same options), or -1. */
function lineOf(turn: Turn, line: ParsedLine): number {
  for (let i = turn.items.length - 1; i >= 0; i--) if (idOf(turn, i) === line.ref.item.id) return i;
  return -1;
}

function correction(turn: Turn, text: string, out: FollowUpOutcome): boolean {
  if (!CORRECTION.test(fold(text)) || turn.items.length === 0) return false;
  const parsed = parseOrder(text, turn.index!, draftRefs(turn));
  if (parsed.lines.length === 0 || !parsed.lines.some((l) => lineOf(turn, l) >= 0)) return false;
  const fresh: ParsedLine[] = [];
  for (const line of parsed.lines) {
    const at = lineOf(turn, line);
    if (at < 0) fresh.push(line);
    else if (line.quantity > MAX_QUANTITY)
      out.lead.push(turn.t.tooMany(line.ref.item.name, line.quantity, MAX_QUANTITY));
    else {
      setQuantity(turn, at, line.quantity);
      // "nein, zwei Carbonara ohne Pfeffer": what is said of the line changes it too.
      const m = line.mods;
      if (m.options.length + m.without.length + m.extra.length + m.picks.length > 0) {
        out.lead.push(...refusalTexts(turn, modifyLine(turn, at, m)?.refused ?? []));
      }
      out.lead.push(turn.t.quantitySet(`${line.quantity}× ${itemName(turn.location!.menu, turn.items[at])}`));
    }
  }
  out.lead.push(...refusalTexts(turn, addLines(turn, fresh).refused));
  out.understood = true;
  out.itemsChanged = true;
  return true;
}

function swap(turn: Turn, text: string, out: FollowUpOutcome): boolean {
  const m = SWAP.exec(fold(text));
  if (!m || turn.items.length === 0) return false;
  const gone = parseOrder(m[1], turn.index!, []).lines[0];
  const coming = parseOrder(m[2], turn.index!, []).lines;
  const at = gone ? lineOf(turn, gone) : -1;
  if (at < 0 || coming.length === 0) return false;
  const removed = removeLine(turn, at);
  if (removed) out.lead.push(turn.t.removed(itemName(turn.location!.menu, removed)));
  out.lead.push(...refusalTexts(turn, addLines(turn, coming).refused));
  out.understood = true;
  out.itemsChanged = true;
  return true;
}

/** Applies a follow-up when the message is one; false leaves the message to the order parser. */
export function followUp(turn: Turn, text: string): FollowUpOutcome | null {
  if (!turn.index || turn.items.length === 0) return null;
  const out: FollowUpOutcome = { lead: [], understood: false, itemsChanged: false };
  return swap(turn, text, out) || correction(turn, text, out) || more(turn, text, out) ? out : null;
}
