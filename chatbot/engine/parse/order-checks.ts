/**
 * Smaller judgements of ./order.ts about one phrase against the line before: a word the menu does not know
 * where the phrase's noun goes, a size said after an item with an article, a deal that offers what is named.
 */
import type { Lexicon } from '../menu/lexicon.js';
import type { ItemRef, MenuIndex } from '../menu/match.js';
import { isSingle, type ParsedLine, type Reading } from './lines.js';
import type { Mention, Mod, Phrase } from './reading.js';
import { takes } from './senses.js';
import { cueOf, FILLER, type Tok } from './tokens.js';

/** A deal that offers an item the mention names. */
export const offers = (ref: ItemRef, m: Mention) =>
  ref.kind === 'bundle' &&
  ref.item.lines.some((l) => l.choices.some((c) => [...m.items.map((x) => x.id), ...m.generic].includes(c.productId)));

/** The token is a word the menu does not know (no filler, cue or number). */
const strange = (lex: Lexicon, t: Tok | undefined) =>
  t !== undefined &&
  !t.sep &&
  !FILLER.has(t.w) &&
  !cueOf(t.w) &&
  !/^\d/.test(t.w) &&
  t.w.length >= 3 &&
  !lex.knows(t.c);

/** What follows ends the noun: nothing, a separator or "with". */
const endsNoun = (t: Tok | undefined) => t === undefined || t.sep !== null || cueOf(t.w) === 'with';

/**
 * A word the menu does not know stands where the phrase's noun would be: right after its last modifier
 * ("a large lemonade"), or after one and before "with" ("a large calzone with ham").
 */
export function namesUnknown(index: MenuIndex, lex: Lexicon, toks: Tok[], p: Phrase): boolean {
  const end = Math.max(...p.mods.map((m) => m.m.at + m.m.len));
  if (end <= p.to && strange(lex, toks[end])) return true;
  // (After a size only: "artichoke hearts", "roasted red peppers" are toppings said with more words.)
  const size = (m: Mod) =>
    m.m.mods.length > 0 && m.m.mods.every((e) => e.kind === 'option' && isSingle(index, e.groupId));
  return p.mods.some((m) => {
    const at = m.m.at + m.m.len;
    const next = toks[at + 1];
    return m.mode === 'with' && size(m) && at < p.to && strange(lex, toks[at]) && next !== undefined && endsNoun(next);
  });
}

/**
 * "A Pizza Funghi mit Schinken, a kloane", "a coke, a large": after a comma, an article and only a choice
 * the one item before has not made yet (its size) say that choice of it, not another item.
 */
export function sizeAfter(r: Reading, line: ParsedLine, p: Phrase): boolean {
  if (line.quantity !== 1 || p.quantity !== 1 || p.head || p.dish || p.afterAnd) return false;
  if (r.raw[p.from - 1] !== ',' || !['a', 'an', 'ein', 'eine', 'einen'].includes(r.raw[p.from])) return false;
  const choice = (m: Mod) => {
    const e = m.mode === 'with' ? takes(r.index, line.ref, m.m.words, m.mode) : null;
    return (
      e?.kind === 'option' && isSingle(r.index, e.groupId) && !line.mods.options.some((o) => o.groupId === e.groupId)
    );
  };
  // ("…, a große, mit scharfe Peperoni und ohne Käs": once the choice is said right after the article, what
  // follows is said of the same item, when it takes it.)
  const [first, ...rest] = p.mods;
  if (first === undefined || first.m.at !== p.from + 1 || !choice(first))
    return p.unknown.length === 0 && p.mods.every(choice);
  return rest.every((m) => choice(m) || takes(r.index, line.ref, m.m.words, m.mode) !== null);
}

/** The count said is pieces: in digits ("12 wings") or as "a dozen". */
export const pieces = (raw: string[], p: Phrase, n: number | null) =>
  p.count === null &&
  n !== null &&
  n >= 4 &&
  (/^\d+$/.test(raw[p.from] ?? '') || raw.slice(p.from, p.from + 2).includes('dozen'));

/** A group of dips or sauces on the side ("Dipping Sauces"). */
export const isDip = (index: MenuIndex, groupId: string) =>
  /\b(dips?|dipping|sauces?|sossen?|soßen?)\b/i.test(index.menu.groups.find((g) => g.id === groupId)?.name ?? '');

/**
 * "a large veggie supreme, one large pepperoni": after a comma, one more item named by its toppings (said
 * before any "with"), not one more of the item before — "…, one with extra cheese" is one more of it.
 */
export function namedAfterComma(r: Reading, p: Phrase, before: ItemRef): boolean {
  if (r.raw[p.from - 1] !== ',') return false;
  const cut = r.raw.findIndex((w, k) => k > p.from && k <= p.to && /^(with|w|mit|,)$/.test(w));
  return p.mods.some((m) => {
    if (cut >= 0 && m.m.at > cut) return false;
    const e = takes(r.index, before, m.m.words, m.mode);
    return !(e?.kind === 'option' && isSingle(r.index, e.groupId));
  });
}
