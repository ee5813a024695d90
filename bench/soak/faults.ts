/**
 * The faults, at fixed fractions of the run: PostgreSQL restarted `fast` (clients disconnected) at 25 %
 * and `immediate` (like a crash) at 60 %, Redis killed at 40 % and started again 20 s later (less in a
 * shorter run).
 */
import type { RedisServer } from '../../test/helpers/services.js';
import type { Recorder } from './client.js';
import type { Mode, PgControl } from './pg-control.js';
import type { Fault } from './report.js';

export interface PlannedFault extends Fault {
  run: () => Promise<string | undefined>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function planFaults(pg: PgControl, redis: RedisServer, durationMs: number): PlannedFault[] {
  const redisDownMs = Math.min(20_000, Math.max(2_000, durationMs / 30));
  const pgRestart = async (mode: Mode) => {
    const r = await pg.restart(mode);
    const took = `stop ${(r.stopMs / 1000).toFixed(1)} s, start ${(r.startMs / 1000).toFixed(1)} s`;
    return r.error ? `${took}; ${r.error}` : took;
  };
  const redisOutage = async () => {
    await redis.stop();
    await sleep(redisDownMs);
    await redis.start();
    return undefined;
  };
  return [
    { name: 'PostgreSQL restart (fast)', at: 0.25, run: () => pgRestart('fast') },
    { name: `Redis stop, ${redisDownMs / 1000} s down`, at: 0.4, run: redisOutage },
    { name: 'PostgreSQL restart (immediate)', at: 0.6, run: () => pgRestart('immediate') },
  ];
}

/** Starts each fault at its time; resolves when all have ended. Times are on the recorder's clock. */
export function scheduleFaults(faults: PlannedFault[], durationMs: number, rec: Recorder): Promise<unknown> {
  return Promise.all(
    faults.map(
      (f) =>
        new Promise<void>((resolve) =>
          setTimeout(async () => {
            f.start = rec.now();
            console.log(`${(f.start / 1000).toFixed(0)} s: ${f.name}`);
            f.detail = await f.run().catch((err) => `failed: ${(err as Error).message}`);
            f.end = rec.now();
            resolve();
          }, f.at * durationMs),
        ),
    ),
  );
}
