/**
 * The fetch the client hands to openapi-fetch: each attempt with its own deadline, retried as
 * retry-policy.ts decides. One logical call is one Request from openapi-fetch, so an Idempotency-Key
 * set on it before the first attempt is the one every retry sends.
 */
import { ApiConnectionError } from './errors.js';
import { type AttemptOutcome, decideRetry, type RetryPolicy } from './retry-policy.js';

export interface RetryEvent {
  /** 1 for the first retry. */
  retry: number;
  delayMs: number;
  reason: string;
  method: string;
  url: string;
  idempotencyKey: string | null;
}

export interface TransportOptions {
  policy: RetryPolicy;
  /** Time for one attempt, from sending to the last byte of the answer. */
  timeoutMs: number;
  fetch: (request: Request) => Promise<Response>;
  /** Called before each retry's wait (logging, metrics, tests). */
  onRetry?: (event: RetryEvent) => void;
}

/** Statuses whose Response may not have a body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

export function retryingFetch(opts: TransportOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    // Buffered once, so that every attempt sends the same bytes (a stream can be read only once).
    const body = request.body === null ? undefined : await request.arrayBuffer();
    for (let retriesDone = 0; ; retriesDone++) {
      const attempt = await attemptOnce(opts, request, body);
      const decision = decideRetry(opts.policy, retriesDone, attempt.outcome);
      if (!decision.retry) {
        if (attempt.response) return attempt.response;
        const timedOut = attempt.outcome.kind === 'timeout';
        throw new ApiConnectionError(
          timedOut
            ? `${request.method} ${request.url}: no complete answer within ${opts.timeoutMs} ms (${retriesDone + 1} attempts)`
            : `${request.method} ${request.url}: could not connect (${retriesDone + 1} attempts)`,
          timedOut,
          { cause: attempt.error },
        );
      }
      opts.onRetry?.({
        retry: retriesDone + 1,
        delayMs: decision.delayMs,
        reason: decision.reason,
        method: request.method,
        url: request.url,
        idempotencyKey: request.headers.get('idempotency-key'),
      });
      await sleep(decision.delayMs, request.signal);
    }
  };
}

interface Attempt {
  outcome: AttemptOutcome;
  response?: Response;
  error?: unknown;
}

/**
 * One attempt under its own timer. The caller's signal (request.signal) is followed by hand, not with
 * AbortSignal.any, whose combined signals fetch on Node 20 does not always honour.
 */
async function attemptOnce(opts: TransportOptions, request: Request, body: ArrayBuffer | undefined): Promise<Attempt> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`attempt timed out after ${opts.timeoutMs} ms`));
  }, opts.timeoutMs);
  const follow = () => controller.abort(request.signal.reason);
  request.signal.throwIfAborted();
  request.signal.addEventListener('abort', follow, { once: true });
  try {
    const res = await opts.fetch(
      new Request(request.url, {
        method: request.method,
        headers: request.headers,
        body,
        redirect: request.redirect,
        signal: controller.signal,
      }),
    );
    // Read to the end under the same timer, so a stalled body counts as a timed-out attempt.
    const bytes = NULL_BODY.has(res.status) ? null : await res.arrayBuffer();
    const response = new Response(bytes, { status: res.status, statusText: res.statusText, headers: res.headers });
    return {
      outcome: {
        kind: 'response',
        status: res.status,
        code: errorCodeOf(res, bytes),
        retryAfter: res.headers.get('retry-after'),
      },
      response,
    };
  } catch (error) {
    request.signal.throwIfAborted(); // the caller gave up: no retry
    return { outcome: { kind: timedOut ? 'timeout' : 'network' }, error };
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', follow);
  }
}

/** The error envelope's code, which tells a 409 worth retrying (request_in_flight) from the others. */
function errorCodeOf(res: Response, bytes: ArrayBuffer | null): string | undefined {
  if (res.ok || bytes === null || !res.headers.get('content-type')?.includes('json')) return undefined;
  try {
    const code = JSON.parse(new TextDecoder().decode(bytes))?.error?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
