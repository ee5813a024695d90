/**
 * "do you take cards? anyway, a large pepperoni", "tried your new place downtown, it was great. anyway a
 * medium sausage": a question or a remark, then the order. The order is read from what follows the last
 * question or the word that turns from the remark to it ("anyway", "whatever", "either way"); the
 * question is answered as well (./index.ts).
 */

/** Words that turn from what was asked or remarked to the order. */
const TURN = /(?:^|[\s.!?,;:])(?:anyway|anyways|anyhow|whatever|either way|regardless|in any case|moving on)\b/gi;
/** Acknowledgements at the start of what follows ("no? ok then", "perfect.", "ah whatever,"). */
const ACK =
  /^(?:[\s,.!?:;-]|\b(?:ok(?:ay)?|fine|perfect|great|good|cool|alright|all right|ah|oh|no|yes|yeah|nope|then|so|also|well|thanks|in that case|if not|otherwise)\b)+/i;
/** "a medium one": a word standing for an item the question named; the order needs the question. */
const STANDS_FOR = /\b(?:a|an|the)\s+(?:\w+\s+){0,3}ones?\b/i;

export interface Aside {
  /** What was asked or remarked. */
  aside: string;
  /** What follows it: the order. */
  order: string;
  /** The aside is a question ("?"). */
  asked: boolean;
}

export function asideThenOrder(text: string): Aside | null {
  let cut = -1;
  let start = -1;
  for (const m of text.matchAll(TURN)) {
    cut = m.index;
    start = m.index + m[0].length;
  }
  const q = text.lastIndexOf('?');
  if (q >= 0 && q + 1 >= start) {
    cut = q + 1;
    start = q + 1;
  }
  if (cut <= 0) return null;
  const order = text.slice(start).replace(ACK, '').trim();
  if (order.split(/\s+/).length < 2 || STANDS_FOR.test(order)) return null;
  const aside = text.slice(0, cut).trim();
  return { aside, order, asked: aside.includes('?') };
}
