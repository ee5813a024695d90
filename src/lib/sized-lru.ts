/**
 * Values held by key up to a total size (bytes, or any measure of what they hold), the least recently
 * used let go first. For caches whose entries differ in size and are used again in cycles: a bound on
 * their count either wastes memory on small entries or, below one cycle's entries, holds nothing.
 */
export class SizedLru<T> {
  private readonly entries = new Map<string, { value: T; size: number }>();
  private total = 0;

  constructor(readonly maxSize: number) {}

  get size() {
    return this.entries.size;
  }

  /** What is held, in sizes. */
  get used() {
    return this.total;
  }

  /**
   * The value held for `key`, now the most recently used; else made by `make`, held and returned. A value
   * larger than the bound is returned and held alone until the next.
   */
  get(key: string, make: () => { value: T; size: number }): T {
    let entry = this.entries.get(key);
    if (entry) this.entries.delete(key);
    else {
      entry = make();
      this.total += entry.size;
    }
    // Re-inserted last: the map's order is least recently used first.
    this.entries.set(key, entry);
    if (this.total > this.maxSize) this.evict(key);
    return entry.value;
  }

  private evict(kept: string) {
    for (const [oldest, e] of this.entries) {
      if (this.total <= this.maxSize || oldest === kept) return;
      this.entries.delete(oldest);
      this.total -= e.size;
    }
  }
}
