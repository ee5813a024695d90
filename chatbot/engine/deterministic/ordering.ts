/**
 * A message that changes the order: items (several in one message), removals and quantity changes, and
 * the details (service type, time, payment, code, address, notes). Returns what it did, in words, and
 * whether anything was understood; the caller reads the order back.
 */
import { listReply, type Reply } from '../../answer.js';
import type { DraftItem } from '../../payload-types.js';
import { type ItemRef, nameTokens, scoreTokens } from '../menu/match.js';
import {
  addLines,
  MAX_QUANTITY,
  modifyLine,
  removeLine,
  setAddress,
  setDiscountCode,
  setNotes,
  setPayment,
  setQuantity,
  setRequestedTime,
  setServiceType,
} from '../ops/draft.js';
import { addressIn, codeIn, deliveryNoteIn, paymentIn, serviceIn, timeIn } from '../parse/details.js';
import type { IntentName } from '../parse/intents.js';
import { parseOrder } from '../parse/order.js';
import { addressAsks, zoneNews } from '../render/address.js';
import { refusalTexts } from '../render/draft.js';
import { itemName } from '../render/lines.js';
import { addressText } from '../render/service.js';
import { canonWords, fold, original, words } from '../text/normalize.js';
import { quantityAt } from '../text/numbers.js';
import type { Turn } from '../turn.js';
import { followUp } from './followups.js';

export interface OrderOutcome {
  /** Confirmations to lead the read-back with ("Delivery it is."). */
  lead: string[];
  /** Questions to ask after the read-back (which pizza did you mean). */
  questions: Reply[];
  understood: boolean;
  itemsChanged: boolean;
}

const ref = (turn: Turn, item: DraftItem): ItemRef | null =>
  turn.index?.ref(item.type === 'bundle' ? item.bundleId : item.productId) ?? null;

/** The draft line a phrase names ("the coke", "die Cola"), last one first. */
function lineNamed(turn: Turn, words: string[]): number {
  const menu = turn.location?.menu;
  if (!menu) return -1;
  let best = -1;
  let bestScore = 0.45;
  turn.items.forEach((item, i) => {
    const { score } = scoreTokens(words, nameTokens(itemName(menu, item)));
    if (score >= bestScore) [best, bestScore] = [i, score];
  });
  return best;
}

const QUANTITY_CHANGE =
  /\b(only|just|nur|make it|make that|mach(e)? (es|das|sie|ihn|daraus|draus)|daraus|draus|instead|statt|stattdessen|change .* to|andern .* auf|auf)\b/;

function removals(turn: Turn, text: string, out: OrderOutcome): void {
  const index = lineNamed(turn, canonWords(text));
  if (index < 0) {
    out.lead.push(turn.t.notInOrder);
    return;
  }
  const raw = words(text);
  const q = raw
    .map((_, i) => quantityAt(raw, i))
    .find((x) => x && x.value > 1 && !/^(a|an|ein|eine)$/.test(raw[0] ?? ''));
  const item = turn.items[index];
  if (q && (item.quantity ?? 1) > q.value) {
    setQuantity(turn, index, (item.quantity ?? 1) - q.value);
    out.lead.push(turn.t.quantitySet(itemName(turn.location!.menu, item)));
  } else {
    const removed = removeLine(turn, index);
    if (removed) out.lead.push(turn.t.removed(itemName(turn.location!.menu, removed)));
  }
  out.understood = true;
  out.itemsChanged = true;
}

function quantityChange(turn: Turn, text: string, out: OrderOutcome): boolean {
  // "32cm" is split into "32 cm": a number with a unit is a size (quantityAt), not how many.
  const raw = words(text);
  const at = raw.findIndex((_, i) => quantityAt(raw, i) !== null && !/^(a|an)$/.test(raw[i]));
  if (at < 0) return false;
  const value = quantityAt(raw, at)?.value ?? 0;
  const named = lineNamed(turn, canonWords(text));
  const index = named >= 0 ? named : turn.items.length - 1;
  if (index >= 0 && value > MAX_QUANTITY) {
    out.lead.push(turn.t.tooMany(itemName(turn.location!.menu, turn.items[index]), value, MAX_QUANTITY));
    out.understood = true;
    return true;
  }
  if (index < 0 || !setQuantity(turn, index, value)) return false;
  out.lead.push(turn.t.quantitySet(`${value}× ${itemName(turn.location!.menu, turn.items[index])}`));
  out.understood = true;
  out.itemsChanged = true;
  return true;
}

