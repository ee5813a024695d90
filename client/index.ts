/**
 * The typed client: openapi-fetch over the generated types, one client per surface, with automatic
 * Idempotency-Keys on POSTs and Stripe-style retries. Usage and policy: docs/client.md.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.js';
import { type RetryEvent, retryingFetch } from './transport.js';
import type { AdminPaths, PublicPaths } from './types.js';

export { ApiConnectionError, ApiError, type CallResult, unwrap } from './errors.js';
export type { components, paths } from './generated/api.js';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.js';
export type { RetryEvent } from './transport.js';
export type { AdminPaths, PublicPaths } from './types.js';

export interface ClientConfig {
  /** Where the API is, e.g. `http://127.0.0.1:3000` (no path: the paths carry `/v1` or `/admin/v1`). */
  baseUrl: string;
  /** `svc_org_…` for the public client, `svc_admin_…` for the admin client. */
  apiKey: string;
  /** Retries after the first attempt; default 2. 0 switches retries off. */
  maxRetries?: number;
  /** Time for one attempt, to the last byte of the answer; default 30 s. */
  timeoutMs?: number;
  /** The rest of the retry policy (delays), for callers that need other figures than Stripe's. */
  retryPolicy?: Partial<Omit<RetryPolicy, 'maxRetries'>>;
  /** The fetch underneath; default the global one. */
  fetch?: (request: Request) => Promise<Response>;
  /** Called before each retry's wait. */
  onRetry?: (event: RetryEvent) => void;
  /** Headers sent with every request (a User-Agent, say). */
  headers?: Record<string, string>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

export type PublicClient = Client<PublicPaths, 'application/json'>;
export type AdminClient = Client<AdminPaths, 'application/json'>;

export function createPublicClient(config: ClientConfig): PublicClient {
  return build<PublicPaths>(config);
}

export function createAdminClient(config: ClientConfig): AdminClient {
  return build<AdminPaths>(config);
}

/**
 * A fresh key per logical call, set before the transport's first attempt, so that retries resend it and
 * the server answers a retry of a call that did go through with the stored outcome instead of a second
 * resource. Every POST gets one: the server ignores it on POSTs that create nothing (quotes, revoke).
 * A key the caller set (params.header or headers) is kept.
 */
export const idempotencyKeys: Middleware = {
  onRequest({ request }) {
    if (request.method === 'POST' && !request.headers.has('idempotency-key')) {
      request.headers.set('Idempotency-Key', globalThis.crypto.randomUUID());
    }
    return undefined;
  },
};

function build<Paths extends {}>(config: ClientConfig): Client<Paths, 'application/json'> {
  const client = createClient<Paths, 'application/json'>({
    baseUrl: config.baseUrl,
    headers: { ...config.headers, 'x-api-key': config.apiKey },
    fetch: retryingFetch({
      policy: {
        ...DEFAULT_RETRY_POLICY,
        ...config.retryPolicy,
        maxRetries: config.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
      },
      timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      fetch: config.fetch ?? ((request) => globalThis.fetch(request)),
      onRetry: config.onRetry,
    }),
  });
  client.use(idempotencyKeys);
  return client;
}
