/**
 * Cues and loose words in a message (./phrases.ts): a cue sets the mode of the modifiers after it ("no",
 * "extra", "a little"); "the other", "both", "each" open or widen a phrase; any other word is kept as said
 * of the phrase open.
 */

import type { Unit } from './mentions.js';
import { isItemAhead, next } from './phrase-checks.js';
import { ALL, DOUBLE, type Grouping, OTHER } from './phrase-grouping.js';
import type { Mod, Phrase } from './reading.js';
import { correctionAt } from './tokens.js';

/** Reads the cue `u`, the `i`th unit, ending at token `end`. */
export function onCue(g: Grouping, u: Extract<Unit, { kind: 'cue' }>, i: number, end: number): void {
  const { units, words, isItem } = g;
  const before = units[i - 1];
  // "an extra can of sprite", "one more coke": one more item, not more of a modifier.
  if (u.cue === 'extra' && before?.kind === 'qty' && isItemAhead(units, isItem, words, i)) return;
  // "mit Knoblauch extra", "Käse extra": after the modifier, at the end of what is said of it.
  const ahead = next(units, i);
  const last = (g.cur as Phrase | null)?.mods.at(-1);
  const after = before?.kind === 'mention' && last?.m === before && last.mode === 'with';
  if (u.cue === 'extra' && after && (!ahead || ahead.kind === 'sep')) {
    (last as Mod).mode = 'extra';
    return;
  }
  const extraBefore = before?.kind === 'cue' && before.cue === 'extra' && g.mode === 'extra';
  if (u.cue === 'without') g.mode = 'without';
  else if (u.cue === 'extra') g.mode = before?.kind === 'cue' && before.cue === 'without' ? 'noextra' : 'extra';
  else if (u.cue === 'light') g.mode = 'light';
  // "loaded with cheese", "extra with": the "with" after an extra keeps it.
  else if (!extraBefore) g.mode = 'with';
  g.modQuantity = DOUBLE[words[u.at]] ?? g.modQuantity;
  // "extra extra cheese": two of the extra.
  if (u.cue === 'extra' && extraBefore && !DOUBLE[words[u.at]]) {
    g.modQuantity = 2;
    g.counted = true;
  }
  g.lastCue = i;
  if (g.cur) g.cur.to = end;
  return;
}

/** Reads the word `u`, the `i`th unit, ending at token `end`. */
export function onWord(g: Grouping, u: Extract<Unit, { kind: 'word' }>, i: number, end: number): void {
  const { units, toks, words, isItem, open } = g;
  // "2 large pies, one with pepperoni and the other with sausage": another one of them.
  if (OTHER.has(u.w) && (g.cur as Phrase | null)?.quantity != null) {
    open(1, u.at).to = end;
    return;
  }
  // "a large pizza with pepperoni. actually no, make it sausage instead": a correction says its own
  // phrase, of the line before (parse/order.ts), even with no article to open it.
  if (g.cur && (g.cur.head || g.cur.dish) && correctionAt(words, u.at)) open(null, u.at);
  if (ALL.has(u.w)) {
    const c = g.cur as Phrase | null;
    // ("alle drei groß", "all three large": past the count of them.)
    const first = next(units, i);
    const ahead = first?.kind === 'qty' ? next(units, units.indexOf(first)) : first;
    const retro = !(ahead?.kind === 'mention' && !isItem[units.indexOf(ahead)]) && ahead?.kind !== 'cue';
    // "with ham each" is said of each as it is; "each with extra cheese" says it of every line.
    if (u.w === 'each' && retro) return;
    // ("pepperoni on both and extra cheese on one": said of both after what it closes, not before what follows.)
    g.forAll = !retro;
    // "extra basil on both": what was just said, since the last comma, is said of both ("both mild"
    // says it of what follows).
    for (let k = retro ? (c?.mods.length ?? 0) - 1 : -1; k >= 0; k--) {
      const m = (c as Phrase).mods[k];
      if (units.slice(units.indexOf(m.m), i).some((x) => (x.kind === 'sep' && x.sep === 'punct') || x.kind === 'qty'))
        break;
      m.all = true;
    }
  }
  // "1,0 l Cola", "Pizza Salami und 0,33 Cola": a volume at the start or after "and" or a comma, where an
  // item was named, opens the next item's phrase.
  // (Only before an item: "2 Flaschen Cola (1 Liter)" says the volume of the cola.)
  const sepBefore = units[i - 1]?.kind === 'sep';
  let k = i + 1;
  while (units[k]?.kind === 'word') k++;
  const itemNext = units[k]?.kind === 'mention' && isItem[k];
  if (/^\d/.test(u.w) && itemNext && (!g.cur || (sepBefore && (g.cur.head || g.cur.dish)))) open(null, u.at, false);
  if (!g.cur) return;
  if (!u.filler) {
    g.cur.loose.push(toks[u.at].c);
    if (i > g.lastCue && g.lastCue >= 0 && g.mode !== 'noextra' && u.w.length > 2 && !/^\d/.test(u.w)) {
      g.cur.unknown.push(u.w);
    }
  }
  if (i - 1 === g.lastCue) g.lastCue = i;
  g.cur.to = end;
  return;
}
