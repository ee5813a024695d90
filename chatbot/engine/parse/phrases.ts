/**
 * The second reading: the units of a message (./mentions.ts) grouped into phrases, one per item the
 * customer orders. A quantity opens a phrase; a mention that names an item is its head; the modifier
 * mentions around it (before: "a large thin crust ham pizza"; after: "a pizza, large, with ham") are its
 * modifiers, each in the mode its cue set ("no", "extra", "a little"). A word that could be an item or a
 * modifier ("pepper": Dr Pepper or the topping) is a modifier when an item next to it takes it.
 */
import type { Lexicon } from '../menu/lexicon.js';
import type { MenuIndex } from '../menu/match.js';
import { anyTakes } from './candidates.js';
import { lackedNames } from './lacked.js';
import type { Unit } from './mentions.js';
import { restatesChoice } from './phrase-checks.js';
import { grouping } from './phrase-grouping.js';
import { onItem, onModifier } from './phrase-items.js';
import { onQuantity } from './phrase-quantity.js';
import { onCue, onWord } from './phrase-words.js';
import type { Phrase } from './reading.js';
import { roles } from './roles.js';
import type { Tok } from './tokens.js';

/** Groups the units into phrases. */
export function phrasesOf(index: MenuIndex, lex: Lexicon, said: Unit[], toks: Tok[]): Phrase[] {
  const words = toks.map((t) => t.w);
  const units = lackedNames(index, said, words);
  const isItem = roles(index, units, words);
  const g = grouping(index, lex, units, toks, words, isItem);
  units.forEach((u, i) => {
    const end = u.kind === 'mention' ? u.at + u.len : u.kind === 'qty' ? u.at + u.len : u.at + 1;
    if (u.kind === 'qty') onQuantity(g, u, i, end);
    else if (u.kind === 'cue') onCue(g, u, i, end);
    else if (u.kind === 'sep') {
      if (u.sep === 'punct') g.forAll = false;
    } else if (u.kind === 'word') onWord(g, u, i, end);
    else if (isItem[i]) onItem(g, u, i, end);
    else onModifier(g, u, i, end);
  });
  if (g.cur) g.out.push(g.cur);
  return joined(index, words, g.out);
}

/** Phrases that say something of another: the modifiers move to the phrase of the item they are said of. */
function joined(index: MenuIndex, words: string[], out: Phrase[]): Phrase[] {
  // "two 20oz bottles of coke and one of diet coke": "one of" says the same of another item.
  for (let k = 1; k < out.length; k++) {
    const [p, q] = [out[k - 1], out[k]];
    if (!p.head || !q.head || q.quantity === null || q.mods.length > 0 || words[q.from + 1] !== 'of') continue;
    const head = q.head;
    q.mods.push(...p.mods.filter((m) => m.mode === 'with' && anyTakes(index, head, m.m, 'with')));
  }
  // "…, 1x 42, no wasabi on the nigiri": what is said after a comma, before "on the" and an item, is that
  // item's, not the one before the comma's.
  for (let k = 1; k < out.length; k++) {
    const [p, q] = [out[k - 1], out[k]];
    const head = q.head;
    if (!head || q.quantity !== null || !/^(the|der|die|das|den|dem)$/.test(words[head.at - 1] ?? '')) continue;
    if (!/^(on|in|auf|im|for)$/.test(words[head.at - 2] ?? '')) continue;
    const comma = words.slice(0, head.at).findLastIndex((w) => /^[,;.!?]$/.test(w));
    const moved = p.mods.filter((m) => m.m.at > comma && m.m.at > (p.head?.at ?? p.from));
    if (comma < p.from || moved.length === 0 || !moved.every((m) => anyTakes(index, head, m.m, m.mode))) continue;
    p.mods = p.mods.filter((m) => !moved.includes(m));
    q.mods.unshift(...moved);
  }
  // "lots of cheese on a large pizza": modifiers said before the item's own phrase are its.
  // ("extra cheese on a large pepperoni": "on" an item the modifiers after it name.)
  for (let k = out.length - 2; k >= 0; k--) {
    const [p, q] = [out[k], out[k + 1]];
    if (p.head || p.dish || p.quantity !== null || p.mods.length === 0 || p.pronoun) continue;
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
