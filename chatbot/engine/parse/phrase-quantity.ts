/**
 * A number in a message (./phrases.ts), read in its place: how many of the next item (it opens a phrase),
 * a dish by its menu number ("Nr. 14"), how many of a modifier ("extra patty x2", "two pumps of caramel"),
 * the count an item is sold in ("6 piece garlic knots", "2 dozen"), a size ("Salami 32"), or an article
 * that opens nothing ("with an extra shot").
 */
import { nameTokens } from '../menu/match.js';
import { anyTakes, candidatesOf } from './candidates.js';
import { countOption } from './lines.js';
import type { Mention, Unit } from './mentions.js';
import { canBeMore, countIn, next, onStyle } from './phrase-checks.js';
import { ARTICLE, type Grouping, OTHER, SIZE_WORDS } from './phrase-grouping.js';
import type { Phrase } from './reading.js';
import { takes } from './senses.js';
import { POUR } from './tokens.js';

/** Reads the quantity `u`, the `i`th unit, ending at token `end`. */
export function onQuantity(g: Grouping, u: Extract<Unit, { kind: 'qty' }>, i: number, end: number): void {
  const { index, lex, units, words, isItem, open } = g;
  const after = next(units, i);
  const dish = lex.numbers.get(u.value);
  const digits = /^\d+$/.test(words[u.at]);
  // "chicken satay 2 portions", "Pad Thai 2 Portionen": how many of the item just named.
  // (Not "… and 2 orders of breadsticks": those count what follows.)
  const portions =
    /^(portions?|portionen|orders?|servings?|times|mal)$/.test(words[u.at + u.len] ?? '') &&
    !/^(of|von)$/.test(words[u.at + u.len + 1] ?? '');
  const open0 = g.cur as Phrase | null;
  if (portions && (open0?.head || open0?.dish) && open0.quantity === null) {
    open0.quantity = u.value;
    open0.to = end + 1;
    return;
  }
  // "alle drei groß", "all three large": how many "all" are, not more of them.
  if (/^(all|alle|allen|beide)$/.test(words[u.at - 1] ?? '')) return;
  // "for tonight around 7", "um 19 Uhr": a time, not how many.
  if (/^(around|at|by|um|gegen|ab)$/.test(words[u.at - 1] ?? '') && digits && u.value <= 24) return;
  // "tiramisu and panna cotta, two of each", "cucumber and salmon maki, 2 each": the quantity of every
  // line (./order-after.ts reads it), never a dish by its number.
  const w1 = words[u.at + u.len];
  const ofEach =
    (w1 === 'of' && words[u.at + u.len + 1] === 'each') ||
    w1 === 'each' ||
    w1 === 'apiece' ||
    (w1 === 'von' && /^jede[mnrs]?$/.test(words[u.at + u.len + 1] ?? ''));
  if (ofEach) return;
  // "a 23", "Nr. 14", "23 with chicken": a dish by its number; "23 pad thai": the number of that dish.
  if (dish && digits && u.len === 1 && !portions) {
    const before = units[i - 1];
    // ("2 gyoza and a miso soup" of "2. Gyoza": a small number before the dish's name counts it, as
    // people count starters; "23 pad thai" is the dish's number.)
    const counts = u.value <= 5 && words[u.at + 1] !== '.' && !/^(nr|number|nummer|no)$/.test(words[u.at - 1] ?? '');
    const named = after?.kind === 'mention' && after.items.some((s) => s.id === dish) && !counts;
    const nothingNamed = !(after?.kind === 'mention' && (after.items.length || after.generic.length));
    const afterArticle = before?.kind === 'word' && before.filler && units[i - 2]?.kind === 'qty';
    if (named || nothingNamed || before?.kind === 'qty' || afterArticle) {
      // "Zweimal die 25": the quantity said before, past an article.
      let b = i - 1;
      while (units[b]?.kind === 'word' && (units[b] as { filler: boolean }).filler) b--;
      const counted = units[b]?.kind === 'qty' && g.cur && !g.cur.head && !g.cur.dish;
      const p: Phrase = counted ? (g.cur as Phrase) : open(null, u.at);
      p.dish = dish;
      p.to = end;
      if (named && after?.kind === 'mention') after.items = after.items.filter((s) => s.id === dish);
      return;
    }
  }
  const c = g.cur as Phrase | null;
  // "a chocolate shake and a strawberry one", "the large one": "one" after a modifier stands for the item
  // (./order.ts reads the phrase as another of the item before); it counts nothing.
  const modBefore = units[i - 1];
  if (
    words[u.at] === 'one' &&
    modBefore?.kind === 'mention' &&
    !isItem[i - 1] &&
    modBefore.at + modBefore.len === u.at &&
    c &&
    !c.head &&
    // (After an article only: in "one with sausage one with bacon" each "one" is one of them, and so in
    // "a couple of 2 liters one coke one sprite".)
    (c.quantity ?? 1) === 1 &&
    (/^(a|an|the|another)$/.test(words[c.from] ?? '') || /^(the|that|this)$/.test(words[c.from - 1] ?? ''))
  ) {
    c.to = end;
    c.pronoun = true;
    return;
  }
  // "the bbq one in a large", "eine Margherita in einer großen": "in a" says the size of the item named.
  if (
    ARTICLE.has(words[u.at]) &&
    u.value === 1 &&
    c &&
    ((/^(in|as|als)$/.test(words[u.at - 1] ?? '') && (c.head || c.dish)) || onStyle(units, words, isItem, c, i, u.at))
  ) {
    c.to = end;
    return;
  }
  // "a combo with a cheeseburger and a sprite": an article before one of the bundle's picks.
  const bundle = c?.head ? candidatesOf(index, c.head).find((r) => r.kind === 'bundle') : undefined;
  if (bundle?.kind === 'bundle') {
    const offered = bundle.item.lines.flatMap((l) => l.choices.map((x) => x.productId));
    // Past the pick's own modifiers: "… and a chocolate shake".
    let k = i + 1;
    while (units[k] && (units[k].kind === 'word' || (units[k].kind === 'mention' && !isItem[k]))) k++;
    const item = units[k];
    const picks = item?.kind === 'mention' ? candidatesOf(index, item).filter((r) => offered.includes(r.item.id)) : [];
    // "with the 9 nuggets": a count the pick's own name holds is no quantity either.
    const counted = picks.some((r) => nameTokens(r.item.name).includes(String(u.value)) || /\b\d+\b/.test(r.item.name));
    if (picks.length > 0 && (u.value === 1 || counted)) return;
  }
  // "extra patty x2", "with ranch x2": how many of the modifier just said.
  const prev = units[i - 1];
  const lastMod = c?.mods[c.mods.length - 1];
  // ("Panna Cotta zweimal", "Cola 2 mal": "-mal" counts too, unless an item follows: "und zweimal Tiramisu".)
  const itemNext = after?.kind === 'mention' && isItem[units.indexOf(after)];
  const mal = /^[a-z]+mal$/.test(words[u.at]) || words[u.at + u.len - 1] === 'mal';
  // ("…, 14 beef rice, 2x spring rolls": "2x" before an item's name counts that item.)
  const times = /^x\d+$/.test(words[u.at]) || (/^\d+x$/.test(words[u.at]) && !itemNext) || (mal && !itemNext);
  // …unless that cannot be had more than once ("tofu mild x2", "no coconut cream x2": two of the dish).
  if (times && prev?.kind === 'mention' && !isItem[i - 1] && lastMod?.m === prev && canBeMore(index, c, lastMod)) {
    lastMod.quantity = u.value;
    lastMod.counted = true;
    return;
  }
  // "garlic knots x2", "23 w/ tofu mild x2": how many, after the name (not "mit 2x Karamell").
  const modAfter = after?.kind === 'mention' && !isItem[units.indexOf(after)];
  // ("pizza x2 large pepperoni": "x2" after the name counts it, whatever follows.)
  const suffix = /^x\d+$/.test(words[u.at]);
  // ("large pepperoni x3": after an item said only by its modifiers, too.)
  if (
    c &&
    (c.head || c.dish || (c.mods.length > 0 && suffix)) &&
    c.quantity === null &&
    times &&
    (!modAfter || suffix)
  ) {
    c.quantity = u.value;
    return;
  }
  const countNamed = (head: Mention, n: number) => candidatesOf(index, head).some((r) => countIn(lex, r, n));
  // "6 nuggets x2": the number before was the name's count ("6 Nuggets"), this one how many.
  // (Not "2x Nr. 40 und 1x Nr. 45": a count before the next item is that one's.)
  const nameNext = after?.kind === 'mention' && after.items.length > 0;
  if (
    c?.head &&
    c.quantity !== null &&
    c.count === null &&
    times &&
    !modAfter &&
    !nameNext &&
    countNamed(c.head, c.quantity)
  ) {
    c.count = c.quantity;
    c.quantity = u.value;
    return;
  }
  // "chicken nuggets 9 with ketchup": right after the name, the count one of the items it names is sold in.
  const prevUnit = units[i - 1];
  if (c?.head && prevUnit === c.head && c.count === null && digits && countNamed(c.head, u.value)) {
    const options = candidatesOf(index, c.head).filter((r) => countIn(lex, r, u.value));
    if (options.length === 1 && candidatesOf(index, c.head).length > 1) {
      c.count = u.value;
      c.to = end;
      return;
    }
  }
  // "garlic knots 12 + 2 ranch", "wings 20 honey garlic": right after the name, a count the item is sold
  // in as one of its options (not before another item: "garlic knots 12 wings" counts the wings).
  let past = i + 1;
  while (units[past] && (units[past].kind === 'word' || (units[past].kind === 'mention' && !isItem[past]))) past++;
  // ("an order of wings, 10, bbq": past a comma, too.)
  const afterHead =
    prevUnit === c?.head ||
    (prevUnit?.kind === 'sep' && prevUnit.sep === 'punct' && units[i - 2] === c?.head && digits);
  // ("garlic knots half dozen", "wings, ten pieces": a count said in words, too, as a dozen or in pieces.)
  const inWords =
    words.slice(u.at, u.at + u.len).includes('dozen') || /^(pieces?|pcs?|stuck|stk)$/.test(words[u.at + u.len] ?? '');
  if (
    c?.head &&
    afterHead &&
    c.count === null &&
    (c.quantity ?? 1) === 1 &&
    (digits || inWords) &&
    !(units[past]?.kind === 'mention' && isItem[past])
  ) {
    const refs = candidatesOf(index, c.head);
    if (refs.length > 0 && refs.every((r) => countOption(index, r, u.value) !== null)) {
      c.count = u.value;
      c.to = end;
      return;
    }
  }
  // "Salami 32": a size's number right after the dish.
  // (Not "3 large coke 2 large sprite": a number before an item, past its modifiers, counts that item.)
  let ahead = i + 1;
  while (units[ahead] && (units[ahead].kind === 'word' || (units[ahead].kind === 'mention' && !isItem[ahead]))) ahead++;
  if (c?.head && /^\d+$/.test(words[u.at]) && prev === c.head && !(units[ahead]?.kind === 'mention' && isItem[ahead])) {
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
  // "and cannoli two", "sprite 3": a small number right after a name, ending what is said of it, is how
  // many (a size, a count it is sold in and a dish number were read above).
  const ends = after === undefined || after.kind === 'sep';
  if (c?.head && prev === c.head && c.quantity === null && c.count === null && ends && u.value <= 20 && !dish) {
    c.quantity = u.value;
    c.to = end;
    return;
  }
  // "two pumps of caramel", "with 2 ranch": how many of a modifier the item takes, with no item after it.
  const at = after ? units.indexOf(after) : -1;
  const beyond = at >= 0 ? next(units, at) : undefined;
  const itemAfter = beyond?.kind === 'mention' && isItem[units.indexOf(beyond)];
  // …but "four pizzas, 2 pepperoni and 2 sausage" are two and two pizzas.
  const measured = units[i - 1]?.kind === 'cue' || POUR.has(words[u.at + u.len] ?? '') || words[u.at + u.len] === 'of';
  if (
    c?.head &&
    measured &&
    after?.kind === 'mention' &&
    !isItem[at] &&
    // ("one pump of hazelnut", "a shot of vanilla": a measure word says it is the modifier's, even of one.)
    (u.value > 1 || POUR.has(words[u.at + u.len] ?? '')) &&
    !itemAfter &&
    anyTakes(index, c.head, after, 'with')
  ) {
    g.modQuantity = u.value;
    g.counted = true;
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
    const pronoun = m?.kind === 'mention' && /^ones?$/.test(words[m.at + m.len] ?? '');
    if (m?.kind === 'mention' && !isItem[k] && !headLater && !size && !pronoun && anyTakes(index, c.head, m, 'with')) {
      // "no whipped cream and an extra shot": the article ends the "no".
      g.mode = 'with';
      return;
    }
  }
  // "a little parmesan", "a lot of cheese": the article of a quantity cue, not one more item.
  // (But "and an extra croissant" is one more croissant.)
  const moreOf = after?.kind === 'cue' && after.cue === 'extra' && isItem[units.indexOf(after) + 1];
  if (
    u.value === 1 &&
    ARTICLE.has(words[u.at]) &&
    after?.kind === 'cue' &&
    (after.cue === 'light' || after.cue === 'extra') &&
    !moreOf
  )
    return;
  // "2 extra patties", "zwei extra Käse": how many of the extra that follows.
  if (after?.kind === 'cue' && after.cue === 'extra' && u.value > 1) {
    g.modQuantity = u.value;
    g.counted = true;
    return;
  }
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
    g.skip = after;
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
    g.skip = after;
    return;
  }
  if (u === g.skip) return;
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
  const c1 = g.cur as Phrase | null;
  // (Only "on one" / "auf einer" closing the clause: "for one person" is not one of them.)
  const w2 = words[u.at + u.len];
  // ("2 large pizzas with pepperoni on one and mushrooms on the other": before "and" too; then what
  // follows is said of the rest.)
  const andAfter = w2 === 'and' || w2 === 'und';
  const closes = w2 === undefined || /^[,;.!?]$/.test(w2) || w2 === 'of' || w2 === 'davon' || andAfter;
  if (u.value === 1 && /^(on|auf)$/.test(words[u.at - 1] ?? '') && closes && c1?.head && (c1.quantity ?? 1) > 1) {
    const comma = units.findLastIndex((x, k) => k < i && x.kind === 'sep');
    // (What was said after the name, when it was said in the same clause: "2 large pizzas with pepperoni".)
    const from = Math.max(comma, units.indexOf(c1.head));
    const said = c1.mods.filter((m) => units.indexOf(m.m) > from);
    if (said.length > 0 && said.length < c1.mods.length + 1) {
      c1.mods = c1.mods.filter((m) => !said.includes(m));
      const p = open(1, said[0].m.at);
      p.mods.push(...said);
      p.part = true;
      p.to = end;
      if (andAfter) {
        g.out.push(p);
        g.cur = null;
      }
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
