/** A seeded PRNG (mulberry32) and the few sampling helpers the seed needs, so `--seed` reproduces the data. */
import { factory, monotonicFactory } from 'ulid';
import { ID_PREFIX, type IdKind } from '../../lib/ids.js';

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next = (): number => {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }

  /** Picks a key by weight: `{ a: 3, b: 1 }` gives `a` three times as often as `b`. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as [K, number][];
    let r = this.next() * entries.reduce((s, [, w]) => s + w, 0);
    for (const [k, w] of entries) {
      r -= w;
      if (r < 0) return k;
    }
    return entries[entries.length - 1][0];
  }

  /** A value in [0, 1] peaking at `mode` (triangular distribution). */
  triangular(mode: number): number {
    const u = this.next();
    return u < mode ? Math.sqrt(u * mode) : 1 - Math.sqrt((1 - u) * (1 - mode));
  }

  /** A fresh generator derived from this one, so one part of the data does not shift another. */
  fork(): Random {
    return new Random(Math.floor(this.next() * 4294967296));
  }
}

/**
 * Ids in the format of `newId` (prefix + lowercase ULID whose time part is the given ms), with the random
 * part drawn from the seeded PRNG. Orders use a monotonic generator of their own and are created in time
 * order, so ids sort like `(created_at, id)`; the process-wide factory of `newId` would stamp any
 * timestamp older than the last id it made with that last time instead.
 */
export function idMaker(rand: Random) {
  const plain = factory(rand.next);
  const monotonic = monotonicFactory(rand.next);
  return {
    at: (kind: IdKind, ms: number) => `${ID_PREFIX[kind]}_${plain(ms).toLowerCase()}`,
    /** Only for calls in non-decreasing `ms` order. */
    next: (kind: IdKind, ms: number) => `${ID_PREFIX[kind]}_${monotonic(ms).toLowerCase()}`,
  };
}
export type IdMaker = ReturnType<typeof idMaker>;
