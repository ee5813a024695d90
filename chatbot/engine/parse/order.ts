/**
 * One message, a whole order, read against the menu: "can i get two large thin crust ham and pepper pies,
 * hold the onions, a can of diet coke and 2 sprites" → three lines. The whole message is read first
 * (./mentions.ts: every span the menu knows, quantities, cues), then grouped into phrases around the items
 * they name (./phrases.ts), then each phrase is given the item that fits what is said about it and its
 * modifiers (./senses.ts). Only then are there lines. docs/chatbot.md describes the choices.
 */
import { lexiconOf, vocabOf } from '../menu/lexicon.js';
import type { ItemRef, MenuIndex } from '../menu/match.js';
import { quantityAt } from '../text/numbers.js';
import { anyTakes, candidatesOf } from './candidates.js';
import { adoptPicks, splitDeals } from './deals.js';
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
  pickByModifiers,
  type Reading,
  splitCountedList,
} from './lines.js';
import { type Mention, readUnits } from './mentions.js';
import type { Modifiers } from './modifiers.js';
import { countIn } from './phrase-checks.js';
import { phrasesOf } from './phrases.js';
import { fillerOptions, saysPlain } from './plain.js';
import type { Mod, Phrase } from './reading.js';
import { chooseItem, GENERIC_CONCEPTS, modifiersOf, takes } from './senses.js';
import { cueOf, FILLER, tokenize } from './tokens.js';

export type { ParsedLine, ParsedOrder };
export { vocabOf };

const AS_IT_COMES = new Set(['normal', 'normale', 'normaler', 'normales', 'plain', 'regular', 'standard', 'original']);

/** The phrase each line was read from. */
const spans = new WeakMap<ParsedLine, Phrase>();
const DEFINITE = new Set(['the', 'der', 'die', 'das', 'den', 'dem', 'my', 'meine', 'meinen', 'meiner', 'that', 'this']);

const effective = (m: Modifiers) => m.options.length + m.without.length + m.extra.length + m.picks.length > 0;

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

function textOf(r: Reading, p: Phrase): string {
  return r.raw.slice(p.from, Math.max(p.to, p.from + 1)).join(' ');
}

/** A line for `ref` from a phrase (and the modifiers it inherits); sides become lines of their own. */
function addLine(r: Reading, ref: ItemRef, p: Phrase, inherited: Mod[] = []): ParsedLine {
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
  for (const side of sides) {
    const choice = chooseItem(r.index, lex, { ...p, head: side.m, mods: [], picks: [] }, candidatesOf(r.index, side.m));
    if (choice && 'ref' in choice) {
      if (!pickInto(line.mods, ref, choice.ref.item.id)) {
        r.out.lines.push({
          ref: choice.ref,
          quantity: 1,
          mods: modifiersOf(r.index, lex, choice.ref, [], r.raw).mods,
          text: line.text,
        });
      }
    }
  }
  return line;
}

/** What a child line itself said, without what it inherited. */
const built = (c: ParsedLine) => (c as ParsedLine & { own?: Modifiers }).own ?? c.mods;

