/**
 * Everything the soak starts is stopped on the way out, after an error or on SIGINT/SIGTERM, including
 * what was still starting then: no server, PostgreSQL or Redis process outlives a run.
 */
const cleanup: (() => Promise<unknown>)[] = [];
const starting = new Set<Promise<unknown>>();
let cleaning: Promise<void> | undefined;

/** Resolves with what `start` made, and registers `stop` for it; refuses once cleaning has begun. */
export function owned<T>(start: Promise<T>, stop: (x: T) => Promise<unknown>): Promise<T> {
  const p = start.then(async (x) => {
    if (cleaning) {
      await stop(x);
      throw new Error('the soak is stopping');
    }
    cleanup.push(() => stop(x));
    return x;
  });
  starting.add(p);
  return p.finally(() => starting.delete(p));
}

/** Stops everything, newest first; the same promise for every caller. */
export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.allSettled([...starting]);
    for (const step of cleanup.reverse()) await step().catch((err) => console.error('cleanup:', err));
  })();
  return cleaning;
}

export function cleanUpOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      console.log(`${signal}: stopping the servers and private services`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
}
