/**
 * What ./phrases.ts keeps while it walks the units of a message: the phrases so far, the one still open, and
 * what the cues said last (the mode, how many of the next modifier, whether it is said of all). Each kind
 * of unit is read by its own step against it: quantities (./phrase-quantity.ts), cues and loose words
 * (./phrase-words.ts), items and modifiers (./phrase-items.ts).
 */
import type { Lexicon } from '../menu/lexicon.js';
import type { MenuIndex } from '../menu/match.js';
import type { Unit } from './mentions.js';
import type { Mode, Phrase } from './reading.js';
import type { Tok } from './tokens.js';

export const SIZE_WORDS = new Set(['small', 'medium', 'large', 'regular']);
export const OR = new Set(['or', 'oder']);
export const ARTICLE = new Set(['a', 'an', 'ein', 'eine', 'einen', 'einem', 'einer']);
export const OTHER = new Set([
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
export const ALL = new Set(['all', 'both', 'alle', 'beide', 'allen', 'beiden', 'everything', 'each', 'jeweils']);

export const DOUBLE: Record<string, number> = { double: 2, doppelt: 2, doppelte: 2, doppelten: 2, triple: 3 };

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

export interface Grouping {
  index: MenuIndex;
  lex: Lexicon;
  units: Unit[];
  toks: Tok[];
  words: string[];
  /** Which units are read as items (./roles.ts). */
  isItem: boolean[];
  /** The phrases closed so far. */
  out: Phrase[];
  /** The phrase still open. */
  cur: Phrase | null;
  mode: Mode;
  modQuantity: number;
  counted: boolean;
  forAll: boolean;
  lastCue: number;
  /** A unit already read with the one before it ("2 dozen"). */
  skip: Unit | null;
  /** Closes the open phrase and opens another. */
  open: (quantity: number | null, at: number, fresh?: boolean) => Phrase;
}

export function grouping(
  index: MenuIndex,
  lex: Lexicon,
  units: Unit[],
  toks: Tok[],
  words: string[],
  isItem: boolean[],
): Grouping {
  const g: Grouping = {
    index,
    lex,
    units,
    toks,
    words,
    isItem,
    out: [],
    cur: null,
    mode: 'with',
    modQuantity: 1,
    counted: false,
    forAll: false,
    lastCue: -2,
    skip: null,
    open: (quantity, at, fresh = true) => {
      if (g.cur) g.out.push(g.cur);
      g.cur = empty(quantity, at);
      if (quantity !== null) g.forAll = false;
      // A phrase opened by its first modifier keeps the cue said before it ("without basil").
      if (fresh) g.mode = 'with';
      return g.cur;
    },
  };
  return g;
}
