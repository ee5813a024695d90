/**
 * The lines of an order (./order.ts) are made here: one for the item chosen for a phrase, with the modifiers
 * said of it (and those it inherits), the picks of a deal, the count it is sold in, and its sides as lines
 * of their own.
 */
import { lexiconOf } from '../menu/lexicon.js';
import type { ItemRef } from '../menu/match.js';
import { candidatesOf } from './candidates.js';
import { chooseItem } from './choose.js';
import { countOption, type ParsedLine, pickByModifiers, type Reading } from './lines.js';
import type { Modifiers } from './modifiers.js';
import { fillerOptions } from './plain.js';
import type { Mod, Phrase } from './reading.js';
import { modifiersOf } from './senses.js';

const EACH = /(^|\s)(each|apiece|jeweils|je)(\s|$)/;

/** The phrase each line was read from. */
export const spans = new WeakMap<ParsedLine, Phrase>();

/** The bundle line that offers `productId` and still has room, as a pick. */
function pickInto(mods: Modifiers, ref: ItemRef, productId: string): boolean {
  if (ref.kind !== 'bundle') return false;
  const line = ref.item.lines.find(
    (l) =>
      l.choices.some((c) => c.productId === productId) &&
      mods.picks.filter((p) => p.lineId === l.id).length < l.maxChoices &&
      !mods.picks.some((p) => p.lineId === l.id && p.productId === productId),
  );
  if (line) mods.picks.push({ lineId: line.id, productId });
  return line !== undefined;
}

export function textOf(r: Reading, p: Phrase): string {
  return r.raw.slice(p.from, Math.max(p.to, p.from + 1)).join(' ');
}

/** A line for `ref` from a phrase (and the modifiers it inherits); sides become lines of their own. */
export function addLine(r: Reading, ref: ItemRef, p: Phrase, inherited: Mod[] = []): ParsedLine {
  const lex = lexiconOf(r.index);
  const built = modifiersOf(r.index, lex, ref, [...inherited, ...p.mods], r.raw);
  // "two breakfast deals: a cappuccino with a croissant and a mocha with a muffin": when a pick finds its
  // line taken, the next of the bundles begins.
  const sets: Modifiers[] = [built.mods];
  for (const pick of p.picks) {
    const ids = candidatesOf(r.index, pick).map((c) => c.item.id);
    if (ids.some((id) => pickInto(sets[sets.length - 1], ref, id))) continue;
    const more = sets.length < (p.quantity ?? 1) ? { ...built.mods, picks: [] as Modifiers['picks'] } : null;
    if (more && ids.some((id) => pickInto(more, ref, id))) sets.push(more);
    else built.mods.unknown.push(r.raw.slice(pick.at, pick.at + pick.len).join(' '));
  }
  if (sets.length > 1) {
    for (const set of sets) r.out.lines.push({ ref, quantity: 1, mods: set, text: textOf(r, p) });
    const rest = (p.quantity ?? 1) - sets.length;
    if (rest > 0) r.out.lines.push({ ref, quantity: rest, mods: { ...built.mods, picks: [] }, text: textOf(r, p) });
    return r.out.lines[r.out.lines.length - 1];
  }
  if (ref.kind === 'bundle') pickByModifiers(r, ref, p, built.mods);
  fillerOptions(r.index, ref, r.raw.slice(p.from, p.to), built.mods);
  built.mods.unknown.push(...p.unknown);
  let quantity = p.quantity ?? 1;
  // "a dozen garlic knots", "10 hot wings": the count the item is sold in, when it is one of its options.
  const count = countOption(r.index, ref, p.count ?? quantity);
  if (count && (p.count !== null || quantity > 1) && !built.mods.options.some((o) => o.groupId === count.groupId)) {
    built.mods.options.push({ groupId: count.groupId, optionId: count.optionId, quantity: 1 });
    if (p.count === null) quantity = 1;
  }
  const line: ParsedLine = { ref, quantity, mods: built.mods, text: textOf(r, p) };
  spans.set(line, p);
  r.out.lines.push(line);
  // In a deal, a word said of a pick ("bbq wings") is the pick's; only a full name is an item of its own.
  const sides = ref.kind === 'bundle' ? built.sides.filter((m) => m.m.items.some((s) => s.score >= 0.99)) : built.sides;
  // "2 burgers each with fries", "zwei Pizzen mit je einem Dip": one side for every one of them.
  const perEach = EACH.test(r.raw.slice(p.from, p.to).join(' ')) ? quantity : 1;
  for (const side of sides) {
    const choice = chooseItem(r.index, lex, { ...p, head: side.m, mods: [], picks: [] }, candidatesOf(r.index, side.m));
    if (choice && 'ref' in choice) {
      if (!pickInto(line.mods, ref, choice.ref.item.id)) {
        r.out.lines.push({
          ref: choice.ref,
          quantity: perEach,
          mods: modifiersOf(r.index, lex, choice.ref, [], r.raw).mods,
          text: line.text,
        });
      }
    }
  }
  return line;
}
