/**
 * The second reading: the units of a message (./mentions.ts) grouped into phrases, one per item the
 * customer orders. A quantity opens a phrase; a mention that names an item is its head; the modifier
 * mentions around it (before: "a large thin crust ham pizza"; after: "a pizza, large, with ham") are its
 * modifiers, each in the mode its cue set ("no", "extra", "a little"). A word that could be an item or a
 * modifier ("pepper": Dr Pepper or the topping) is a modifier when an item next to it takes it.
 */
import type { Lexicon } from '../menu/lexicon.js';
import { type ItemRef, type MenuIndex, nameTokens } from '../menu/match.js';
import { stem } from '../text/normalize.js';
import { anyTakes, candidatesOf } from './candidates.js';
import type { Mention, Unit } from './mentions.js';
import type { Mod, Mode, Phrase } from './reading.js';
import { roles } from './roles.js';
import { GENERIC_CONCEPTS, takes } from './senses.js';
import { cueOf, FILLER, isAnd, POUR, type Tok } from './tokens.js';

const SIZE_WORDS = new Set(['small', 'medium', 'large', 'regular']);
const OR = new Set(['or', 'oder']);
const ARTICLE = new Set(['a', 'an', 'ein', 'eine', 'einen', 'einem', 'einer']);
const OTHER = new Set([
  'other',
  'first',
  'second',
  'third',
  'fourth',
  '1st',
  '2nd',
  '3rd',
  '4th',
  'andere',
  'anderen',
  'erste',
  'ersten',
  'zweite',
  'zweiten',
  'dritte',
  'dritten',
  'rest',
]);
const PURPOSE = new Set(['a', 'the', 'my', 'our', 'an']);

/** The item's name holds the number as a count, not a measure: "Chicken Nuggets (6 pcs)", not "Cola 0.5 l". */
export function countIn(lex: Lexicon, ref: ItemRef, n: number): boolean {
  const t = lex.fullTokens.get(ref.item.id) ?? [];
  const at = t.indexOf(String(n));
  return at > 0 && !/^(cm|liter|ml|cl|ounce|inch|g|kg)$/.test(t[at + 1] ?? '');
}

/** "for a party", "for my kids party": "for", a determiner and up to two more words, no number or comma. */
function forPurpose(units: readonly Unit[], words: readonly string[], at: number): boolean {
  for (let j = at - 1; j >= Math.max(0, at - 4); j--) {
    if (words[j] === 'for') return j < at - 1 && PURPOSE.has(words[j + 1]);
    const numbered = (x: Unit) => x.kind === 'qty' && !PURPOSE.has(words[j]);
    if (units.some((x) => x.at === j && (x.kind === 'sep' || numbered(x)))) return false;
  }
  return false;
}
const ALL = new Set(['all', 'both', 'alle', 'beide', 'allen', 'beiden', 'everything', 'each', 'jeweils']);

const DOUBLE: Record<string, number> = { double: 2, doppelt: 2, doppelte: 2, doppelten: 2, triple: 3 };

const empty = (quantity: number | null, from: number): Phrase => ({
  quantity,
  head: null,
  dish: null,
  count: null,
  part: false,
  afterAnd: false,
  mods: [],
  picks: [],
  loose: [],
  unknown: [],
  from,
  to: from,
});

/** The phrase's item already has an option of the single-choice group this mention names. */
function repeatsChoice(index: MenuIndex, p: Phrase, u: Mention): boolean {
  const ref = candidatesOf(index, p.head as Mention)[0];
  if (ref?.kind !== 'product') return false;
  const groupOf = (m: Mention) => {
    const e = takes(index, ref, m.words, 'with');
    return e?.kind === 'option' && index.groupsOf(ref.item).find((g) => g.id === e.groupId)?.maxChoices === 1
      ? e.groupId
      : null;
  };
  const g = groupOf(u);
  return g !== null && p.mods.some((m) => m.mode === 'with' && groupOf(m.m) === g);
}

/** A phrase without an item already has an option of a single-choice group this mention names too. */
function restatesChoice(index: MenuIndex, p: Phrase, u: Mention): boolean {
  const single = (m: Mention) =>
    new Set(
      m.mods
        .filter((e) => e.kind === 'option' && index.menu.groups.find((g) => g.id === e.groupId)?.maxChoices === 1)
        .map((e) => (e as { groupId: string }).groupId),
    );
  const mine = single(u);
  return mine.size > 0 && p.mods.some((m) => m.mode === 'with' && [...single(m.m)].some((g) => mine.has(g)));
}

/** A count of modifiers without an item ("3 2 liters"), then a stop, then an item. */
function countedBefore(units: Unit[], p: Phrase, u: Mention): boolean {
  const last = p.mods[p.mods.length - 1];
  if (!last || (p.quantity ?? 0) < 2) return false;
  return units.slice(units.indexOf(last.m) + 1, units.indexOf(u)).some((x) => x.kind === 'sep' && x.sep === 'punct');
}

