import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import type { RateLimitStore } from '../rate-limit-store.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An operations endpoint: outside API keys and rate limits. */
    operational?: boolean;
  }
}

const DB_CHECK_TIMEOUT_MS = 1000;

/**
 * `SELECT 1`, answered within a second. Probes share the query in flight, so a database that hangs does
 * not collect a queue of probe queries in the pool.
 */
function databaseCheck(db: Db) {
  let query: Promise<boolean> | undefined;
  return () => {
    query ??= db
      .query('SELECT 1')
      .then(
        () => true,
        () => false,
      )
      .finally(() => {
        query = undefined;
      });
    const shared = query;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), DB_CHECK_TIMEOUT_MS);
      shared.then((ok) => {
        clearTimeout(timer);
        resolve(ok);
      });
    });
  };
}

/** Liveness, readiness and Prometheus metrics for load balancers and monitoring, at the root. */
export const healthRoutes: FastifyPluginAsync<{ db: Db; store: RateLimitStore }> = async (app, { db, store }) => {
  const config = { operational: true };
  const schema = { hide: true };
  const databaseUp = databaseCheck(db);

  app.get('/healthz', { config, schema }, async () => ({ status: 'ok' }));

  app.get('/readyz', { config, schema }, async (_request, reply) => {
    const database = (await databaseUp()) ? 'ok' : 'unreachable';
    const storeStatus = store.status?.();
    const rateLimitStore = storeStatus?.state ?? 'memory';
    const status = database !== 'ok' ? 'unavailable' : rateLimitStore === 'memory_fallback' ? 'degraded' : 'ok';
    reply.code(status === 'unavailable' ? 503 : 200);
    return {
      status,
      checks: { database, rate_limit_store: rateLimitStore },
      ...(rateLimitStore === 'memory_fallback' ? { degraded_since: storeStatus?.since.toISOString() } : {}),
    };
  });

  app.get('/metrics', { config, schema }, async (_request, reply) => {
    reply.type(app.metrics.contentType);
    // prom-client 15 writes a NaN sample as `Nan`; the exposition format spells it `NaN`. Node 26's event
    // loop monitor reports a NaN mean before its first sample, so a fresh process shows it.
    return (await app.metrics.metrics()).replace(/ Nan$/gm, ' NaN');
  });
};
