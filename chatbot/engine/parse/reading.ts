/** What the order reader builds from a message: phrases (./phrases.ts), read for their items (./senses.ts). */
import type { VocabEntry } from '../menu/vocab.js';

export interface ItemSense {
  id: string;
  score: number;
}

export interface Mention {
  kind: 'mention';
  at: number;
  len: number;
  /** Items it names, best first. */
  items: ItemSense[];
  /** Items a generic word in it may mean ("pizza", "soda"). */
  generic: string[];
  /** Modifier phrases it matches (some item's option, ingredient or size word). */
  mods: VocabEntry[];
  /** Its canonical content words. */
  words: string[];
  /** A word for the default choice ("regular", "normal"): it yields to any other choice of its group. */
  weak?: boolean;
}

export type Mode = 'with' | 'without' | 'extra' | 'light' | 'noextra';

export interface Mod {
  m: Mention;
  mode: Mode;
  quantity: number;
  /** The quantity was said as a number ("two pumps of"), not as "double". */
  counted: boolean;
  /** Said of every item ("all 20 oz bottles", "beide ohne Zwiebeln"). */
  all: boolean;
  /** A cue stands right before it ("no onions"), not only somewhere before it in a list. */
  direct: boolean;
  /** In a list under "no" that began in a "with" list ("with no cheese and olives"): adding is what it
   * returns to when the item cannot leave this one out. */
  resumesWith?: boolean;
}

export interface Phrase {
  quantity: number | null;
  head: Mention | null;
  /** The item a dish number named ("a 23"). */
  dish: string | null;
  /** Said as part of the line before ("one of them"). */
  part: boolean;
  /** "one" stood for its item after its modifiers ("the pepperoni one"): it names no other item after. */
  pronoun?: boolean;
  /** Its quantity came right after "and" ("two X and one Y": another, not one of the two). */
  afterAnd: boolean;
  /** A number of pieces said ("6 piece", "12er"), for an item sold in counts. */
  count: number | null;
  mods: Mod[];
  /** Items named after a bundle's head that the bundle offers. */
  picks: Mention[];
  /** Canonical words of the phrase that named nothing (volumes, "0.33", unknown words). */
  loose: string[];
  /** Unknown words where a modifier was expected ("with calamari" on a pizza). */
  unknown: string[];
  from: number;
  to: number;
}