/** Modifiers without an item end at a stop before this item, which does not take them all. */
function endedBefore(index: MenuIndex, units: Unit[], p: Phrase, u: Mention): boolean {
  const first = p.mods[0];
  if (!first) return false;
  const between = units.slice(units.indexOf(first.m) + 1, units.indexOf(u));
  // ("large pepperoni w extra cheese + garden salad": "and" ends them too, when the item takes none.)
  const stop = between.some((x) => x.kind === 'sep' && x.sep === 'punct');
  const and = between.some((x) => x.kind === 'sep' && x.sep === 'and');
  // ("a large sausage and sprite": what the sprite does not take all, one other item does: a pizza.)
  if (and && !stop)
    return (
      !p.mods.some((m) => anyTakes(index, u, m.m, m.mode)) ||
      (!p.mods.every((m) => anyTakes(index, u, m.m, m.mode)) && otherTakesAll(index, u, p.mods))
    );
  return stop && !p.mods.every((m) => anyTakes(index, u, m.m, m.mode));
}

/** An item the mention does not name takes every one of the modifiers (so they may be said of it). */
function otherTakesAll(index: MenuIndex, u: Mention, mods: Mod[]): boolean {
  const named = new Set(candidatesOf(index, u).map((r) => r.item.id));
  return index.menu.products.some((item) => {
    if (named.has(item.id)) return false;
    const ref = index.ref(item.id);
    return ref !== null && mods.every((m) => takes(index, ref, m.m.words, m.mode) !== null);
  });
}

/** The next unit that is not a filler word. */
function next(units: Unit[], i: number): Unit | undefined {
  for (let j = i + 1; j < units.length; j++) {
    const u = units[j];
    if (!(u.kind === 'word' && u.filler)) return u;
  }
  return undefined;
}

