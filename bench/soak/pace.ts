/**
 * Runs operations at a steady rate with a bound on how many are in flight. When every slot is taken
 * (a server down, its requests retrying), the backlog is dropped rather than sent in a burst later.
 */
import type { Recorder } from './client.js';
import type { Fleet } from './fleet.js';
import type { Workload } from './workload.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runPaced(
  w: Workload,
  rec: Recorder,
  fleet: Fleet,
  o: { durationMs: number; rate: number; concurrency: number },
): Promise<number> {
  const progress = setInterval(
    () => {
      const failed = rec.attempts.filter((x) => !x.ok).length;
      const alive = fleet.nodes.map((x) => `${x.name} ${x.alive ? 'up' : 'down'}`).join(', ');
      const t = (rec.now() / 1000).toFixed(0);
      console.log(`${t} s: ${rec.attempts.length} requests, ${failed} not ok, ${w.inFlight} in flight; ${alive}`);
    },
    Math.max(10_000, o.durationMs / 20),
  );
  const running = new Set<Promise<void>>();
  let next = rec.now();
  while (rec.now() < o.durationMs) {
    if (running.size >= o.concurrency) {
      await Promise.race(running);
      next = Math.max(next, rec.now());
      continue;
    }
    const wait = next - rec.now();
    if (wait > 0) await sleep(wait);
    next += 1000 / o.rate;
    const p: Promise<void> = w.runOne().finally(() => running.delete(p));
    running.add(p);
  }
  const loadMs = rec.now();
  // Operations under way finish (or give up) before the database is checked.
  await Promise.all(running);
  clearInterval(progress);
  return loadMs;
}
