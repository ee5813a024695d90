/**
 * The mentions in a message (./phrases.ts): one read as an item heads the phrase open, or opens another (and
 * takes the modifiers just before it that it takes); one read as a modifier joins the open phrase in the
 * mode the cues set.
 */

import { GLOSSARY } from '../text/glossary.js';
import { stem } from '../text/normalize.js';
import { absorbs } from './absorb.js';
import { anyTakes, candidatesOf } from './candidates.js';
import type { Mention } from './mentions.js';
import { countedBefore, endedBefore, forPurpose, repeatsChoice, restatesChoice } from './phrase-checks.js';
import { type Grouping, OR, SIZE_WORDS } from './phrase-grouping.js';
import type { Mod, Phrase } from './reading.js';
import { takes } from './senses.js';
import { cueOf } from './tokens.js';

/** Words that open a noun phrase of their own. */
const DETERMINERS = new Set(['the', 'der', 'die', 'das', 'den', 'dem', 'my', 'his', 'her', 'mein', 'meine', 'meinen']);

/** Reads the mention `u`, the `i`th unit, as an item. */
export function onItem(g: Grouping, u: Mention, i: number, end: number): void {
  const { index, units, words, out, open } = g;
  const c = (g.cur ?? open(null, u.at)) as Phrase;
  g.forAll = false;
  if (!c.head && c.dish && candidatesOf(index, u).some((r) => r.item.id === c.dish)) {
    // "23. Pad Thai": the number and the name of one dish.
    c.head = u;
    c.dish = null;
  } else if (!c.head && !c.dish && countedBefore(units, c, u)) {
    // "3 2 liters, coke sprite and diet coke": the counted container, then what it holds (../order.ts).
    open(null, u.at).head = u;
    g.mode = 'with';
    g.lastCue = -2;
  } else if (!c.head && !c.dish && !c.pronoun && !endedBefore(index, units, c, u)) {
    // (Not after "the pepperoni one": "… and the hawaiian medium" is another item.)
    c.head = u;
    g.mode = 'with';
    g.lastCue = -2;
  } else if (!c.head && !c.dish) {
    // "…, one sausage and green pepper. Also a 2 liter sprite": the words before the stop were not
    // said of the sprite; those after it were.
    const stop = units.findLastIndex((x, k) => k < i && x.kind === 'sep');
    const moved = c.mods.filter((m) => units.indexOf(m.m) > stop);
    c.mods = c.mods.filter((m) => units.indexOf(m.m) < stop);
    const p = open(null, moved[0]?.m.at ?? u.at);
    p.head = u;
    p.mods.push(...moved);
    g.mode = 'with';
    g.lastCue = -2;
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
    // The items of the phrase before: its head's, or the dish its number named ("23 chicken, 14 beef rice").
    const dishRef = c.dish ? index.ref(c.dish) : null;
    const before = c.head ? candidatesOf(index, c.head) : dishRef ? [dishRef] : [];
    // "… with ham and large coke": modifiers right before the new head that it takes are its own.
    const moved: Mod[] = [];
    while (c.mods.length > 0) {
      const last = c.mods[c.mods.length - 1];
      // "hold the onions and pickles plus large fries": "large" is the fries', not left off the burger;
      // "Bolognese überbacken und Penne": before "and" it stays the dish before's.
      // ("no pickles with large fries": right after "with", what the item before cannot take moves too.)
      const own = last.mode === 'with' && !before.some((r) => takes(index, r, last.m.words, 'with') !== null);
      if (
        (last.direct && !own) ||
        (last.mode !== 'with' && last.mode !== 'without') ||
        !anyTakes(index, u, last.m, 'with')
      )
        break;
      const kept = last.mode === 'without' ? before : [];
      if (kept.some((r) => takes(index, r, last.m.words, 'without')?.kind === 'ingredient')) break;
      // (Past what moved already: "large cheese pizza".)
      if (units.slice(units.indexOf(last.m) + 1, i).some((x) => x.kind !== 'word' && !moved.some((mv) => mv.m === x)))
        break;
      // ("…, the green one mild the red one hot": past "the", a new noun begins; what came before is not its.)
      if (units.slice(units.indexOf(last.m) + 1, i).some((x) => x.kind === 'word' && DETERMINERS.has(x.w))) break;
      last.mode = 'with';
      moved.unshift(c.mods.pop() as Mod);
    }
    p.mods.push(...moved);
    p.from = moved[0]?.m.at ?? u.at;
  }
  (g.cur as Phrase).to = end;
  return;
}

