/**
 * CPU time spent during a run, from /proc (Linux): the server process's, and that of the PostgreSQL
 * backends serving its database (the server on this host). On a shared machine this says what a message
 * costs, which wall-clock latency alone cannot.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** Linux reports utime and stime in clock ticks of 10 ms (USER_HZ 100). */
const TICK_MS = 10;

export function cpuMsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** Samples the backends of `url`'s database every half second; backends that end keep their last reading. */
export async function backendCpu(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = async (baseline: boolean) => {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) {
      const ms = cpuMsOf(pid);
      if (ms === null) continue;
      if (!first.has(pid)) first.set(pid, baseline ? ms : 0);
      last.set(pid, ms);
    }
  };
  await sample(true);
  let busy: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    busy = busy.then(() => sample(false)).catch(() => {});
  }, 500);
  return async function stop(): Promise<number> {
    clearInterval(timer);
    await busy;
    await sample(false);
    await client.end();
    let total = 0;
    for (const [pid, ms] of last) total += ms - (first.get(pid) ?? 0);
    return total;
  };
}