/** Groups the units into phrases. */
export function phrasesOf(index: MenuIndex, lex: Lexicon, units: Unit[], toks: Tok[]): Phrase[] {
  const words = toks.map((t) => t.w);
  const isItem = roles(index, units, words);
  const out: Phrase[] = [];
  let cur: Phrase | null = null;
  let mode: Mode = 'with';
  let modQuantity = 1;
  let counted = false;
  let forAll = false;
  let lastCue = -2;
  let skip: Unit | null = null;
  const open = (quantity: number | null, at: number, fresh = true) => {
    if (cur) out.push(cur);
    cur = empty(quantity, at);
    if (quantity !== null) forAll = false;
    // A phrase opened by its first modifier keeps the cue said before it ("without basil").
    if (fresh) mode = 'with';
    return cur;
  };
  units.forEach((u, i) => {
    const end = u.kind === 'mention' ? u.at + u.len : u.kind === 'qty' ? u.at + u.len : u.at + 1;
    if (u.kind === 'qty') {
      const after = next(units, i);
      const dish = lex.numbers.get(u.value);
      const digits = /^\d+$/.test(words[u.at]);
      // "a 23", "Nr. 14", "23 with chicken": a dish by its number; "23 pad thai": the number of that dish.
      if (dish && digits && u.len === 1) {
        const before = units[i - 1];
        const named = after?.kind === 'mention' && after.items.some((s) => s.id === dish);
        const nothingNamed = !(after?.kind === 'mention' && (after.items.length || after.generic.length));
        const afterArticle = before?.kind === 'word' && before.filler && units[i - 2]?.kind === 'qty';
        if (named || nothingNamed || before?.kind === 'qty' || afterArticle) {
          // "Zweimal die 25": the quantity said before, past an article.
          let b = i - 1;
          while (units[b]?.kind === 'word' && (units[b] as { filler: boolean }).filler) b--;
          const counted = units[b]?.kind === 'qty' && cur && !cur.head && !cur.dish;
          const p: Phrase = counted ? (cur as Phrase) : open(null, u.at);
          p.dish = dish;
          p.to = end;
          if (named && after?.kind === 'mention') after.items = after.items.filter((s) => s.id === dish);
          return;
        }
      }
      const c = cur as Phrase | null;
      // "a combo with a cheeseburger and a sprite": an article before one of the bundle's picks.
      const bundle = c?.head ? candidatesOf(index, c.head).find((r) => r.kind === 'bundle') : undefined;
      if (bundle?.kind === 'bundle') {
        const offered = bundle.item.lines.flatMap((l) => l.choices.map((x) => x.productId));
        // Past the pick's own modifiers: "… and a chocolate shake".
        let k = i + 1;
        while (units[k] && (units[k].kind === 'word' || (units[k].kind === 'mention' && !isItem[k]))) k++;
        const item = units[k];
        const picks =
          item?.kind === 'mention' ? candidatesOf(index, item).filter((r) => offered.includes(r.item.id)) : [];
        // "with the 9 nuggets": a count the pick's own name holds is no quantity either.
        const counted = picks.some(
          (r) => nameTokens(r.item.name).includes(String(u.value)) || /\b\d+\b/.test(r.item.name),
        );
        if (picks.length > 0 && (u.value === 1 || counted)) return;
      }
      // "extra patty x2", "with ranch x2": how many of the modifier just said.
      const prev = units[i - 1];
      const lastMod = c?.mods[c.mods.length - 1];
      // ("Panna Cotta zweimal", "Cola 2 mal": "-mal" counts too, unless an item follows: "und zweimal Tiramisu".)
      const itemNext = after?.kind === 'mention' && isItem[units.indexOf(after)];
      const mal = /^[a-z]+mal$/.test(words[u.at]) || words[u.at + u.len - 1] === 'mal';
      const times = /^(x\d+|\d+x)$/.test(words[u.at]) || (mal && !itemNext);
      // …unless that cannot be had more than once ("tofu mild x2", "no coconut cream x2": two of the dish).
      const twice = (m: Mod) => {
        if (m.mode === 'without' || !c?.head) return false;
        const ref = candidatesOf(index, c.head)[0];
        const e = ref ? takes(index, ref, m.m.words, m.mode) : null;
        if (!e || ref.kind !== 'product') return false;
        if (e.kind === 'option')
          return (
            (index
              .groupsOf(ref.item)
              .flatMap((g) => g.options)
              .find((o) => o.id === e.optionId)?.maxQuantity ?? 1) > 1
          );
        return (
          e.kind === 'ingredient' &&
          (ref.item.ingredients.find((x) => x.id === e.ingredientId)?.extra?.maxQuantity ?? 1) > 1
        );
      };
      if (times && prev?.kind === 'mention' && !isItem[i - 1] && lastMod?.m === prev && twice(lastMod)) {
        lastMod.quantity = u.value;
        lastMod.counted = true;
        return;
      }
      // "garlic knots x2", "23 w/ tofu mild x2": how many, after the name (not "mit 2x Karamell").
      const modAfter = after?.kind === 'mention' && !isItem[units.indexOf(after)];
      // ("pizza x2 large pepperoni": "x2" after the name counts it, whatever follows.)
      const suffix = /^x\d+$/.test(words[u.at]);
      if ((c?.head || c?.dish) && c.quantity === null && times && (!modAfter || suffix)) {
        c.quantity = u.value;
        return;
      }
      const countNamed = (head: Mention, n: number) => candidatesOf(index, head).some((r) => countIn(lex, r, n));
      // "6 nuggets x2": the number before was the name's count ("6 Nuggets"), this one how many.
      if (c?.head && c.quantity !== null && c.count === null && times && !modAfter && countNamed(c.head, c.quantity)) {
        c.count = c.quantity;
        c.quantity = u.value;
        return;
      }
      // "Salami 32": a size's number right after the dish.
      // (Not "3 large coke 2 large sprite": a number before an item, past its modifiers, counts that item.)
      let ahead = i + 1;
      while (units[ahead] && (units[ahead].kind === 'word' || (units[ahead].kind === 'mention' && !isItem[ahead])))
        ahead++;
      if (
        c?.head &&
        /^\d+$/.test(words[u.at]) &&
        prev === c.head &&
        !(units[ahead]?.kind === 'mention' && isItem[ahead])
      ) {
        const asSize: Mention = { ...c.head, words: [words[u.at]], items: [], generic: [] };
        const ref = candidatesOf(index, c.head)[0];
        const e = ref ? takes(index, ref, asSize.words, 'with') : null;
        if (e?.kind === 'option' && e.tokens.some((t) => /^(cm|inch|ounce|liter)$/.test(t))) {
          c.mods.push({
            m: { ...asSize, at: u.at, len: u.len },
            mode: 'with',
            quantity: 1,
            counted: false,
            all: false,
            direct: false,
          });
          return;
        }
      }
      // "two pumps of caramel", "with 2 ranch": how many of a modifier the item takes, with no item after it.
      const at = after ? units.indexOf(after) : -1;
      const beyond = at >= 0 ? next(units, at) : undefined;
      const itemAfter = beyond?.kind === 'mention' && isItem[units.indexOf(beyond)];
      // …but "four pizzas, 2 pepperoni and 2 sausage" are two and two pizzas.
      const measured =
        units[i - 1]?.kind === 'cue' || POUR.has(words[u.at + u.len] ?? '') || words[u.at + u.len] === 'of';
      if (
        c?.head &&
        measured &&
        after?.kind === 'mention' &&
        !isItem[at] &&
        u.value > 1 &&
        !itemAfter &&
        anyTakes(index, c.head, after, 'with')
      ) {
        modQuantity = u.value;
        counted = true;
        return;
      }
      // "with soy milk and an extra shot", "a splash of oat milk": an article before a modifier of the item.
      // (Not "… and a plain cheese": a plain one is another item.)
      if (
        c?.head &&
        u.value === 1 &&
        ARTICLE.has(words[u.at]) &&
        words[u.at + u.len] !== 'plain' &&
        !(units[i - 1]?.kind === 'sep' && (units[i - 1] as { sep: string }).sep === 'punct')
      ) {
        let k = at;
        // "and an extra shot" is the item's; "…, eine mit dünnem Boden" is another one.
        while (units[k]?.kind === 'cue' && (units[k] as { cue: string }).cue !== 'with') k++;
        const m = units[k];
        const later = k >= 0 ? next(units, k) : undefined;
        const headLater = later?.kind === 'mention' && isItem[units.indexOf(later)];
        // "… and a small with ham" is another item: a size after an article starts one.
        const size = m?.kind === 'mention' && m.words.some((w) => SIZE_WORDS.has(w));
        if (m?.kind === 'mention' && !isItem[k] && !headLater && !size && anyTakes(index, c.head, m, 'with')) {
          // "no whipped cream and an extra shot": the article ends the "no".
          mode = 'with';
          return;
        }
      }
      // "a little parmesan", "a lot of cheese": the article of a quantity cue, not one more item.
      if (
        u.value === 1 &&
        ARTICLE.has(words[u.at]) &&
        after?.kind === 'cue' &&
        (after.cue === 'light' || after.cue === 'extra')
      )
        return;
      // "2 extra patties", "zwei extra Käse": how many of the extra that follows.
      if (after?.kind === 'cue' && after.cue === 'extra' && u.value > 1) {
        modQuantity = u.value;
        counted = true;
        return;
      }
      const w1 = words[u.at + u.len];
      // "tiramisu and panna cotta, two of each": the quantity of every line (../order.ts reads it).
      if (
        (w1 === 'of' && words[u.at + u.len + 1] === 'each') ||
        w1 === 'each' ||
        (w1 === 'von' && /^jede[mnrs]?$/.test(words[u.at + u.len + 1] ?? ''))
      )
        return;
      // "… large, two of them": the quantity of the phrase before.
      if (
        c?.head &&
        c.quantity === null &&
        w1 === 'of' &&
        /^(them|those|these|each)$/.test(words[u.at + u.len + 1] ?? '')
      ) {
        c.quantity = u.value;
        return;
      }
      // "2 lg 1 topping pizzas", "a 3-topping pizza": how it is made, not how many.
      if (/^(topping|toppings|item|items|belag|belage)$/.test(w1 ?? '')) return;
      // "2 dozen garlic knots": two of the dozen.
      if (after?.kind === 'qty' && /^(dozen|dutzend)$/.test(words[after.at])) {
        const p = open(u.value, u.at);
        p.count = 12;
        p.to = after.at + after.len;
        skip = after;
        return;
      }
      // "a small one with ham": "one" stands for the item, after the article and the modifiers it got.
      if (
        u.value === 1 &&
        /^(one|ones)$/.test(words[u.at]) &&
        c !== null &&
        !c.head &&
        !c.dish &&
        c.quantity === 1 &&
        ARTICLE.has(words[c.from]) &&
        c.mods.length > 0 &&
        prev?.kind === 'mention' &&
        c.mods[c.mods.length - 1].m === prev
      ) {
        c.to = end;
        return;
      }
      // "2x 6 nuggets": how many of the item whose name holds the second number.
      const named = after?.kind === 'qty' ? next(units, units.indexOf(after)) : undefined;
      if (
        after?.kind === 'qty' &&
        /^\d+x$/.test(words[u.at]) &&
        named?.kind === 'mention' &&
        isItem[units.indexOf(named)] &&
        countNamed(named, after.value)
      ) {
        const p = open(u.value, u.at);
        p.count = after.value;
        p.to = after.at + after.len;
        skip = after;
        return;
      }
      if (u === skip) return;
      // "garlic knots (12)": the count the item before is sold in, in brackets.
      if (c?.head && units[i - 2] === c.head && words[u.at - 1] === '(' && words[u.at + u.len] === ')' && !c.count) {
        c.count = u.value;
        return;
      }
      // "6 piece garlic knots", "garlic knots (12 pieces)": a count the item is sold in.
      if (/^(piece|pieces|pc|pcs|stk|stuck|stueck|count|er|teilig|pack)$/.test(w1 ?? '')) {
        const ahead = next(units, i + 1);
        const headAhead = ahead?.kind === 'mention' && isItem[units.indexOf(ahead)];
        const p = headAhead
          ? c && !c.head && !c.count
            ? c
            : open(null, u.at)
          : c?.head && !c.count
            ? c
            : open(null, u.at);
        p.count = u.value;
        return;
      }
      // "2 double cheeseburgers, extra cheese on one (of them)": what was said since the last comma is one
      // of them.
      const c1 = cur as Phrase | null;
      // (Only "on one" / "auf einer" closing the clause: "for one person" is not one of them.)
      const w2 = words[u.at + u.len];
      const closes = w2 === undefined || /^[,;.!?]$/.test(w2) || w2 === 'of' || w2 === 'davon';
      if (u.value === 1 && /^(on|auf)$/.test(words[u.at - 1] ?? '') && closes && c1?.head && (c1.quantity ?? 1) > 1) {
        const comma = units.findLastIndex((x, k) => k < i && x.kind === 'sep');
        const said = c1.mods.filter((m) => units.indexOf(m.m) > comma);
        if (said.length > 0 && said.length < c1.mods.length + 1) {
          c1.mods = c1.mods.filter((m) => !said.includes(m));
          const p = open(1, said[0].m.at);
          p.mods.push(...said);
          p.part = true;
          p.to = end;
          return;
        }
      }
      // "the first one pepperoni, the second one sausage": the ordinal already opened it.
      if (words[u.at] === 'one' && OTHER.has(words[u.at - 1] ?? '') && u.value === 1) return;
      // "the bbq one", "a large one": "one" right after the item's name is the item again.
      const before = units[i - 1];
      if (
        c?.head &&
        (c.quantity ?? 1) === 1 &&
        u.value === 1 &&
        words[u.at] === 'one' &&
        before?.kind === 'mention' &&
        isItem[i - 1]
      )
        return;
      const opened = open(u.value, u.at);
      opened.to = end;
      opened.afterAnd = units[i - 1]?.kind === 'sep' && (units[i - 1] as { sep: string }).sep === 'and';
      // "eine davon mit Oliven", "one of them no tomato": part of the line before.
      opened.part =
        /^(davon|of)$/.test(w1 ?? '') && (w1 === 'davon' || /^(them|those|these)$/.test(words[u.at + u.len + 1] ?? ''));
      return;
    }
    if (u.kind === 'cue') {
      const before = units[i - 1];
      // "an extra can of sprite", "one more coke": one more item, not more of a modifier.
      if (u.cue === 'extra' && before?.kind === 'qty' && isItemAhead(units, isItem, words, i)) return;
      // "mit Knoblauch extra", "Käse extra": after the modifier, at the end of what is said of it.
      const ahead = next(units, i);
      const last = (cur as Phrase | null)?.mods.at(-1);
      const after = before?.kind === 'mention' && last?.m === before && last.mode === 'with';
      if (u.cue === 'extra' && after && (!ahead || ahead.kind === 'sep')) {
        (last as Mod).mode = 'extra';
        return;
      }
      const extraBefore = before?.kind === 'cue' && before.cue === 'extra' && mode === 'extra';
      if (u.cue === 'without') mode = 'without';
      else if (u.cue === 'extra') mode = before?.kind === 'cue' && before.cue === 'without' ? 'noextra' : 'extra';
      else if (u.cue === 'light') mode = 'light';
      // "loaded with cheese", "extra with": the "with" after an extra keeps it.
      else if (!extraBefore) mode = 'with';
      modQuantity = DOUBLE[words[u.at]] ?? modQuantity;
      // "extra extra cheese": two of the extra.
      if (u.cue === 'extra' && extraBefore && !DOUBLE[words[u.at]]) {
        modQuantity = 2;
        counted = true;
      }
      lastCue = i;
      if (cur) cur.to = end;
      return;
    }
    if (u.kind === 'sep') {
      if (u.sep === 'punct') forAll = false;
      return;
    }
    if (u.kind === 'word') {
      // "2 large pies, one with pepperoni and the other with sausage": another one of them.
      if (OTHER.has(u.w) && (cur as Phrase | null)?.quantity != null) {
        open(1, u.at).to = end;
        return;
      }
      if (ALL.has(u.w)) {
        const c = cur as Phrase | null;
        const ahead = next(units, i);
        const retro = !(ahead?.kind === 'mention' && !isItem[units.indexOf(ahead)]) && ahead?.kind !== 'cue';
        // "with ham each" is said of each as it is; "each with extra cheese" says it of every line.
        if (u.w === 'each' && retro) return;
        forAll = true;
        // "extra basil on both": what was just said, since the last comma, is said of both ("both mild"
        // says it of what follows).
        for (let k = retro ? (c?.mods.length ?? 0) - 1 : -1; k >= 0; k--) {
          const m = (c as Phrase).mods[k];
          if (
            units.slice(units.indexOf(m.m), i).some((x) => (x.kind === 'sep' && x.sep === 'punct') || x.kind === 'qty')
          )
            break;
          m.all = true;
        }
      }
      if (!cur) return;
      if (!u.filler) {
        cur.loose.push(toks[u.at].c);
        if (i > lastCue && lastCue >= 0 && mode !== 'noextra' && u.w.length > 2 && !/^\d/.test(u.w)) {
          cur.unknown.push(u.w);
        }
      }
      if (i - 1 === lastCue) lastCue = i;
      cur.to = end;
      return;
    }
    if (isItem[i]) {
      const c = (cur ?? open(null, u.at)) as Phrase;
      forAll = false;
      if (!c.head && c.dish && candidatesOf(index, u).some((r) => r.item.id === c.dish)) {
        // "23. Pad Thai": the number and the name of one dish.
        c.head = u;
        c.dish = null;
      } else if (!c.head && !c.dish && countedBefore(units, c, u)) {
        // "3 2 liters, coke sprite and diet coke": the counted container, then what it holds (../order.ts).
        open(null, u.at).head = u;
        mode = 'with';
        lastCue = -2;
      } else if (!c.head && !c.dish && !endedBefore(index, units, c, u)) {
        c.head = u;
        mode = 'with';
        lastCue = -2;
      } else if (!c.head && !c.dish) {
        // "…, one sausage and green pepper. Also a 2 liter sprite": the words before the stop were not
        // said of the sprite; those after it were.
        const stop = units.findLastIndex((x, k) => k < i && x.kind === 'sep');
        const moved = c.mods.filter((m) => units.indexOf(m.m) > stop);
        c.mods = c.mods.filter((m) => units.indexOf(m.m) < stop);
        const p = open(null, moved[0]?.m.at ?? u.at);
        p.head = u;
        p.mods.push(...moved);
        mode = 'with';
        lastCue = -2;
      } else if (c.head && OR.has(words[u.at - 1] ?? '')) {
        // "spaghetti or penne": the customer has not chosen yet; both are the candidates to ask about.
        const h = c.head;
        c.head = {
          ...h,
          items: [...h.items, ...u.items],
          generic: [...h.generic, ...u.generic],
          len: u.at + u.len - h.at,
        };
      } else if (c.head && absorbs(index, c, u, words, out[out.length - 1])) {
        // Merged into the head or taken as a pick; the phrase before too, when it described the deal.
        if (c.head.at < c.from) {
          const prev = out.pop() as Phrase;
          c.from = prev.from;
          c.quantity ??= prev.quantity;
        }
      } else {
        const p = open(null, u.at);
        p.head = u;
        // "… with ham and large coke": modifiers right before the new head that it takes are its own.
        const moved: Mod[] = [];
        while (c.mods.length > 0) {
          const last = c.mods[c.mods.length - 1];
          // "hold the onions and pickles plus large fries": "large" is the fries', not left off the burger;
          // "Bolognese überbacken und Penne": before "and" it stays the dish before's.
          // ("no pickles with large fries": right after "with", what the item before cannot take moves too.)
          const own = last.mode === 'with' && !anyTakes(index, c.head as Mention, last.m, 'with');
          if (
            (last.direct && !own) ||
            (last.mode !== 'with' && last.mode !== 'without') ||
            !anyTakes(index, u, last.m, 'with')
          )
            break;
          const kept = last.mode === 'without' ? candidatesOf(index, c.head as Mention) : [];
          if (kept.some((r) => takes(index, r, last.m.words, 'without')?.kind === 'ingredient')) break;
          if (units.slice(units.indexOf(last.m) + 1, i).some((x) => x.kind !== 'word')) break;
          last.mode = 'with';
          moved.unshift(c.mods.pop() as Mod);
        }
        p.mods.push(...moved);
        p.from = moved[0]?.m.at ?? u.at;
      }
      (cur as Phrase).to = end;
      return;
    }
    // "5 large pizzas for a party": what it is for, not a second size.
    const c0 = cur as Phrase | null;
    const said = c0?.head ? c0 : c0 && !c0.dish ? out.findLast((q) => q.head !== null) : undefined;
    if (said && forPurpose(units, words, u.at) && repeatsChoice(index, said, u)) return;
    let c = (cur ?? open(null, lastCue === i - 1 ? (units[lastCue] as { at: number }).at : u.at, false)) as Phrase;
    // "personal hawaiian personal pepperoni": a second size for the same item starts another item.
    // "large pepperoni, large sausage", "sm pep, med sausage": without an item named, the same.
    const again = c.head ? repeatsChoice(index, c, u) : !c.dish && restatesChoice(index, c, u);
    // ("…, no pepperoni, large cheese": the size ends the list under "no" too.)
    if (again && (mode === 'with' || (mode === 'without' && lastCue !== i - 1))) c = open(null, u.at) as Phrase;
    // "no whipped cream, extra shot": a name that begins with its own cue ends the list under "no".
    const own = cueOf(words[u.at]);
    if (mode === 'without' && own && own !== 'without') mode = 'with';
    // "2 diet cokes and a ginger ale, cans": a plural after a comma, said of one item, is said of them all.
    const lastWord = words[u.at + u.len - 1] ?? '';
    const sepBefore = units[i - 1];
    const pluralAll =
      sepBefore?.kind === 'sep' &&
      sepBefore.sep === 'punct' &&
      stem(lastWord) !== lastWord &&
      (c.quantity ?? 1) === 1 &&
      out.some((q) => q.head !== null);
    c.mods.push({ m: u, mode, quantity: modQuantity, counted, all: forAll || pluralAll, direct: lastCue === i - 1 });
    modQuantity = 1;
    counted = false;
    if (mode === 'extra' || mode === 'light' || mode === 'noextra') mode = 'with';
    if (lastCue === i - 1) lastCue = i;
    c.to = end;
  });
  if (cur) out.push(cur);
  // "two 20oz bottles of coke and one of diet coke": "one of" says the same of another item.
  for (let k = 1; k < out.length; k++) {
    const [p, q] = [out[k - 1], out[k]];
    if (!p.head || !q.head || q.quantity === null || q.mods.length > 0 || words[q.from + 1] !== 'of') continue;
    const head = q.head;
    q.mods.push(...p.mods.filter((m) => m.mode === 'with' && anyTakes(index, head, m.m, 'with')));
  }
  // "lots of cheese on a large pizza": modifiers said before the item's own phrase are its.
  // ("extra cheese on a large pepperoni": "on" an item the modifiers after it name.)
  for (let k = out.length - 2; k >= 0; k--) {
    const [p, q] = [out[k], out[k + 1]];
    if (p.head || p.dish || p.quantity !== null || p.mods.length === 0) continue;
    const on = !q.head && !q.dish && q.mods.length > 0 && /^(on|onto|auf)$/.test(words[q.from - 1] ?? '');
    if (!q.head && !on) continue;
    const head = q.head;
    if (head && !p.mods.every((m) => anyTakes(index, head, m.m, m.mode))) continue;
    // ("Large pepperoni. Medium veggie supreme": another size is another item.)
    if (q.mods.some((m) => m.mode === 'with' && restatesChoice(index, p, m.m))) continue;
    q.mods.unshift(...p.mods);
    q.from = p.from;
    out.splice(k, 1);
  }
  return out;
}

