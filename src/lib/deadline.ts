/**
 * A time limit on an outgoing HTTP exchange that holds whatever happens to fetch's own signal handling.
 * On Node 20 a signal handed to fetch (AbortSignal.timeout, AbortSignal.any) can stop reaching the
 * request once garbage collection has run (nodejs/node#55428, nodejs/undici#4068): the fetch then waits
 * for an answer that never comes. Here the timer is held by us and the exchange is raced against it, so
 * the caller gets its TimeoutError on time; the abort still goes to fetch to free the socket.
 */
export class DeadlineError extends Error {
  override readonly name: 'TimeoutError' | 'AbortError';
  constructor(kind: 'TimeoutError' | 'AbortError', message: string) {
    super(message);
    this.name = kind;
  }
}

/**
 * Runs `exchange` (a fetch and the reading of its body) with a signal that aborts after `timeoutMs` or
 * when `stop` aborts; rejects with a DeadlineError named TimeoutError or AbortError at that moment.
 */
export async function withDeadline<T>(
  timeoutMs: number,
  exchange: (signal: AbortSignal) => Promise<T>,
  stop?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let onStop: (() => void) | undefined;
  const cut = new Promise<never>((_, reject) => {
    const end = (err: DeadlineError) => {
      reject(err);
      controller.abort(err);
    };
    timer = setTimeout(() => end(new DeadlineError('TimeoutError', `timed out after ${timeoutMs} ms`)), timeoutMs);
    if (stop) {
      onStop = () => end(new DeadlineError('AbortError', 'aborted'));
      if (stop.aborted) onStop();
      else stop.addEventListener('abort', onStop, { once: true });
    }
  });
  const run = exchange(controller.signal);
  // The loser of the race must not surface as an unhandled rejection.
  run.catch(() => {});
  cut.catch(() => {});
  try {
    return await Promise.race([run, cut]);
  } finally {
    clearTimeout(timer);
    if (onStop) stop?.removeEventListener('abort', onStop);
  }
}