function details(turn: Turn, text: string, intents: Set<IntentName>, out: OrderOutcome): string {
  const t = turn.t;
  const loc = turn.location!;
  let rest = text;
  const asking = intents.has('question') && !intents.has('ordering');
  const service = serviceIn(rest);
  if (service && !asking) {
    setServiceType(turn, service.value);
    out.lead.push(t.serviceSet(t.serviceName[service.value]));
    rest = service.rest;
  }
  const time = timeIn(rest, loc.timezone, turn.now);
  if (time && !asking) {
    setRequestedTime(turn, time.value);
    out.lead.push(time.value ? t.timeSet(turn.when(time.value)) : t.asap);
    rest = time.rest;
  }
  const payment = paymentIn(rest);
  if (payment && !asking) {
    setPayment(turn, payment.value);
    out.lead.push(t.paymentSet(t.paymentName[payment.value]));
    rest = payment.rest;
  }
  const code = codeIn(rest, loc.menu);
  if (code) {
    setDiscountCode(turn, code.value);
    out.lead.push(t.codeSet(code.value));
    rest = code.rest;
  }
  const address = addressIn(rest);
  if (address && !asking) {
    setAddress(turn, address.value);
    if (!turn.draft.serviceType) setServiceType(turn, 'delivery');
    out.lead.push(t.addressSet(addressText(turn.draft.deliveryAddress ?? null)));
    const news = zoneNews(turn);
    if (news) out.lead.push(news);
    out.lead.push(...addressAsks(turn));
    rest = address.rest;
  }
  const note = deliveryNoteIn(text);
  if (note && (turn.draft.serviceType === 'delivery' || intents.has('delivery')) && !asking) {
    setNotes(turn, { deliveryNotes: note });
    out.lead.push(t.deliveryNotesSet(note));
    rest = rest.replace(note, ' ');
  }
  if (turn.draftChanged) out.understood = true;
  return rest;
}

export function applyOrderText(turn: Turn, text: string, intents: Set<IntentName>): OrderOutcome {
  const out: OrderOutcome = { lead: [], questions: [], understood: false, itemsChanged: false };
  const index = turn.index;
  if (!index) return out;
  const rest = details(turn, text, intents, out);
  const follow = followUp(turn, rest);
  if (follow) {
    out.lead.push(...follow.lead);
    out.understood = true;
    out.itemsChanged ||= follow.itemsChanged;
    return out;
  }
  if (intents.has('remove') && turn.items.length > 0) {
    removals(turn, rest, out);
    return out;
  }
  if (QUANTITY_CHANGE.test(fold(rest)) && turn.items.length > 0 && !intents.has('ordering')) {
    const before = turn.items.length;
    if (quantityChange(turn, rest, out) && turn.items.length === before) return out;
  }
  const lines = turn.items.map((i) => ref(turn, i)).filter((r): r is ItemRef => r !== null);
  const parsed = parseOrder(rest, index, lines.length === turn.items.length ? lines : []);
  const added = addLines(turn, parsed.lines);
  const notes = parsed.lines.flatMap((l) => [
    ...l.mods.notRemovable.map((n) => ['nr', n]),
    ...l.mods.noExtra.map((n) => ['ne', n]),
  ]);
  const refused = [...added.refused];
  if (parsed.forLast) {
    const m = parsed.forLast.mods;
    if (m.options.length + m.without.length + m.extra.length + m.picks.length > 0) {
      refused.push(...(modifyLine(turn, parsed.forLast.index, m)?.refused ?? []));
      out.itemsChanged = true;
      out.understood = true;
    }
    notes.push(...m.notRemovable.map((n) => ['nr', n]), ...m.noExtra.map((n) => ['ne', n]));
  }
  if (added.added.length > 0) {
    out.itemsChanged = true;
    out.understood = true;
  }
  if (refused.length > 0) out.understood = true;
  out.lead.push(...refusalTexts(turn, refused));
  const notRemovable = notes.filter(([k]) => k === 'nr').map(([, n]) => n);
  const noExtra = notes.filter(([k]) => k === 'ne').map(([, n]) => n);
  if (notRemovable.length) out.lead.push(turn.t.notRemovable(notRemovable));
  for (const line of parsed.lines.filter((l) => l.mods.unknown.length > 0)) {
    out.lead.push(
      turn.t.unknownWords(
        line.mods.unknown.map((w) => original(text, w)),
        line.ref.item.name,
      ),
    );
  }
  if (noExtra.length) out.lead.push(turn.t.noExtra(noExtra));
  for (const a of parsed.ambiguous) {
    out.understood = true;
    const rows = a.candidates.map((c) => ({
      id: `add:${c.item.id}|${a.text}`,
      title: c.item.name,
      description: turn.money(c.item.price),
    }));
    out.questions.push(
      listReply(turn.t.whichOne(original(text, a.text)), turn.t.btn.choose, rows, turn.t.moreThanListed),
    );
  }
  if (parsed.unknown.length > 0 && (out.understood || intents.has('ordering'))) {
    out.lead.push(turn.t.notOnMenu(parsed.unknown.map((piece) => original(text, piece))));
    out.understood = true;
  }
  return out;
}
