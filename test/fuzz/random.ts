/** A small seeded PRNG (mulberry32): the same seed gives the same requests on every machine. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** An integer in [min, max]. */
  between(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: `[[weight, value], …]`. */
  weighted<T>(items: readonly (readonly [number, T])[]): T;
  /** `n` random characters of `alphabet`. */
  chars(n: number, alphabet?: string): string;
}

export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    chance: (p) => next() < p,
    pick: (items) => items[int(items.length)],
    weighted(items) {
      const total = items.reduce((s, [w]) => s + w, 0);
      let r = next() * total;
      for (const [w, value] of items) {
        r -= w;
        if (r < 0) return value;
      }
      return items[items.length - 1][1];
    },
    chars(n, alphabet = BASE62) {
      let out = '';
      for (let i = 0; i < n; i++) out += alphabet[int(alphabet.length)];
      return out;
    },
  };
}