export function parseOrder(text: string, index: MenuIndex, draftLines: ItemRef[]): ParsedOrder {
  const out: ParsedOrder = { lines: [], forLast: null, ambiguous: [], unknown: [] };
  const lex = lexiconOf(index);
  const toks = tokenize(text);
  const units = readUnits(index, lex, toks);
  const r: Reading = { index, raw: toks.map((t) => t.w), out };
  const phrases = phrasesOf(index, lex, units, toks);
  // The last phrase that named an item, for "…, one with ham and one with olives".
  let parent: { line: ParsedLine; phrase: Phrase; mods: Mod[]; children: ParsedLine[]; sum: number } | null = null;
  const settle = () => {
    if (!parent || parent.children.length === 0) return;
    const { line, children, sum } = parent;
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
      const restated = said.some((o) =>
        parentOptions.some((q) => q.groupId === o.groupId && isSingle(index, o.groupId)),
      );
      if (restated || phrase.afterAnd) return false;
      return phrase.mods.every((m) => m.mode !== 'with') || phrase.mods.length <= 2;
    });
    if (line.quantity > 1 && (sum === line.quantity || (sum < line.quantity && onlyChanges))) {
      line.quantity -= sum;
      if (line.quantity === 0) out.lines.splice(out.lines.indexOf(line), 1);
      return;
    }
    for (const child of children) {
      const at = out.lines.indexOf(child);
      const phrase = (child as ParsedLine & { phrase?: Phrase }).phrase;
      if (at < 0 || !phrase) continue;
      out.lines.splice(at, 1);
      addLine(r, child.ref, phrase);
      out.lines.splice(at, 0, out.lines.pop() as ParsedLine);
    }
  };
  splitCountedList(index, r.raw, phrases);
  const countedBy = new Set<Phrase>();
  // "one large, one medium, both pepperoni": what is said of all is said of the items just counted, before
  // they are read (a size alone names no item).
  phrases.forEach((p, k) => {
    const all = p.mods.filter((m) => m.all);
    for (let j = k - 1; all.length > 0 && j >= 0; j--) {
      const q = phrases[j];
      if (q.head || q.dish || q.quantity === null || q.mods.length === 0) break;
      q.mods.push(...all);
    }
  });
  phrases.forEach((p, k) => {
    // "four 2 liters: 2 coke 1 sprite 1 ginger ale", "two 2 liters one coke one sprite": a container
    // counted, then the items it holds, each of which takes it.
    if (!p.head && !p.dish && p.mods.length > 0 && (p.quantity ?? 0) >= 2) {
      const following = phrases.slice(k + 1);
      const end = following.findIndex((q) => !q.head || q.mods.length > 0);
      const named = end < 0 ? following : following.slice(0, end);
      const sum = named.reduce((n, q) => n + (q.quantity ?? 1), 0);
      const fits = (q: Phrase) =>
        p.mods.every((m) => anyTakes(index, q.head as Mention, m.m, m.mode) && m.mode === 'with');
      // (One item alone after it is all of them: "3 2 liters, coke".)
      if (named.length === 1 && named[0].quantity === null && named.every(fits)) named[0].quantity = p.quantity;
      if (named.length >= 1 && sum <= (p.quantity ?? 0) && named.every(fits)) {
        for (const q of named) q.mods.unshift(...p.mods);
        p.mods = [];
        p.quantity = null;
      }
      return;
    }
    // "3 Pizzen: Salami, Funghi und Schinken": a generic word counted, then the dishes it counts.
    // (Not again by one of those it counted: "four pizzas two pepperoni one sausage one cheese".)
    if (!p.head || p.head.generic.length === 0 || (p.quantity ?? 2) < 2 || countedBy.has(p)) return;
    const head = p.head;
    const ids = new Set(candidatesOf(index, head).map((c) => c.item.id));
    const following = phrases.slice(k + 1);
    const end = following.findIndex(
      (q) => q.head !== null && !q.head.items.some((s) => s.score >= 0.8 && ids.has(s.id)),
    );
    // "two large pizzas one pepperoni one veggie supreme": the dishes it counts, or toppings of the plain one.
    const named = (end < 0 ? following : following.slice(0, end)).filter(
      (q) =>
        (q.quantity ?? 1) <= (p.quantity ?? 1) &&
        (q.head
          ? q.head.items.some((s) => s.score >= 0.8 && ids.has(s.id))
          : q.quantity !== null && q.mods.length > 0 && q.mods.every((m) => anyTakes(index, head, m.m, m.mode))),
    );
    const sum = named.reduce((n, q) => n + (q.quantity ?? 1), 0);
    if (named.length >= 2 && (p.quantity === null || sum <= p.quantity)) {
      // "Vier kleine Pizzen: zwei Margherita und zwei Salami": what was said of them is said of each.
      for (const q of named) {
        q.mods.unshift(...p.mods);
        q.head ??= head;
        countedBy.add(q);
      }
      p.head = null;
      p.mods = [];
      p.loose = [];
    }
  });
  for (const p of phrases) {
    const plain = p.quantity !== null && !p.dish && p.mods.length === 0 && saysPlain(r.raw.slice(p.from, p.to + 1));
    if (!p.head && !p.dish && p.loose.length === 0 && p.quantity !== null && p.mods.length === 0 && !plain) continue;
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
    } else if (n !== null && p.count === null && p.head && candidates.length === 1) {
      // "4 Käse Pizza" for the "Pizza Quattro Formaggi": the number and the word after it are the name's.
      if (namesNumber(lex, candidates[0], n, p.head.words[0])) p.quantity = 1;
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
      settle();
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
    const ofParent =
      parent !== null &&
      p.mods.every((m) => takes(index, (parent as { line: ParsedLine }).line.ref, m.m.words, m.mode));
    // "20 wings lemon pepper, 2 blue cheese": how many of a dip the one line before takes, not more wings.
    if (parent && p.quantity !== null && p.quantity > 1 && ofParent && parent.line.quantity === 1) {
      const line = parent.line;
      const counted = p.mods.filter((m) => m.mode === 'with');
      const counts =
        counted.length > 0 &&
        counted.every((m) => {
          const e = takes(index, line.ref, m.m.words, m.mode);
          return (
            e?.kind === 'option' &&
            !isSingle(index, e.groupId) &&
            optionMax(index, line.ref, e.optionId) >= (p.quantity ?? 1)
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
    const another: ItemRef | null =
      parent && p.quantity === 1 && parent.line.quantity === 1 && p.afterAnd ? inferred(r, p) : null;
    if (another && parent && another.item.id !== parent.line.ref.item.id) {
      settle();
      parent = { line: addLine(r, another, p), phrase: p, mods: p.mods, children: [], sum: 0 };
      continue;
    }
    // "2x Cappuccino, einer mit Hafermilch, einer normal": one of them as it comes, not the "Regular" size.
    if (parent && parent.line.quantity > 1 && p.quantity === 1 && p.mods.length > 0) {
      if (p.mods.every((m) => m.m.len === 1 && AS_IT_COMES.has(r.raw[m.m.at]))) p.mods = [];
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
      settle();
      parent = { line: addLine(r, ref, p), phrase: p, mods: p.mods, children: [], sum: 0 };
    } else out.unknown.push(textOf(r, p));
  }
  settle();
  adoptPicks(r.raw, out.lines, (l) => spans.get(l)?.to ?? 0);
  splitDeals(out.lines);
  // "two of each", "von jedem zwei": every line that was said without a number gets it.
  const said = r.raw.join(' ');
  const each =
    /(?:^|\s)(\S+) (?:of each|each|von jede[mnrs]?)(?:\s|$)/.exec(said) ??
    /(?:^|\s)(?:je|jeweils) (\S+)(?:\s|$)/.exec(said);
  const eachQuantity = each ? quantityAt([each[1]], 0)?.value : undefined;
  if (eachQuantity && out.lines.length > 1 && out.lines.every((l) => l.quantity === 1)) {
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
      const taken = forAll.filter((m) => takes(index, line.ref, m.m.words, m.mode) && !own(m));
      if (taken.length > 0) mergeInto(index, line.mods, modifiersOf(index, lex, line.ref, taken, r.raw).mods);
    }
  }
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
