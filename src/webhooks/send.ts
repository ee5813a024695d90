import http from 'node:http';
import https from 'node:https';
import { DeadlineError } from '../lib/deadline.js';
import type { Signer } from './signer.js';

export const USER_AGENT = 'ordering-platform-webhooks/1';
/** An answer is read up to this size; the rest is cut off (and the answer will not parse). */
const MAX_ANSWER_BYTES = 1_048_576;

export interface Target {
  /** `{CHATBOT_URL}/message`. */
  url: string;
  token?: string;
  /** Several (a rotated secret beside the new one): one `v1,` signature each, space-separated. */
  signer: Signer | Signer[];
  timeoutMs: number;
  /** Connections of the target's own (integrator endpoints: every address checked, src/lib/outbound-url.ts). */
  agents?: { http: http.Agent; https: https.Agent };
}

export interface HttpResult {
  startedAt: Date;
  durationMs: number;
  /** null: no HTTP answer (refused, reset, timed out, stopped). */
  status: number | null;
  contentType: string | null;
  retryAfter: string | null;
  body: string;
  error: string | null;
  /** The attempt was cut short because this process is stopping. */
  interrupted: boolean;
}

/** `{CHATBOT_URL}/message`, with or without a trailing slash on the base. */
export const messageUrl = (base: string) => `${base.replace(/\/+$/, '')}/message`;

/** The Standard Webhooks headers: the same webhook-id on every attempt, a fresh timestamp and signature. */
export function signedHeaders(
  signer: Signer | Signer[],
  id: string,
  body: string,
  now = new Date(),
): Record<string, string> {
  const signers = Array.isArray(signer) ? signer : [signer];
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signers.map((s) => s.sign(id, now, body)).join(' '),
  };
}

/**
 * Kept-alive connections to the receiver. node:http rather than fetch: under load the webhook POST is most
 * of the worker's CPU, and fetch (undici behind web streams) costs several times what a plain request does
 * (bench/results/webhooks.md). Idle sockets are closed before the usual 5 s keep-alive of servers, so a
 * request is not written to a socket the receiver is closing.
 */
const agentOptions = { keepAlive: true, timeout: 4_000 };
const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

interface Exchange {
  status: number;
  contentType: string | null;
  retryAfter: string | null;
  text: string;
}

/**
 * What a stop signal cuts short: one listener on the signal for all the exchanges in flight under it, not
 * one each (a worker has hundreds in flight under its one signal).
 */
const underStop = new WeakMap<AbortSignal, Set<() => void>>();
function onStop(stop: AbortSignal, cut: () => void): () => void {
  let cuts = underStop.get(stop);
  if (!cuts) {
    const all = new Set<() => void>();
    cuts = all;
    underStop.set(stop, all);
    stop.addEventListener('abort', () => {
      for (const c of all) c();
    });
  }
  cuts.add(cut);
  const held = cuts;
  return () => held.delete(cut);
}

/**
 * One POST, ended by its answer, an error, `timeoutMs` or `stop`, whichever comes first: its own timer
 * rejects on time whatever the request does (src/lib/deadline.ts has why), then destroys it. No
 * AbortController per exchange: under load their signals and listeners were a tenth of the sender's CPU
 * (bench/events/floor.ts). The answer is read up to MAX_ANSWER_BYTES (the rest is cut off, and the answer
 * will not parse).
 */
function exchange(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  stop: AbortSignal,
  own: Target['agents'] = agents,
) {
  return new Promise<Exchange>((resolve, reject) => {
    let ended = false;
    const end = () => {
      ended = true;
      clearTimeout(timer);
      unhook();
    };
    const fail = (err: unknown) => {
      if (!ended) {
        end();
        reject(err);
      }
      req.destroy();
    };
    const https_ = url.startsWith('https:');
    const req = (https_ ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: https_ ? own.https : own.http,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          if (ended) return;
          end();
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'] ?? null,
            retryAfter: (res.headers['retry-after'] as string | undefined) ?? null,
            text: Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8'),
          });
        };
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.byteLength;
          if (size >= MAX_ANSWER_BYTES) {
            done();
            res.destroy();
          }
        });
        res.on('end', done);
        res.on('error', fail);
      },
    );
    const timer = setTimeout(
      () => fail(new DeadlineError('TimeoutError', `timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    const unhook = onStop(stop, () => fail(new DeadlineError('AbortError', 'aborted')));
    req.on('error', fail);
    if (stop.aborted) fail(new DeadlineError('AbortError', 'aborted'));
    else req.end(body);
  });
}

function describe(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; code?: string; message?: string };
  if (e?.name === 'TimeoutError') return `timed out after ${timeoutMs} ms`;
  if (e?.name === 'AbortError') return 'cut short: the server is stopping';
  if (e?.code) return `${e.code}: ${e.message}`;
  return String(e?.message ?? err);
}

/** One POST of the body; never throws: a failure is a result without a status. */
export async function post(target: Target, id: string, body: string, stop: AbortSignal): Promise<HttpResult> {
  const startedAt = new Date();
  const t0 = performance.now();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    ...signedHeaders(target.signer, id, body, startedAt),
  };
  if (target.token) headers.authorization = `Bearer ${target.token}`;
  const result = { startedAt, status: null, contentType: null, retryAfter: null, body: '', interrupted: false };
  try {
    // Redirects are not followed (a 3xx is the receiver's answer).
    const res = await exchange(target.url, headers, body, target.timeoutMs, stop, target.agents);
    return {
      ...result,
      durationMs: Math.round(performance.now() - t0),
      status: res.status,
      contentType: res.contentType,
      retryAfter: res.retryAfter,
      body: res.text,
      error: null,
    };
  } catch (err) {
    return {
      ...result,
      durationMs: Math.round(performance.now() - t0),
      error: describe(err, target.timeoutMs),
      interrupted: stop.aborted,
    };
  }
}
