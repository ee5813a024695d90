/**
 * The soak's HTTP client: it retries what the spec says to retry (5xx, 429 after Retry-After,
 * 409 request_in_flight, network errors), always with the same Idempotency-Key, with capped
 * exponential backoff and jitter, until a deadline. Every attempt is recorded.
 */

/** One HTTP attempt; `t` is milliseconds since the load started. */
export interface Attempt {
  t: number;
  server: number;
  write: boolean;
  ok: boolean;
  /** `201`, `503 service_unavailable`, `network ECONNREFUSED`, … */
  kind: string;
  ms: number;
}

export class Recorder {
  readonly attempts: Attempt[] = [];
  t0 = performance.now();
  now = () => performance.now() - this.t0;
}

export interface Target {
  index: number;
  base: string;
}

export interface Req {
  method: string;
  path: string;
  key: string;
  body?: unknown;
  idem?: string;
}

export interface Res {
  status: number;
  body: any;
  replayed: boolean;
  /** Seconds, from the Retry-After header of a 429. */
  retryAfter?: number;
}

export interface Outcome {
  /** The last response (a 2xx when ok), or none when every attempt was a network error. */
  res?: Res;
  ok: boolean;
  /** Why it stopped without a 2xx: the last attempt's kind, and whether it was given up on. */
  kind: string;
  gaveUp: boolean;
  attempts: number;
  networkErrors: number;
}

export interface SendOptions {
  write: boolean;
  deadlineMs: number;
  rec?: Recorder;
  /** One attempt's time limit; a POST that timed out may still commit, so the retry reuses its key. */
  attemptTimeoutMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function networkKind(err: unknown): string {
  const e = err as { name?: string; cause?: { code?: string; name?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'network timeout';
  return `network ${e.cause?.code ?? e.cause?.name ?? e.name ?? 'error'}`;
}

function retryable(res: Res): boolean {
  if (res.status >= 500 || res.status === 429) return true;
  return res.status === 409 && res.body?.error?.code === 'request_in_flight';
}

async function attempt(target: Target, req: Req, timeoutMs: number): Promise<Res> {
  const headers: Record<string, string> = { 'x-api-key': req.key };
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  if (req.idem) headers['idempotency-key'] = req.idem;
  const res = await fetch(target.base + req.path, {
    method: req.method,
    headers,
    body: req.body === undefined ? undefined : JSON.stringify(req.body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = { raw: text.slice(0, 200) };
  }
  return {
    status: res.status,
    body,
    replayed: res.headers.get('idempotent-replayed') === 'true',
    retryAfter: Number(res.headers.get('retry-after')) || undefined,
  };
}

function delayFor(res: Res | undefined, failures: number): number {
  const base = Math.min(2000, 100 * 2 ** (failures - 1));
  const backoff = base / 2 + (Math.random() * base) / 2;
  if (res?.status === 429) return Math.max((res.retryAfter ?? 1) * 1000, backoff) + Math.random() * 250;
  return backoff;
}

export async function send(target: Target, req: Req, opts: SendOptions): Promise<Outcome> {
  const started = performance.now();
  let attempts = 0;
  let networkErrors = 0;
  let last: Res | undefined;
  let kind = '';
  for (;;) {
    attempts++;
    const t = performance.now();
    try {
      last = await attempt(target, req, opts.attemptTimeoutMs ?? 10_000);
      const code = last.body?.error?.code;
      kind = code ? `${last.status} ${code}` : String(last.status);
    } catch (err) {
      networkErrors++;
      last = undefined;
      kind = networkKind(err);
    }
    const ok = last !== undefined && last.status >= 200 && last.status < 300;
    opts.rec?.attempts.push({
      t: t - (opts.rec?.t0 ?? 0),
      server: target.index,
      write: opts.write,
      ok,
      kind,
      ms: performance.now() - t,
    });
    if (ok) return { res: last, ok, kind, gaveUp: false, attempts, networkErrors };
    if (last && !retryable(last)) return { res: last, ok, kind, gaveUp: false, attempts, networkErrors };
    const delay = delayFor(last, attempts);
    if (performance.now() + delay - started > opts.deadlineMs) {
      return { res: last, ok: false, kind, gaveUp: true, attempts, networkErrors };
    }
    await sleep(delay);
  }
}
