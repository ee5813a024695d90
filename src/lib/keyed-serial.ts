/**
 * Runs the functions given for one key one after the other, in the order they came, and those of other
 * keys alongside. Messages of one conversation are written one transaction after the other anyway (the
 * conversation's row lock): waiting here instead of in the database keeps a flood of one customer from
 * holding every pooled connection while it waits for that lock, which the other customers need.
 */
export class KeyedSerial {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(fn, fn);
    const tail = result.catch(() => {});
    this.tails.set(key, tail);
    // The last one out removes the key, so the map holds only keys with work in flight.
    tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Several keys, taken in sorted order so that two callers never wait for each other the wrong way round. */
  runAll<T>(keys: string[], fn: () => Promise<T>): Promise<T> {
    const sorted = [...new Set(keys)].sort();
    const step = (i: number): Promise<T> => (i === sorted.length ? fn() : this.run(sorted[i], () => step(i + 1)));
    return step(0);
  }
}
