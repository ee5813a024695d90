/**
 * Group commit for a queue's settles: each attempt's outcome is handed in alone, and what arrives while a
 * flush is running goes out together in the next one, as one statement in one transaction. At a few
 * thousand attempts a second, one commit (one WAL flush) per attempt is what limits the queue; a batch
 * costs one. Nothing waits on a timer: an idle queue's outcome goes out at once.
 */
export class Batcher<I, O> {
  private waiting: Array<{ item: I; resolve: (o: O) => void; reject: (err: unknown) => void }> = [];
  private running?: Promise<void>;

  /**
   * `flush` settles a batch and answers one result per item, in their order. A failed flush fails every
   * item in it (each caller handles its own error, as it would have alone).
   */
  constructor(
    private readonly flush: (items: I[]) => Promise<O[]>,
    private readonly maxBatch = 500,
  ) {}

  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.running ??= this.drain();
    });
  }

  private async drain(): Promise<void> {
    // Let the attempts ending in this turn of the event loop join the first batch.
    await Promise.resolve();
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.maxBatch);
        try {
          const results = await this.flush(batch.map((w) => w.item));
          batch.forEach((w, i) => {
            w.resolve(results[i]);
          });
        } catch (err) {
          for (const w of batch) w.reject(err);
        }
      }
    } finally {
      this.running = undefined;
    }
  }
}
