/**
 * "Two pizzas, one with ham and one with olives": the line of the last phrase that named an item (./order.ts)
 * and the lines said of it after, as one of them or as more.
 */
import { addLine } from './add-line.js';
import { isSingle, type ParsedLine, type Reading } from './lines.js';
import type { Modifiers } from './modifiers.js';
import type { Mod, Phrase } from './reading.js';
import { takes } from './senses.js';

/** The last phrase that named an item, its line, and the lines said of it since. */
export interface Parent {
  line: ParsedLine;
  phrase: Phrase;
  mods: Mod[];
  children: ParsedLine[];
  sum: number;
}

/** What a child line itself said, without what it inherited. */
const built = (c: ParsedLine) => (c as ParsedLine & { own?: Modifiers }).own ?? c.mods;

/** The lines said of the parent are part of its line, or lines of their own. */
export function settle(r: Reading, parent: Parent | null): void {
  const { index, out } = r;
  if (!parent || parent.children.length === 0) return;
  const { line, children, sum } = parent;
  // "wings: 10 buffalo hot, ranch on the side", "pizzas: one large pepperoni, one small plain": a name
  // said alone before a colon heads the lines said of it; it is no line of its own.
  const header = parent.phrase;
  if (header.quantity === null && header.mods.length === 0 && header.picks.length === 0 && r.raw[header.to] === ':') {
    out.lines.splice(out.lines.indexOf(line), 1);
    return;
  }
  // "three cheeseburgers, one without onions", "two pizzas, one with ham and one with olives": the
  // children are part of the line before. "two large pizzas …, one thin crust with peppers": another.
  // "2 cappuccinos, one with soy milk" is one of the two; "…, one thin crust with peppers and olives",
  // "two chocolate shakes and one vanilla", "three large pepperoni, two large plain" are more.
  const parentOptions = line.mods.options;
  const onlyChanges = children.every((c) => {
    const phrase = (c as ParsedLine & { phrase?: Phrase }).phrase;
    if (!phrase) return false;
    if (phrase.part) return true;
    const said = built(c).options;
    const restated = said.some((o) => parentOptions.some((q) => q.groupId === o.groupId && isSingle(index, o.groupId)));
    // ("…, one without onions and one with extra cheese": after a first part, "and one" is another part.)
    if (restated || (phrase.afterAnd && c === children[0])) return false;
    return phrase.mods.every((m) => m.mode !== 'with') || phrase.mods.length <= 2;
  });
  if (line.quantity > 1 && (sum === line.quantity || (sum < line.quantity && onlyChanges))) {
    line.quantity -= sum;
    if (line.quantity === 0) out.lines.splice(out.lines.indexOf(line), 1);
    return;
  }
  // ("two medium pizzas with ham and one with pineapple": another, in the size and style said of them.)
  const kept = parent.mods.filter((m) => {
    const e = m.mode === 'with' ? takes(index, line.ref, m.m.words, m.mode) : null;
    return e?.kind === 'option' && isSingle(index, e.groupId);
  });
  for (const child of children) {
    const at = out.lines.indexOf(child);
    const phrase = (child as ParsedLine & { phrase?: Phrase }).phrase;
    if (at < 0 || !phrase) continue;
    out.lines.splice(at, 1);
    // (Not when it says a size or style of its own: "… and one small plain cheese".)
    const own = built(child).options.filter((o) => isSingle(index, o.groupId));
    const sizes = kept.filter((m) => {
      const e = takes(index, line.ref, m.m.words, m.mode);
      return e?.kind === 'option' && own.length === 0;
    });
    addLine(r, child.ref, phrase, sizes);
    out.lines.splice(at, 0, out.lines.pop() as ParsedLine);
  }
}
