/**
 * One message, a whole order, read against the menu: "can i get two large thin crust ham and pepper pies,
 * hold the onions, a can of diet coke and 2 sprites" → three lines. The whole message is read first
 * (./mentions.ts: every span the menu knows, quantities, cues), then grouped into phrases around the items
 * they name (./phrases.ts), then each phrase is given the item that fits what is said about it and its
 * modifiers (./senses.ts). Only then are there lines. docs/chatbot.md describes the choices.
 */
import { lexiconOf, vocabOf } from '../menu/lexicon.js';
import type { ItemRef, MenuIndex } from '../menu/match.js';
import { addLine, textOf } from './add-line.js';
import { candidatesOf } from './candidates.js';
import { chooseItem } from './choose.js';
import {
  countOption,
  describedLine,
  inferred,
  isSingle,
  mergeInto,
  namesNumber,
  optionMax,
  type ParsedLine,
  type ParsedOrder,
  type Reading,
  soldCounts,
  splitCountedList,
} from './lines.js';
import { readUnits } from './mentions.js';
import type { Modifiers } from './modifiers.js';
import { finish } from './order-after.js';
import { isDip, namedAfterComma, namesUnknown, offers, pieces, sizeAfter } from './order-checks.js';
import {
  distributeEach,
  shareAll,
  shareCounted,
  splitAlternatives,
  splitByToppings,
  splitCounts,
  splitHalves,
} from './order-counts.js';
import { type Parent, settle } from './order-parent.js';
import { swapped, toBeChanged } from './order-swap.js';
import { countIn, packOf } from './phrase-checks.js';
import { phrasesOf } from './phrases.js';
import { saysPlain } from './plain.js';
import type { Mod, Phrase } from './reading.js';
import { GENERIC_CONCEPTS, modifiersOf, takes } from './senses.js';
import { correcting, FILLER, tokenize } from './tokens.js';

export type { ParsedLine, ParsedOrder };
export { vocabOf };

const AS_IT_COMES = new Set(['normal', 'normale', 'normaler', 'normales', 'plain', 'regular', 'standard', 'original']);
const ANOTHER = new Set(['another', 'noch', 'nochmal', 'weitere', 'weiteren', 'weiterer', 'zweite']);
const DEFINITE = new Set(['the', 'der', 'die', 'das', 'den', 'dem', 'my', 'meine', 'meinen', 'meiner', 'that', 'this']);

const effective = (m: Modifiers) => m.options.length + m.without.length + m.extra.length + m.picks.length > 0;

