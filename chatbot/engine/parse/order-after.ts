/**
 * The last steps of reading an order (./order.ts), once every phrase has its line: the picks of deals,
 * "two of each", a message that names nothing on the menu, and what was said of all the lines.
 */
import type { Lexicon } from '../menu/lexicon.js';
import { quantityAt } from '../text/numbers.js';
import { spans } from './add-line.js';
import { adoptPicks, splitDeals } from './deals.js';
import { halvesLeftOut } from './halves.js';
import { countOption, isSingle, mergeInto, type Reading } from './lines.js';
import type { Mod, Phrase } from './reading.js';
import { modifiersOf, takes } from './senses.js';
import { cueOf, FILLER, type Tok } from './tokens.js';

/** Words that say a choice is every item's ("both with fries", "beide mit Pommes"). */
const SHARED = new Set(['both', 'each', 'all', 'beide', 'beiden', 'jeweils', 'alle', 'allen', 'je']);

/** Completes the order read into `r.out`. */
export function finish(r: Reading, lex: Lexicon, toks: Tok[], phrases: Phrase[]): void {
  const { index, out } = r;
  adoptPicks(r.raw, out.lines, (l) => spans.get(l)?.to ?? 0);
  splitDeals(
    out.lines,
    r.raw.some((w) => SHARED.has(w)),
  );
  // "two of each", "von jedem zwei": every line that was said without a number gets it.
  const said = r.raw.join(' ');
  // ("von jedem zwei", "of each two": the number after it, too.)
  const eachQuantity = [
    /(?:^|\s)(\S+) (?:of each|each|apiece|von jede[mnrs]?)(?:\s|$)/,
    /(?:^|\s)(?:je|jeweils) (\S+)(?:\s|$)/,
    /(?:^|\s)(?:von jede[mnrs]?|of each) (\S+)(?:\s|$)/,
  ]
    .map((re) => re.exec(said))
    .map((m) => (m ? quantityAt([m[1]], 0)?.value : undefined))
    .find((v) => v !== undefined);
  // "two orders of garlic knots, 6 each", "2x Wings, je 10 Stück": the count each is sold in, when the
  // item is sold in that count and none was chosen yet.
  const counts = eachQuantity
    ? out.lines.flatMap((l) => {
        const c = countOption(index, l.ref, eachQuantity);
        return c && !l.mods.options.some((o) => o.groupId === c.groupId) ? [{ l, c }] : [];
      })
    : [];
  for (const { l, c } of counts) l.mods.options.push({ ...c, quantity: 1 });
  if (eachQuantity && counts.length === 0 && out.lines.length > 1 && out.lines.every((l) => l.quantity === 1)) {
    for (const l of out.lines) l.quantity = eachQuantity;
  }
  // "Ich möchte Käsekuchen": nothing on the menu at all, but words that could have been a dish.
  const nothing = out.lines.length + out.ambiguous.length + out.unknown.length === 0 && !out.forLast;
  const unread = toks.filter((t) => !t.sep && !FILLER.has(t.w) && !cueOf(t.w) && !/^\d/.test(t.w) && t.w.length > 2);
  if (nothing && unread.length > 0 && unread.every((t) => !lex.knows(t.c))) {
    out.unknown.push(r.raw.filter((w) => !/^[,;:!?.()/&+\n]$/.test(w)).join(' '));
  }
  // "two cokes, a sprite and a pepper, all 20 oz bottles": said of every line that takes it.
  const forAll = [...new Set(phrases.flatMap((p) => p.mods.filter((m) => m.all)))];
  if (forAll.length > 0) {
    for (const line of out.lines) {
      // (A choice a later line said for itself stays: "3 large pizzas … all of them, and 3 2 liter pepsis".)
      const own = (m: Mod) => {
        const e = takes(index, line.ref, m.m.words, m.mode);
        const later = m.m.at < (spans.get(line)?.from ?? 0);
        return (
          later &&
          e?.kind === 'option' &&
          isSingle(index, e.groupId) &&
          line.mods.options.some((o) => o.groupId === e.groupId)
        );
      };
      // ("Zwei Pizza Tonno klein, beide ohne Zwiebeln, und einen Thunfischsalat": "both" are the lines said
      // before it, when there are any; the salad after it keeps its onions.)
      const after = (m: Mod) =>
        m.m.at < (spans.get(line)?.from ?? 0) && out.lines.some((l) => (spans.get(l)?.from ?? 0) < m.m.at);
      const taken = forAll.filter((m) => takes(index, line.ref, m.m.words, m.mode) && !own(m) && !after(m));
      if (taken.length > 0) mergeInto(index, line.mods, modifiersOf(index, lex, line.ref, taken, r.raw).mods);
    }
  }
  sameAsBefore(r);
  halvesLeftOut(r);
  askedThenOrdered(r);
}

/**
 * "whats on the veggie supreme? actually just send a medium one without the olives": an item named in a
 * question, then ordered after it, is the one line ordered.
 */
function askedThenOrdered(r: Reading): void {
  const lines = r.out.lines;
  for (let k = lines.length - 2; k >= 0; k--) {
    const p = spans.get(lines[k]);
    if (!p || p.quantity !== null) continue;
    const from = p.head ? p.head.at + p.head.len : p.from;
    const end = r.raw.slice(from).find((w) => /^[.!?]$/.test(w));
    if (end !== '?') continue;
    const later = lines.slice(k + 1).some((l) => l.ref.item.id === lines[k].ref.item.id);
    if (later) lines.splice(k, 1);
  }
}

const SAME = new Set(['same', 'gleiche', 'gleichen', 'selbe', 'selben']);

/**
 * "one large pizza with pepperoni and one medium pizza with the same", "…, die kleine mit dem gleichen
 * Belag": the choices of the line before, of the same item, besides the single choices it makes itself.
 */
function sameAsBefore(r: Reading): void {
  const { index, out } = r;
  for (let k = 1; k < out.lines.length; k++) {
    const [before, line] = [out.lines[k - 1], out.lines[k]];
    const p = spans.get(line);
    if (!p || before.ref.item.id !== line.ref.item.id || line.ref.kind !== 'product') continue;
    if (!r.raw.slice(p.from, p.to + 1).some((w) => SAME.has(w))) continue;
    const copy = structuredClone(before.mods);
    copy.options = copy.options.filter(
      (o) => !(isSingle(index, o.groupId) && line.mods.options.some((x) => x.groupId === o.groupId)),
    );
    copy.picks = [];
    copy.unknown = [];
    mergeInto(index, line.mods, copy);
  }
}
