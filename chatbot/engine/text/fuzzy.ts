/** Typo-tolerant word comparison: optimal string alignment distance (a swap of two letters counts once). */
import { GLOSSARY } from './glossary.js';

export function editDistance(a: string, b: string, limit = 3): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > limit) return limit + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length];
}

/**
 * Typos allowed for a word of this length: none below 5 letters (beef/beer, coke/cake are different
 * words more often than typos), one up to 7, two beyond.
 */
const allowance = (length: number) => (length < 5 ? 0 : length < 8 ? 1 : 2);

/**
 * How well the customer's word `q` stands for the menu's word `n`: 1 the same, 0.9 a typo away,
 * 0.75 a prefix of at least four letters ("marg" for "margherita"), 0 otherwise.
 */
export function wordMatch(q: string, n: string): number {
  if (q === n) return 1;
  // Every message compares its words with every menu word, and the pairs recur from message to message.
  // Nested maps: no key string to build for each pair.
  let row = matches.get(q);
  if (!row) {
    row = new Map();
    matches.set(q, row);
  }
  let m = row.get(n);
  if (m === undefined) {
    if (++pairs > MAX_PAIRS) {
      matches.clear();
      pairs = 1;
      row = new Map();
      matches.set(q, row);
    }
    m = compare(q, n);
    row.set(n, m);
  }
  return m;
}

/** Customer word → menu word → match, at most MAX_PAIRS pairs (then it starts again). */
const matches = new Map<string, Map<string, number>>();
const MAX_PAIRS = 200_000;
let pairs = 0;

/** Words the glossary knows: two different ones are two words ("greek"/"green", "apple"/"pineapple"), never a typo. */
const KNOWN = new Set(Object.values(GLOSSARY));

/**
 * Everyday words one letter from a menu word, never a typo of it ("wie lange": German "long", not "large";
 * "around 7" is no "ground" beef; "a friend recommended you" no "fried" egg; "later" no water).
 */
// biome-ignore format: a word list
const WORDS = new Set([
  'lange', 'langer', 'lang', 'range', 'lage', 'around', 'found', 'pound', 'sound', 'wound', 'friend', 'friends',
  'fiend', 'later', 'better', 'schicken', 'schickt', 'schick', 'thing', 'things',
]);

/** An everyday word that is never a typo of a menu word (see WORDS). */
export const everyday = (w: string) => WORDS.has(w);

function compare(q: string, n: string): number {
  if (/\d/.test(q) || /\d/.test(n)) return 0;
  if ((KNOWN.has(q) && KNOWN.has(n)) || WORDS.has(q)) return 0;
  const allowed = allowance(Math.min(q.length, n.length));
  if (allowed > 0 && editDistance(q, n, allowed) <= allowed) return 0.9;
  // "canolli" for "cannoli", "spagheti", "tirammisu": letters doubled where the word has one, or once
  // where it has two (the commonest slip), wherever they are.
  const single = (w: string) => w.replace(/(.)\1+/g, '$1');
  if (q !== n && single(q).length >= 5 && single(q) === single(n)) return 0.9;
  // "hamm" for "ham": a key struck twice. Even a three-letter word keeps its letters in order, so the
  // slip is told from another word ("hat" is never "ham"), unlike a letter for another.
  if (allowed === 0 && n.length >= 3 && isDoubled(q, n)) return 0.85;
  // "dite" for "diet": two letters swapped in a short word.
  if (allowed === 0 && q.length === 4 && n.length === 4 && isSwap(q, n)) return 0.85;
  // "gren" for "green": a letter left out of a short word, never one letter for another (beef/beer).
  if (
    allowed === 0 &&
    Math.min(q.length, n.length) === 4 &&
    Math.abs(q.length - n.length) === 1 &&
    editDistance(q, n, 1) <= 1
  ) {
    return 0.85;
  }
  if (q.length >= 4 && n.startsWith(q)) return 0.75;
  // "shake" for "Milkshake", "brötchen" for "Pizzabrötchen": the last part of a compound.
  if (q.length >= 5 && n.length > q.length + 2 && n.endsWith(q)) return 0.7;
  return 0;
}

/** The two words differ only by two neighbouring letters swapped. */
function isSwap(a: string, b: string): boolean {
  const at = [...a].findIndex((c, i) => c !== b[i]);
  return (
    at >= 0 && at < a.length - 1 && a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2)
  );
}

/** `q` is `n` with one of its letters typed twice in a row. */
function isDoubled(q: string, n: string): boolean {
  if (q.length !== n.length + 1) return false;
  const at = [...n].findIndex((c, i) => c !== q[i]);
  const i = at < 0 ? n.length : at;
  return i > 0 && q[i] === q[i - 1] && q.slice(i + 1) === n.slice(i);
}
