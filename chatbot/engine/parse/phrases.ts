/**
 * The second reading: the units of a message (./mentions.ts) grouped into phrases, one per item the
 * customer orders. A quantity opens a phrase; a mention that names an item is its head; the modifier
 * mentions around it (before: "a large thin crust ham pizza"; after: "a pizza, large, with ham") are its
 * modifiers, each in the mode its cue set ("no", "extra", "a little"). A word that could be an item or a
 * modifier ("pepper": Dr Pepper or the topping) is a modifier when an item next to it takes it.
 */
import type { Lexicon } from '../menu/lexicon.js';
import { type MenuIndex, nameTokens } from '../menu/match.js';
import { stem } from '../text/normalize.js';
import { absorbs } from './absorb.js';
import { anyTakes, candidatesOf } from './candidates.js';
import type { Mention, Unit } from './mentions.js';
import {
  countedBefore,
  countIn,
  endedBefore,
  forPurpose,
  isItemAhead,
  next,
  repeatsChoice,
  restatesChoice,
} from './phrase-checks.js';
import type { Mod, Mode, Phrase } from './reading.js';
import { roles } from './roles.js';
import { takes } from './senses.js';
import { cueOf, POUR, type Tok } from './tokens.js';

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