/** Reads the mention `u`, the `i`th unit, as a modifier of the phrase open. */
export function onModifier(g: Grouping, u: Mention, i: number, end: number): void {
  const { index, units, words, out, open } = g;
  // "5 large pizzas for a party": what it is for, not a second size.
  const c0 = g.cur as Phrase | null;
  const said = c0?.head ? c0 : c0 && !c0.dish ? out.findLast((q) => q.head !== null) : undefined;
  if (said && forPurpose(units, words, u.at) && repeatsChoice(index, said, u)) return;
  let c = (g.cur ?? open(null, g.lastCue === i - 1 ? (units[g.lastCue] as { at: number }).at : u.at, false)) as Phrase;
  // "garlic knots x2, large pepperoni": after a comma or "and", a size the item before cannot take
  // begins another (its item is found from what is said of it).
  const sep = units[i - 1];
  if (
    c.head &&
    sep?.kind === 'sep' &&
    g.mode === 'with' &&
    u.items.length === 0 &&
    u.words.length === 1 &&
    SIZE_WORDS.has(u.words[0]) &&
    candidatesOf(index, c.head).every((r) => r.kind === 'product') &&
    !anyTakes(index, c.head, u, 'with') &&
    !anyTakes(index, c.head, u, 'extra')
  )
    c = open(null, u.at, false) as Phrase;
  // "personal hawaiian personal pepperoni": a second size for the same item starts another item.
  // "large pepperoni, large sausage", "sm pep, med sausage": without an item named, the same.
  // ("a garden salad with ranch actually balsamic", "a medium no sorry a large": said as a correction, the
  // choice replaces the one before; apply keeps the last of a single-choice group.)
  const corrected = /^(actually|sorry|rather|mean|meant)$/.test(words[u.at - 1] ?? '');
  const again = corrected ? false : c.head ? repeatsChoice(index, c, u) : !c.dish && restatesChoice(index, c, u);
  // ("…, no pepperoni, large cheese": the size ends the list under "no" too.)
  if (again && (g.mode === 'with' || (g.mode === 'without' && g.lastCue !== i - 1))) c = open(null, u.at) as Phrase;
  // "no whipped cream, extra shot": a name that begins with its own cue ends the list under "no".
  const own = cueOf(words[u.at]);
  if (g.mode === 'without' && own && own !== 'without') g.mode = 'with';
  // "statt Schinken bitte Salami", "instead of ham, bacon": what follows the one replaced is had instead.
  const cueAt = units.findLastIndex((x, k) => k < i && x.kind === 'cue');
  const cue = units[cueAt];
  if (
    g.mode === 'without' &&
    cue?.kind === 'cue' &&
    /^(statt|anstatt|instead)$/.test(words[cue.at]) &&
    units.slice(cueAt + 1, i).some((x) => x.kind === 'mention')
  )
    g.mode = 'with';
  // "2 diet cokes and a ginger ale, cans": a plural after a comma, said of one item, is said of them all.
  const lastWord = words[u.at + u.len - 1] ?? '';
  const sepBefore = units[i - 1];
  // ("two cokes and two diet cokes in cans": after "in", too.)
  const inPlural = /^(in|im)$/.test(words[u.at - 1] ?? '') && g.mode === 'with';
  const pluralAll =
    ((sepBefore?.kind === 'sep' && sepBefore.sep === 'punct' && (c.quantity ?? 1) === 1) || inPlural) &&
    // (A plural: "cans", "Dosen"; "chicken" only looks like a German one.)
    stem(lastWord) !== lastWord &&
    GLOSSARY[lastWord] !== lastWord &&
    out.some((q) => q.head !== null);
  // ("with no cheese and olives": the "no" was said inside a list of what to add.)
  const before = units.findLastIndex((x, k) => k < cueAt && x.kind === 'cue');
  const withList = units[before]?.kind === 'cue' && (units[before] as { cue: string }).cue === 'with';
  const resumesWith =
    g.mode === 'without' && g.lastCue !== i - 1 && cueAt >= 0 && withList && units[before].at >= c.from;
  c.mods.push({
    m: u,
    mode: g.mode,
    quantity: g.modQuantity,
    counted: g.counted,
    all: g.forAll || pluralAll,
    direct: g.lastCue === i - 1,
    ...(resumesWith ? { resumesWith } : {}),
  });
  g.modQuantity = 1;
  g.counted = false;
  if (g.mode === 'extra' || g.mode === 'light' || g.mode === 'noextra') g.mode = 'with';
  if (g.lastCue === i - 1) g.lastCue = i;
  c.to = end;
}
