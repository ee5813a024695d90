/**
 * Deals read from a whole message: the lines after a deal that are its picks, and several deals of one
 * kind, each with its own picks ("two pizza + 2 liter deals, one with a veggie supreme and a coke, the
 * other with a cheese pizza and a ginger ale") as one line each.
 */
import type { ItemRef } from '../menu/match.js';
import type { Modifiers } from './modifiers.js';
import { FILLER, isAnd } from './tokens.js';

/** What these rules read of a line (./order.ts ParsedLine). */
interface Line {
  ref: ItemRef;
  quantity: number;
  mods: Modifiers;
}

/**
 * "the game day deal w/ a large pepperoni, 10 garlic parm wings, breadsticks, and a 2 liter dr pepper":
 * lines read after a deal that fill its lines still open are its picks, up to the first that does not fit.
 */
export function adoptPicks<L extends Line>(raw: string[], lines: L[], end: (line: L) => number): void {
  for (let k = 0; k < lines.length; k++) {
    const deal = lines[k];
    if (deal.ref.kind !== 'bundle') continue;
    const bundle = deal.ref.item;
    const open = (lineId: string) =>
      deal.mods.picks.filter((x) => x.lineId === lineId).length <
      (bundle.lines.find((l) => l.id === lineId)?.maxChoices ?? 0) * deal.quantity;
    // "a kids meal and a cheeseburger": a second item, not the meal's pick ("… mit Penne und Wasser", after a
    // pick, goes on with the picks).
    const after = raw.slice(end(deal)).find((w) => !FILLER.has(w) || isAnd(w));
    const listed = deal.mods.picks.length > 0 && after !== undefined && isAnd(after);
    if (after !== undefined && !listed && (isAnd(after) || /^(also|too|auch)$/.test(after))) continue;
    while (k + 1 < lines.length) {
      const next = lines[k + 1];
      const line = bundle.lines.find((l) => open(l.id) && l.choices.some((c) => c.productId === next.ref.item.id));
      if (next.ref.kind !== 'product' || !line || next.quantity > deal.quantity) break;
      for (let n = 0; n < next.quantity; n++) deal.mods.picks.push({ lineId: line.id, productId: next.ref.item.id });
      lines.splice(k + 1, 1);
    }
  }
}

/**
 * A deal line counted more than once whose picks fill more than one deal: the picks in the order said,
 * one deal after the other (a pick whose line is full begins the next), one line each. Picks that fill
 * one deal only are said of every one of them ("2 combos with a cheeseburger, fries and a coke"); so are
 * those of the first deal the others have no pick for, when the message says so (`shared`: "both", "each").
 */
export function splitDeals<L extends Line>(lines: L[], shared = false): void {
  for (let k = 0; k < lines.length; k++) {
    const deal = lines[k];
    if (deal.ref.kind !== 'bundle' || deal.quantity < 2) continue;
    const bundle = deal.ref.item;
    const max = (lineId: string) => bundle.lines.find((l) => l.id === lineId)?.maxChoices ?? 1;
    const sets: Modifiers['picks'][] = [[]];
    for (const pick of deal.mods.picks) {
      let set = sets[sets.length - 1];
      if (set.filter((x) => x.lineId === pick.lineId).length >= max(pick.lineId)) {
        if (sets.length >= deal.quantity) {
          sets.length = 0;
          break;
        }
        set = [];
        sets.push(set);
      }
      set.push(pick);
    }
    if (sets.length < 2) continue;
    // "2 kids meals, both cheeseburger with fries, one with water one with lemonade": picks said of both
    // before the ones that set them apart fill what the later deals leave open.
    if (shared) {
      for (const set of sets.slice(1)) {
        const missing = sets[0].filter((x) => !set.some((y) => y.lineId === x.lineId));
        set.push(...missing);
      }
    }
    const rest = deal.quantity - sets.length;
    const split = sets.map((picks) => ({ ...deal, quantity: 1, mods: { ...deal.mods, picks } }));
    if (rest > 0) split.push({ ...deal, quantity: rest, mods: { ...deal.mods, picks: [] } });
    lines.splice(k, 1, ...split);
    k += split.length - 1;
  }
}