/** A second item mention in a phrase: the same item named twice ("pizza margherita"), or a bundle's pick. */
function absorbs(
  index: MenuIndex,
  p: Phrase,
  u: Mention,
  words: string[],
  before: Phrase | undefined,
): boolean | 'previous' {
  const head = p.head as Mention;
  const between = words.slice(head.at + head.len, u.at);
  const adjacent = between.every((w) => FILLER.has(w) && !isAnd(w) && !/^[^a-z0-9]$/.test(w));
  const headIds = candidatesOf(index, head).map((r) => r.item.id);
  const uIds = candidatesOf(index, u).map((r) => r.item.id);
  const bundle = candidatesOf(index, head).find((r) => r.kind === 'bundle');
  if (
    bundle?.kind === 'bundle' &&
    uIds.some((id) => bundle.item.lines.some((l) => l.choices.some((c) => c.productId === id)))
  ) {
    // "a meat lovers pizza": the pick named again by its category's word.
    const lastPick = p.picks[p.picks.length - 1];
    if (lastPick && words.slice(lastPick.at + lastPick.len, u.at).every((w) => FILLER.has(w) && !isAnd(w))) {
      const named = new Set(candidatesOf(index, lastPick).map((r) => r.item.id));
      if (u.generic.some((id) => named.has(id))) return true;
    }
    // "…, and an extra can of sprite": the lines that offer it are full; another item, not a pick.
    const lines = bundle.item.lines.filter((l) => l.choices.some((c) => uIds.includes(c.productId)));
    const taken = p.picks.filter((m) => {
      const best = candidatesOf(index, m)[0];
      return best && lines.some((l) => l.choices.some((c) => c.productId === best.item.id));
    }).length;
    const room = lines.reduce((n, l) => n + l.maxChoices, 0) * (p.quantity ?? 1);
    if (taken >= room && u.items.some((s) => s.score >= 0.99)) return false;
    // "… with bbq wings": the word right before the pick that the pick takes is the pick's own.
    const last = p.mods[p.mods.length - 1];
    if (last && last.m.at + last.m.len === u.at && anyTakes(index, u, last.m, last.mode)) p.mods.pop();
    p.picks.push(u);
    return true;
  }
  if (!adjacent) return false;
  const uBundle = candidatesOf(index, u).find((r) => r.kind === 'bundle');
  if (
    uBundle?.kind === 'bundle' &&
    headIds.some((id) => uBundle.item.lines.some((l) => l.choices.some((c) => c.productId === id)))
  ) {
    // "pizza soda deal": a category's word before the deal's describes which deal; it picks nothing.
    const described = head.generic.length > 0 ? describedBundle(index, u, [head]) : null;
    if (described) {
      // …and the category's word before that one ("pizza soda deal"), when nothing stands between.
      const prevHead = before?.head;
      const bare =
        before &&
        prevHead &&
        prevHead.generic.length > 0 &&
        before.mods.length + before.picks.length === 0 &&
        !before.dish &&
        words.slice(prevHead.at + prevHead.len, head.at).every((w) => FILLER.has(w) && !/^[^a-z0-9+&]$/.test(w));
      const longer = bare ? describedBundle(index, u, [prevHead, head]) : null;
      p.head = longer ?? described;
      return longer ? 'previous' : true;
    }
    // "a cheeseburger combo": the bundle, with the product as its pick.
    p.picks.push(head);
    p.head = u;
    return true;
  }
  // "chicken burger": two words each several items share, meaning the items both name.
  const both = headIds.filter((id) => uIds.includes(id));
  if (both.length > 0 && head.items.every((s) => s.score < 0.99) && u.items.every((s) => s.score < 0.99)) {
    p.head = { ...head, len: u.at + u.len - head.at, items: [], generic: both, words: [...head.words, ...u.words] };
    return true;
  }
  // "veggie pizza": a part of one name, then the category's word.
  if (head.items.length > 0 && head.items.every((s) => uIds.includes(s.id)) && head.generic.length === 0) return true;
  // "pizza hawaii": after a category's word, a dish of it named in part is that dish.
  const exact = u.items.filter((s) => s.score >= 0.99).map((s) => s.id);
  const ofCategory = u.items.length === 1 && head.words.every((w) => GENERIC_CONCEPTS.has(w));
  const uSpecific = exact.length > 0 || !ofCategory ? exact : [u.items[0].id];
  const headSpecific = head.items.filter((s) => s.score >= 0.99).map((s) => s.id);
  if (
    uSpecific.length > 0 &&
    uSpecific.every((id) => headIds.includes(id)) &&
    !headSpecific.every((id) => uSpecific.includes(id))
  ) {
    p.head = u;
    return true;
  }
  if (headIds.length > 0 && (uIds.includes(headSpecific[0] ?? '') || headSpecific.some((id) => uIds.includes(id))))
    return true;
  // "diet pepsi" with no Diet Pepsi on the menu: "diet" alone half-named something else.
  if (head.items.every((s) => s.score < 0.99) && head.generic.length === 0) {
    p.loose.push(...head.words);
    p.head = u;
    return true;
  }
  return false;
}

