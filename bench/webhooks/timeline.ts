/**
 * `--timeline`: when in a round the slow messages came, beside what paused meanwhile. A p99 over 100 ms at
 * 300/s is made of bursts, not spread (bench/results/webhooks.md, 2026-11-29 15:44–16:00), so the question
 * is what happened at those moments: the bench's own event loop stalling (its receiver stamps arrivals, so
 * a stall of the bench shows as latency), or, with `--node-args --trace-gc`, the servers' collections.
 * Printed after each round; never written to the results page.
 */

/** Stalls of this process's event loop over `thresholdMs`, as [ms since start, ms late]. */
export function watchLoop(thresholdMs = 20) {
  const tickMs = 10;
  const start = Date.now();
  const stalls: Array<[number, number]> = [];
  let last = start;
  const timer = setInterval(() => {
    const now = Date.now();
    if (now - last - tickMs > thresholdMs) stalls.push([now - start, now - last - tickMs]);
    last = now;
  }, tickMs);
  return () => {
    clearInterval(timer);
    return stalls;
  };
}

export interface Arrival {
  /** When its delivery was created (its transaction began), epoch ms. */
  createdAt: number;
  /** From then to the receiver, ms. */
  ms: number;
}

/** Messages slower than `limitMs`, counted per `bucketMs` of the round, from its first delivery. */
export function slowBuckets(arrivals: Arrival[], limitMs = 40, bucketMs = 250): Array<[number, number]> {
  const t0 = Math.min(...arrivals.map((a) => a.createdAt));
  const counts = new Map<number, number>();
  for (const a of arrivals) {
    if (a.ms <= limitMs) continue;
    const b = Math.floor((a.createdAt - t0) / bucketMs);
    counts.set(b, (counts.get(b) ?? 0) + 1);
  }
  return [...counts].sort((x, y) => x[0] - y[0]);
}

export interface GcPause {
  /** ms from the round's first delivery (negative: before it). */
  at: number;
  kind: 'scavenge' | 'mark-compact';
  ms: number;
}

/**
 * The pauses `--trace-gc` printed (lines such as `  5012 ms: Scavenge 20.1 (35.2) -> 12.3 (36.0) MB, 1.23 /
 * 0.00 ms …`, times from the process's start), placed on the round's clock.
 */
export function gcPauses(output: string, spawnedAt: number, t0: number): GcPause[] {
  const line = /\s(\d+) ms: (Scavenge|Mark-Compact)\b[^,]*,\s*([\d.]+)\s*\/\s*[\d.]+ ms/;
  return output.split('\n').flatMap((l) => {
    const m = line.exec(l);
    if (!m) return [];
    const kind = m[2] === 'Scavenge' ? 'scavenge' : 'mark-compact';
    return [{ at: spawnedAt + Number(m[1]) - t0, kind, ms: Number(m[3]) } satisfies GcPause];
  });
}

/** The round's timeline as a few printed lines. */
export function renderTimeline(
  arrivals: Arrival[],
  stalls: Array<[number, number]>,
  servers: Array<{ output: string; spawnedAt: number }>,
  windowMs: number,
): string {
  const t0 = Math.min(...arrivals.map((a) => a.createdAt));
  const lines = [
    `slow (> 40 ms to the receiver), per 250 ms of the round: ${JSON.stringify(slowBuckets(arrivals))}`,
    `the bench's own event loop late > 20 ms [ms into the load, ms]: ${JSON.stringify(stalls)}`,
  ];
  servers.forEach((s, i) => {
    const pauses = gcPauses(s.output, s.spawnedAt, t0).filter((p) => p.at > -2000 && p.at < windowMs + 2000);
    if (pauses.length === 0) return;
    const total = (k: GcPause['kind']) =>
      pauses
        .filter((p) => p.kind === k)
        .reduce((sum, p) => sum + p.ms, 0)
        .toFixed(0);
    const long = pauses.filter((p) => p.ms > 8).map((p) => [Math.round(p.at), p.kind[0].toUpperCase(), p.ms]);
    lines.push(
      `server ${i}: scavenges ${total('scavenge')} ms, mark-compacts ${total('mark-compact')} ms; ` +
        `pauses > 8 ms [ms, S|M, ms]: ${JSON.stringify(long)}`,
    );
  });
  return lines.join('\n');
}
