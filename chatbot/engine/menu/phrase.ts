/**
 * How well a customer's words name one modifier phrase of the menu ("black olives" → "Olives", "a 2 liter"
 * → "2 Liter Bottle", "14 inch" → "Large (14")", "oat" → "Oat milk"). Every word said must match a word of
 * the name (typos and prefixes allowed, numbers exactly or as the same volume); the score is the mean
 * quality of those matches, less a little for each word of the name left unsaid. A name's numbers and
 * units weigh less than its words, so "can" still names "Can (12 oz)".
 */
import { wordMatch } from '../text/fuzzy.js';

const UNIT = new Set(['cm', 'liter', 'ml', 'cl', 'ounce', 'inch', 'g', 'kg', 'pc', 'pcs', 'stk', 'piece']);
const NUMBER = /^\d+(\.\d+)?$/;
const PIECE = new Set(['pc', 'pcs', 'piece', 'stk']);

/** The volume a run of canonical tokens gives, in ml ("0.33 liter", "20 ounce", "500 ml"), else null. */
export function volumeOf(words: readonly string[]): number | null {
  for (let i = 0; i + 1 < words.length; i++) {
    if (!NUMBER.test(words[i])) continue;
    const n = Number(words[i]);
    const unit = words[i + 1];
    if (unit === 'liter') return n * 1000;
    if (unit === 'ml') return n;
    if (unit === 'cl') return n * 10;
    if (unit === 'ounce') return Math.round(n * 29.57);
  }
  return null;
}

export const sameVolume = (a: number, b: number) => Math.abs(a - b) <= 0.06 * Math.max(a, b);

const weight = (t: string) => (NUMBER.test(t) || UNIT.has(t) ? 0.3 : 1);

/** 0 when the words do not name it; else up to 1. */
export function matchPhrase(words: readonly string[], tokens: readonly string[]): number {
  if (words.length === 0 || tokens.length === 0) return 0;
  // ("pieces" alone names no count: "wings, ten pieces" is not the "6 pieces".)
  if (words.every((w) => PIECE.has(w)) && tokens.some((t) => NUMBER.test(t))) return 0;
  const v = volumeOf(words);
  const tv = v === null ? null : volumeOf(tokens);
  const volumeAgrees = v !== null && tv !== null && sameVolume(v, tv);
  const matched = new Set<number>();
  let quality = 0;
  let counted = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (NUMBER.test(w) || UNIT.has(w)) {
      if (volumeAgrees) {
        tokens.forEach((t, k) => {
          if (NUMBER.test(t) || UNIT.has(t)) matched.add(k);
        });
        continue;
      }
      const at = tokens.indexOf(w);
      // "14 inch" for "Large (14")": a unit the name does not write is no mismatch once its number matched.
      if (at < 0 && UNIT.has(w) && i > 0 && NUMBER.test(words[i - 1]) && tokens.includes(words[i - 1])) continue;
      if (at < 0) return 0;
      matched.add(at);
      continue;
    }
    let best = 0;
    let bestAt = -1;
    tokens.forEach((t, k) => {
      const m = NUMBER.test(t) ? 0 : wordMatch(w, t);
      if (m > best || (m === best && m > 0 && !matched.has(k) && matched.has(bestAt))) [best, bestAt] = [m, k];
    });
    if (best === 0) return 0;
    matched.add(bestAt);
    quality += best;
    counted += 1;
  }
  let total = 0;
  let got = 0;
  tokens.forEach((t, k) => {
    total += weight(t);
    if (matched.has(k)) got += weight(t);
  });
  const coverage = total === 0 ? 0 : got / total;
  const mean = counted === 0 ? 0.9 : quality / counted;
  return Math.max(0, mean - 0.3 * (1 - coverage));
}

/** Every word of the name (not its numbers and units) is among the words said: "extra large" for "Extra Large (16")". */
export function fullyNamed(words: readonly string[], tokens: readonly string[]): boolean {
  return (
    words.every((w) => tokens.some((t) => wordMatch(w, t) >= 0.9)) &&
    tokens.every((t) => NUMBER.test(t) || UNIT.has(t) || words.some((w) => wordMatch(w, t) >= 0.9))
  );
}