/** The bundles a deal's word may mean that offer something of each describing word, those whose lines the
 * description covers best ("pizza soda deal": the pizza and soda deal before the one with wings too). */
function describedBundle(index: MenuIndex, deal: Mention, described: Mention[]): Mention | null {
  const offers = (l: { choices: { productId: string }[] }, m: Mention) => {
    const ids = new Set(candidatesOf(index, m).map((r) => r.item.id));
    return l.choices.some((c) => ids.has(c.productId));
  };
  const scored = candidatesOf(index, deal)
    .filter((r) => r.kind === 'bundle')
    .map((r) => {
      const lines = (r.item as { lines: { choices: { productId: string }[] }[] }).lines;
      const everyOffered = described.every((m) => lines.some((l) => offers(l, m)));
      const covered = lines.filter((l) => described.some((m) => offers(l, m))).length;
      return { id: r.item.id, share: everyOffered ? covered / lines.length : 0 };
    })
    .filter((x) => x.share > 0);
  if (scored.length === 0) return null;
  const best = Math.max(...scored.map((x) => x.share));
  const first = described[0];
  return {
    ...deal,
    at: first.at,
    len: deal.at + deal.len - first.at,
    words: [...described.flatMap((m) => m.words), ...deal.words],
    items: scored.filter((x) => x.share === best).map((x) => ({ id: x.id, score: 1 })),
    generic: [],
  };
}

/** An item follows, itself or as what a container holds ("can of sprite"); not "extra patties on my burger". */
function isItemAhead(units: Unit[], isItem: boolean[], words: string[], i: number): boolean {
  const u = units[i + 1];
  if (u?.kind !== 'mention') return false;
  if (isItem[i + 1]) return true;
  const after = units[i + 2];
  return words[u.at + u.len] === 'of' && after?.kind === 'word' && units[i + 3]?.kind === 'mention' && isItem[i + 3];
}
