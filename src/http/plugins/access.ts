import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { ACCOUNTS_CHANNEL, AccessCache, KEYS_CHANNEL } from '../../domain/access-cache.js';
import { ApiError } from '../../domain/errors.js';
import type { Principal } from '../../domain/principal.js';
import { bindPrincipal } from '../logging.js';
import { LIMIT, type RateLimitStore, WINDOW_MS } from '../rate-limit-store.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
  }
  interface FastifyInstance {
    /** Keys and location scopes in memory, dropped when a key changes on any process. */
    accessCache: AccessCache;
  }
}

type Surface = 'public' | 'admin';

function surfaceOf(url: string): Surface | null {
  if (url === '/admin/v1' || url.startsWith('/admin/v1/') || url.startsWith('/admin/v1?')) return 'admin';
  if (url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?')) return 'public';
  return null;
}

function hasSessionCookie(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(';').some((part) => part.trim().split('=')[0] === 'svc_session');
}

const authError = (code: string, message: string) => new ApiError('authentication_error', code, message);

/** Counts a request against a bucket of the API's budget (LIMIT per WINDOW_MS), and sets the headers. */
export async function count(store: RateLimitStore, request: FastifyRequest, reply: FastifyReply, bucket: string) {
  let hit: { count: number; resetAt: number };
  try {
    hit = await store.hit(bucket);
  } catch (err) {
    // Stores fall back to memory themselves; one that still throws is a bug, and must not take the API down.
    request.log.error({ err }, 'rate-limit store failed; request not counted');
    hit = { count: 0, resetAt: Math.ceil((Date.now() + WINDOW_MS) / 1000) };
  }
  reply.header('X-RateLimit-Limit', LIMIT);
  reply.header('X-RateLimit-Remaining', Math.max(0, LIMIT - hit.count));
  reply.header('X-RateLimit-Reset', hit.resetAt);
  return hit;
}

/** Counts a request that carries no usable key against its client address, and sets the headers. */
export async function countByAddress(store: RateLimitStore, request: FastifyRequest, reply: FastifyReply) {
  await count(store, request, reply, `addr:${request.ip}:${surfaceOf(request.url) ?? 'public'}`);
}

/** The 429 for a budget used up, with Retry-After. */
export function rateLimited(resetAt: number, limit = LIMIT, windowMs = WINDOW_MS) {
  const retryAfter = Math.max(1, Math.ceil(resetAt - Date.now() / 1000));
  return new ApiError('rate_limit_error', 'rate_limit_exceeded', `Too many requests. Retry after ${retryAfter} s.`, {
    headers: { 'Retry-After': String(retryAfter) },
    details: { limit, window_seconds: windowMs / 1000 },
  });
}

/** The client-address bucket of channel webhooks (no API key). */
export const channelsBucket = (request: FastifyRequest) => `addr:${request.ip}:channels`;

export interface AccessOptions {
  db: Db;
  store: RateLimitStore;
}

/**
 * Session, key, surface and rate limit, in the order CONTRACT gives. Every request is counted
 * against a budget (its key's, or its address's when it has no valid key) so every response,
 * errors included, carries the X-RateLimit-* headers.
 */
export default fp<AccessOptions>(async (app: FastifyInstance, { db, store }) => {
  app.decorateRequest('principal', null as unknown as Principal);
  const cache = new AccessCache();
  app.decorate('accessCache', cache);
  // A revoke anywhere reaches every process at its commit; after a reconnect, every key is looked up again.
  const unlisten = await db.listen(KEYS_CHANNEL, (notice) => cache.forget(notice ? notice.payload : null));
  app.addHook('onClose', unlisten);
  const unlistenAccounts = await db.listen(ACCOUNTS_CHANNEL, (notice) =>
    cache.forgetAccount(notice ? notice.payload : null),
  );
  app.addHook('onClose', unlistenAccounts);

  app.addHook('onRequest', async (request, reply) => {
    // Health and metrics answer probes and scrapers: no key, no budget.
    if (request.routeOptions.config.operational) return;
    // The console authenticates people by its session (src/http/routes/console-auth.ts), never by API key.
    if (request.routeOptions.config.console) return;
    // Signed channel notifications are limited per channel account once their signature is checked, by
    // their route: the senders' addresses are shared by every account (src/http/routes/whatsapp-webhook.ts).
    if (request.routeOptions.config.keyless === 'signed') return;
    // Other channel webhook calls carry no API key: limited per client address.
    if (request.routeOptions.config.keyless) {
      const hit = await count(store, request, reply, channelsBucket(request));
      if (hit.count > LIMIT) throw rateLimited(hit.resetAt);
      return;
    }
    const surface = surfaceOf(request.url) ?? 'public';
    const header = request.headers['x-api-key'];
    const secret = typeof header === 'string' && header.length > 0 ? header : undefined;
    let principal: Principal | null = null;
    try {
      principal = secret && secret.length <= 256 ? await cache.principal(db, secret) : null;
    } catch (err) {
      // The key could not be looked up (the database is away: a 503): the answer still counts, against
      // the address, and still carries the rate-limit headers.
      await count(store, request, reply, `addr:${request.ip}:${surface}`);
      throw err;
    }
    // A valid key is named in the log even when it is refused below (wrong surface, rate limit).
    if (principal) bindPrincipal(request, reply, principal);
    const bucket = principal ? `key:${principal.keyId}:${surface}` : `addr:${request.ip}:${surface}`;
    const hit = await count(store, request, reply, bucket);

    // An unknown route is a 404 whatever the request carries; the not-found handler answers it.
    if (request.is404) return;
    if (hasSessionCookie(request.headers.cookie)) {
      throw new ApiError(
        'authorization_error',
        'session_not_allowed',
        'Dashboard sessions are not accepted on the API. Use an API key.',
      );
    }
    if (!principal) {
      if (hit.count > LIMIT) throw rateLimited(hit.resetAt);
      if (secret === undefined)
        throw authError('api_key_missing', 'No API key provided. Send it in the x-api-key header.');
      throw authError('api_key_invalid', 'The API key provided is malformed, unknown or revoked.');
    }
    if ((principal.type === 'admin') !== (surface === 'admin')) {
      throw new ApiError(
        'authorization_error',
        'api_key_wrong_surface',
        surface === 'admin'
          ? 'This surface accepts admin keys (svc_admin_) only.'
          : 'This surface accepts organization and location keys (svc_org_) only.',
      );
    }
    if (hit.count > LIMIT) throw rateLimited(hit.resetAt);
    request.principal = principal;
  });
});
