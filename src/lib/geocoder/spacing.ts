/**
 * One request at a time, each starting at least `intervalMs` after the previous one ended, in the order
 * asked (Nominatim's policy: at most one request a second from the whole application). Counting from the
 * end, not the start, keeps the spacing as the service sees it even when one answer was slow. A caller
 * whose turn would come more than `maxWaitMs` after it asked is refused rather than kept waiting, so a
 * burst cannot build a queue that only ends in timeouts. Per process: several server processes each keep
 * their own spacing (docs/geocoding.md).
 */
import { KeyedSerial } from '../keyed-serial.js';

export const REFUSED = Symbol('refused');

export class RequestSpacing {
  private readonly serial = new KeyedSerial();
  private lastEnd = Number.NEGATIVE_INFINITY;
  private notBefore = 0;
  private queued = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly maxWaitMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs `fn` in its turn; REFUSED (fn not run) when that turn would come too late. */
  run<T>(fn: () => Promise<T>): Promise<T | typeof REFUSED> {
    // Each one ahead takes at least the interval: past this many, no turn can come in time.
    const cap = this.intervalMs > 0 ? Math.ceil(this.maxWaitMs / this.intervalMs) : Number.POSITIVE_INFINITY;
    if (this.queued >= cap) return Promise.resolve(REFUSED);
    this.queued++;
    const askedAt = this.now();
    return this.serial.run('turn', async () => {
      this.queued--;
      const now = this.now();
      const start = Math.max(now, this.lastEnd + this.intervalMs, this.notBefore);
      if (start - askedAt > this.maxWaitMs) return REFUSED;
      if (start > now) await new Promise((resolve) => setTimeout(resolve, start - now));
      try {
        return await fn();
      } finally {
        this.lastEnd = this.now();
      }
    });
  }

  /** No request before `ms` from now (the service answered 429). */
  holdOff(ms: number): void {
    this.notBefore = Math.max(this.notBefore, this.now() + ms);
  }
}