export function parseOrder(text: string, index: MenuIndex, draftLines: ItemRef[]): ParsedOrder {
  const out: ParsedOrder = { lines: [], forLast: null, ambiguous: [], unknown: [] };
  const lex = lexiconOf(index);
  const toks = tokenize(text);
  const units = readUnits(index, lex, toks);
  const r: Reading = { index, raw: toks.map((t) => t.w), out };
  const phrases = phrasesOf(index, lex, units, toks);
  // The last phrase that named an item, for "…, one with ham and one with olives".
  let parent: Parent | null = null;
  splitCountedList(index, r.raw, phrases);
  splitByToppings(index, r.raw, phrases);
  shareAll(phrases);
  shareCounted(index, r.raw, phrases);
  distributeEach(r.raw, phrases);
  splitHalves(index, r.raw, phrases);
  splitCounts(index, phrases);
  splitAlternatives(index, phrases);
  for (const p of phrases) {
    const plain = p.quantity !== null && !p.dish && p.mods.length === 0 && saysPlain(r.raw.slice(p.from, p.to + 1));
    // "a large pepperoni and another with sausage", "a burger combo with …, and another with …": one more
    // of the item before, in the size and style said of it (all of it, when nothing else is said); a deal's
    // picks follow (./deals.ts adopts them).
    // ("noch eins": a word for another that counts nothing itself, before the count.)
    const before = r.raw[p.from - 1] ?? '';
    const more = ANOTHER.has(r.raw[p.from]) || (ANOTHER.has(before) && FILLER.has(before));
    // ("Mittagsmenü: …, und noch eins mit Penne Arrabbiata und Wasser": what it is "with" is the next deal's pick.)
    if (
      parent &&
      more &&
      p.head &&
      /^(with|mit)$/.test(r.raw[p.head.at - 1] ?? '') &&
      offers(parent.line.ref, p.head)
    ) {
      p.picks = [p.head, ...p.picks];
      p.head = null;
    }
    if (parent && !p.head && !p.dish && p.quantity === 1 && more && !plain) {
      const line: ParsedLine = parent.line;
      const mods: Mod[] = parent.mods;
      if (p.mods.every((m) => takes(index, line.ref, m.m.words, m.mode))) {
        const kept: Mod[] =
          p.mods.length === 0 && line.ref.kind === 'product'
            ? mods
            : mods.filter((m) => {
                const e = m.mode === 'with' ? takes(index, line.ref, m.m.words, m.mode) : null;
                return e?.kind === 'option' && isSingle(index, e.groupId);
              });
        settle(r, parent);
        parent = { line: addLine(r, line.ref, p, kept), phrase: p, mods: [...kept, ...p.mods], children: [], sum: 0 };
        continue;
      }
    }
    // "…, no wait, make it two of those", "make that 3": a count alone, said as a correction, is the line
    // before's.
    const bare = !p.head && !p.dish && p.mods.length === 0 && p.quantity !== null;
    if (bare && parent && parent.children.length === 0 && correcting(r.raw, p.from)) {
      parent.line.quantity = p.quantity ?? 1;
      continue;
    }
    if (bare && p.loose.length === 0 && !plain) continue;
    // "a large pepperoni, no wait make it an extra large", "…, make it a small", "mach sie lieber groß": a
    // correction of the line before; its choices replace that line's.
    if (parent && !p.dish && p.mods.length > 0 && correcting(r.raw, p.from)) {
      const line = parent.line;
      const same = !p.head || candidatesOf(index, p.head).some((c) => c.item.id === line.ref.item.id);
      if (same && p.mods.every((m) => takes(index, line.ref, m.m.words, m.mode))) {
        // ("a large pepperoni, scratch that, make it a sausage": the choice it said replaces those of its
        // group, unless it is said as more: "…, make it with olives too".)
        const more = modifiersOf(index, lex, line.ref, p.mods, r.raw).mods;
        const too = r.raw.slice(p.from, p.to + 1).some((w) => /^(too|also|auch|as)$/.test(w));
        if (!too)
          line.mods.options = line.mods.options.filter((o) => !more.options.some((x) => x.groupId === o.groupId));
        mergeInto(index, line.mods, more);
        continue;
      }
    }
    // "classic burger, scratch that, bacon burger", "Spaghetti Bolognese, doch lieber Carbonara": another
    // item said as a correction replaces the line before.
    if (
      parent &&
      (p.head || p.dish) &&
      (p.quantity ?? 1) === 1 &&
      parent.children.length === 0 &&
      correcting(r.raw, p.from)
    ) {
      const at = out.lines.indexOf(parent.line);
      if (at >= 0 && parent.line.quantity === 1) {
        out.lines.splice(at, 1);
        parent = null;
      }
    }
    if (toBeChanged(r, p)) continue;
    const dish = p.dish ? index.ref(p.dish) : null;
    let candidates = dish ? [dish] : p.head ? candidatesOf(index, p.head) : [];
    // "6 nuggets" among "Chicken Nuggets (6 pcs)" and "(9 pcs)": the number names the item.
    const n = p.count ?? p.quantity;
    // (Not for a category's word: "4 pizzas" is no "Pizzabrötchen (4 Stück)".)
    const category = p.head?.words.every((w) => GENERIC_CONCEPTS.has(w)) ?? false;
    const counted = n !== null && n > 1 && !category ? candidates.filter((c) => countIn(lex, c, n)) : [];
    // ("8 pizza rolls" for the one "Pizzabrötchen (8 Stück)": the count it is sold in, one portion; but
    // "2 salmon nigiri" of "(2 pcs)" are two of them, and "2x" always counts.)
    const portion = p.count === null && n !== null && n >= 4 && /^\d+$/.test(r.raw[p.from] ?? '');
    if (counted.length === 1 && (candidates.length > 1 || portion)) {
      candidates = counted;
      if (p.count === null) p.quantity = 1;
      p.count = null;
    } else if (
      portion &&
      candidates.length === 1 &&
      packOf(lex, candidates[0]) >= 4 &&
      (n ?? 0) > packOf(lex, candidates[0]) &&
      (n ?? 0) % packOf(lex, candidates[0]) === 0
    ) {
      // "12 gyoza" of "Gyoza (6 pcs)", "8 spring rolls" of "(4 pcs)": pieces said, portions meant.
      p.quantity = (n ?? 0) / packOf(lex, candidates[0]);
    } else if (
      pieces(r.raw, p, n) &&
      candidates.length === 1 &&
      countOption(index, candidates[0], n ?? 0) === null &&
      (n ?? 0) >= (soldCounts(index, candidates[0])[0] ?? Number.POSITIVE_INFINITY)
    ) {
      // "12 wings", "a dozen wings" of wings sold by 6, 10 or 20: pieces said, in a count it is not sold
      // in: one order, its count asked, not twelve orders.
      p.quantity = 1;
    } else if (n !== null && p.count === null && p.head && candidates.length === 1) {
      // "4 Käse Pizza" for the "Pizza Quattro Formaggi": the number and the word after it are the name's.
      if (namesNumber(lex, candidates[0], n, p.head.words[0])) p.quantity = 1;
    }
    // "2 cheeseburgers and 2 large fries, one of the burgers with no pickles": some of a line said before,
    // named again, with what is said of them.
    const ofThe =
      p.head !== null &&
      p.quantity !== null &&
      /^(of|von)$/.test(r.raw[p.head.at - 2] ?? '') &&
      DEFINITE.has(r.raw[p.head.at - 1] ?? '');
    if (ofThe && candidates.length > 0) {
      const ids = new Set(candidates.map((c) => c.item.id));
      const some = p.quantity ?? 1;
      const whole = out.lines.findLast((l) => ids.has(l.ref.item.id) && l.quantity > some);
      if (whole) {
        whole.quantity -= some;
        const line = addLine(r, whole.ref, { ...p, mods: [], picks: [] });
        line.mods = structuredClone(whole.mods);
        mergeInto(index, line.mods, modifiersOf(index, lex, whole.ref, p.mods, r.raw).mods);
        continue;
      }
    }
    // "…, no coriander in the pho": the line already ordered, named again to say more about it.
    const definite = p.quantity === null && p.head !== null && DEFINITE.has(r.raw[p.head.at - 1] ?? '');
    if (definite && candidates.length > 0) {
      const ids = new Set(candidates.map((c) => c.item.id));
      const same = out.lines.findLast((l) => ids.has(l.ref.item.id));
      if (same) {
        // "a carbonara and a margherita, no basil on the margherita": a reference, not a second one.
        mergeInto(index, same.mods, modifiersOf(index, lex, same.ref, p.mods, r.raw).mods);
        continue;
      }
    }
    if (definite && (p.mods.length > 0 || p.unknown.length > 0) && candidates.length > 0) {
      const ids = new Set(candidates.map((c) => c.item.id));
      const at = draftLines.findLastIndex((d) => ids.has(d.item.id));
      if (at >= 0 && out.lines.length === 0 && !out.forLast) {
        out.forLast = { index: at, mods: modifiersOf(index, lex, draftLines[at], p.mods, r.raw).mods };
        continue;
      }
    }
    // "2 kids meals: …, the other nuggets side salad lemonade": after a deal, among items a word names, the
    // one the deal offers.
    const deal = parent?.line.ref.kind === 'bundle' ? parent.line.ref.item : null;
    const offered = deal
      ? candidates.filter((c) => deal.lines.some((l) => l.choices.some((x) => x.productId === c.item.id)))
      : [];
    if (offered.length === 1 && candidates.length > 1) candidates = offered;
    if (candidates.length > 0) {
      const choice = chooseItem(index, lex, p, candidates);
      if (!choice) continue;
      if ('candidates' in choice) {
        out.ambiguous.push({
          text: textOf(r, p),
          quantity: p.quantity ?? 1,
          candidates: choice.candidates,
        });
        continue;
      }
      if (swapped(r, phrases, p, choice.ref)) continue;
      settle(r, parent);
      const line = addLine(r, choice.ref, p);
      parent = { line, phrase: p, mods: p.mods, children: [], sum: 0 };
      continue;
    }
    // "a large pepperoni and one with no toppings", "two large pizzas, one pepperoni and one plain": another
    // of the item before as it comes, in the size and style said of it (of both, when two were counted).
    if (parent && plain && !p.head) {
      const { line, mods } = parent;
      const asCounted = line.quantity > 1;
      const kept = asCounted
        ? []
        : mods.filter((m) => {
            const e = m.mode === 'with' ? takes(index, line.ref, m.m.words, m.mode) : null;
            return e?.kind === 'option' && isSingle(index, e.groupId);
          });
      const child = addLine(r, line.ref, { ...p, mods: kept }, asCounted ? mods : []);
      if (asCounted) {
        (child as ParsedLine & { phrase?: Phrase }).phrase = { ...p, part: true };
        (child as ParsedLine & { own?: Modifiers }).own = child.mods;
        parent.children.push(child);
        parent.sum += child.quantity;
      }
      continue;
    }
    if (p.mods.length === 0) {
      const content = r.raw.slice(p.from, p.to).filter((w) => !FILLER.has(w) && !/^\d/.test(w) && w.length > 1);
      if (p.quantity !== null && content.length > 0) {
        const related = index.related(p.loose);
        if (related.length > 0) {
          out.ambiguous.push({ text: textOf(r, p), quantity: p.quantity, candidates: related });
        } else out.unknown.push(textOf(r, p));
      }
      continue;
    }
    // "a large pepperoni and a large lemonade", "a medium root beer": a size said of a word the menu does not
    // know names something it lacks, never another of the item before.
    if (!p.head && !p.dish && namesUnknown(index, lex, toks, p)) {
      out.unknown.push(textOf(r, p));
      continue;
    }
    const ofParent =
      parent !== null &&
      p.mods.every((m) => takes(index, (parent as { line: ParsedLine }).line.ref, m.m.words, m.mode));
    // "20 wings lemon pepper, 2 blue cheese": how many of a dip the one line before takes, not more wings.
    // (One too, of a dip: "20 wings honey garlic, 1 ranch"; "a cheese pizza, 1 pepperoni" is a pizza.)
    if (parent && p.quantity !== null && ofParent && parent.line.quantity === 1) {
      const line = parent.line;
      const counted = p.mods.filter((m) => m.mode === 'with');
      const counts =
        counted.length > 0 &&
        counted.every((m) => {
          const e = takes(index, line.ref, m.m.words, m.mode);
          return (
            e?.kind === 'option' &&
            !isSingle(index, e.groupId) &&
            optionMax(index, line.ref, e.optionId) >= (p.quantity ?? 1) &&
            ((p.quantity ?? 1) > 1 || isDip(index, e.groupId))
          );
        });
      if (counts) {
        const said = p.mods.map((m) => (m.mode === 'with' ? { ...m, quantity: p.quantity ?? 1, counted: true } : m));
        mergeInto(index, line.mods, modifiersOf(index, lex, line.ref, said, r.raw).mods);
        continue;
      }
    }
    // "a large margherita, no basil, and a large pepperoni": after one item, another that one takes as well
    // is the item that fits it best (a small one is the same: nothing else fits "small" alone).
    // ("… and a small one with oat milk": "one" is the item before, when it takes what is said.)
    const pronoun = ofParent && r.raw.slice(p.from + 1, p.to + 1).includes('one');
    const listed = parent !== null && namedAfterComma(r, p, parent.line.ref);
    const another: ItemRef | null =
      parent && p.quantity === 1 && parent.line.quantity === 1 && (p.afterAnd || listed) && !pronoun
        ? inferred(r, p)
        : null;
    if (another && parent && another.item.id !== parent.line.ref.item.id) {
      settle(r, parent);
      parent = { line: addLine(r, another, p), phrase: p, mods: p.mods, children: [], sum: 0 };
      continue;
    }
    // "2x Cappuccino, einer mit Hafermilch, einer normal": one of them as it comes, not the "Regular" size.
    if (parent && parent.line.quantity > 1 && p.quantity === 1 && p.mods.length > 0) {
      if (p.mods.every((m) => m.m.len === 1 && AS_IT_COMES.has(r.raw[m.m.at]))) p.mods = [];
    }
    if (parent && ofParent && sizeAfter(r, parent.line, p)) {
      mergeInto(index, parent.line.mods, modifiersOf(index, lex, parent.line.ref, p.mods, r.raw).mods);
      parent.line.mods.unknown.push(...p.unknown);
      continue;
    }
    if (parent && p.quantity !== null && ofParent) {
      // "two large pizzas, one with ham and one with olives": another of the item before, or part of it.
      const ref = parent.line.ref;
      const child = addLine(r, ref, p, parent.mods);
      (child as ParsedLine & { phrase?: Phrase }).phrase = p;
      (child as ParsedLine & { own?: Modifiers }).own = modifiersOf(index, lex, ref, p.mods, r.raw).mods;
      parent.children.push(child);
      parent.sum += child.quantity;
      continue;
    }
    // …but "large pepperoni, large sausage", "large pepperoni, medium sausage": a size said again with
    // more, or another size, is another item ("…, large please" alone is the same one).
    const again = parent ? modifiersOf(index, lex, parent.line.ref, p.mods, r.raw).mods.options : [];
    const restated = again.some((o) =>
      (parent as { line: ParsedLine }).line.mods.options.some(
        (q) =>
          q.groupId === o.groupId && isSingle(index, o.groupId) && (q.optionId !== o.optionId || p.mods.length > 1),
      ),
    );
    if (parent && p.quantity === null && ofParent && !restated) {
      // "a pizza with ham. large please": more about the line before.
      const more = modifiersOf(index, lex, parent.line.ref, p.mods, r.raw).mods;
      mergeInto(index, parent.line.mods, more);
      continue;
    }
    if (out.lines.length === 0 && draftLines.length > 0) {
      const at = describedLine(r, draftLines, p.mods);
      if (at >= 0 && !out.forLast) {
        const mods = modifiersOf(index, lex, draftLines[at], p.mods, r.raw).mods;
        if (effective(mods) || mods.notRemovable.length + mods.noExtra.length > 0) out.forLast = { index: at, mods };
        continue;
      }
      if (out.forLast) {
        mergeInto(index, out.forLast.mods, modifiersOf(index, lex, draftLines[out.forLast.index], p.mods, r.raw).mods);
        continue;
      }
    }
    const ref = inferred(r, p);
    if (ref) {
      settle(r, parent);
      parent = { line: addLine(r, ref, p), phrase: p, mods: p.mods, children: [], sum: 0 };
    } else out.unknown.push(textOf(r, p));
  }
  settle(r, parent);
  finish(r, lex, toks, phrases);
  return out;
}

/** A piece parsed again for the item the customer picked: its quantity and modifiers. */
export function parseForItem(text: string, index: MenuIndex, ref: ItemRef): ParsedLine {
  const lex = lexiconOf(index);
  const toks = tokenize(text);
  const units = readUnits(index, lex, toks);
  const raw = toks.map((t) => t.w);
  const phrases = phrasesOf(index, lex, units, toks);
  const mods = phrases.flatMap((p) => p.mods);
  const built = modifiersOf(index, lex, ref, mods, raw);
  return { ref, quantity: phrases.find((p) => p.quantity !== null)?.quantity ?? 1, mods: built.mods, text };
}
