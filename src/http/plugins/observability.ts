import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Db, type PoolStats, statementsSent } from '../../db/client.js';
import type { RateLimitStore, StoreStatus } from '../rate-limit-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics; one registry per app, so apps in one process never share or clash. */
    metrics: Registry;
  }
}

function storeMetrics(registry: Registry, store: RateLimitStore) {
  const registers = [registry];
  new Gauge({
    name: 'rate_limit_store_degraded',
    help: '1 while Redis is unreachable and rate limits are counted in process memory, else 0.',
    registers,
    collect() {
      this.set(store.status?.().state === 'memory_fallback' ? 1 : 0);
    },
  });
  new Counter({
    name: 'rate_limit_store_failures_total',
    help: 'Redis operations of the rate-limit store that failed (commands and connection attempts).',
    registers,
    collect() {
      this.reset();
      this.inc(store.status?.().failures ?? 0);
    },
  });
}

/** Round trips to the database of either kind: what a request or a message costs it. */
function statementMetrics(registry: Registry) {
  new Counter({
    name: 'db_statements_total',
    help: 'Statements this process sent to the database, BEGIN and COMMIT included (round trips).',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(statementsSent());
    },
  });
}

/** PostgreSQL's pool, read at scrape time. PGlite has no pool: the series are absent, not zero. */
function poolMetrics(registry: Registry, db: Db) {
  const stats = db.stats?.bind(db);
  if (!stats) return;
  const gauge = (name: string, help: string, read: (s: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(stats()));
      },
    });
  gauge('db_pool_connections', 'PostgreSQL connections open in the pool, in use or idle.', (s) => s.total);
  gauge('db_pool_connections_idle', 'PostgreSQL connections open and idle.', (s) => s.idle);
  gauge('db_pool_waiting', 'Queries and transactions waiting for a pooled connection.', (s) => s.waiting);
  gauge('db_pool_connections_max', 'The pool size: connections it opens at most.', (s) => s.max);
}

function logTransitions(app: FastifyInstance, store: RateLimitStore) {
  let downSince: Date | undefined;
  // Once when an outage starts and once when it ends, both at warn so that they show at the usual level.
  store.onChange?.((status: StoreStatus) => {
    if (status.state === 'memory_fallback') {
      downSince = status.since;
      app.log.warn(
        { rate_limit_store: status.state, since: status.since.toISOString(), error: status.lastError },
        'Redis unreachable: rate limits are counted in this process only until it is back',
      );
    } else {
      const seconds = downSince ? Math.round((Date.now() - downSince.getTime()) / 1000) : undefined;
      app.log.warn(
        { rate_limit_store: status.state, outage_seconds: seconds },
        'Redis reachable again: rate limits are shared again',
      );
      downSince = undefined;
    }
  });
}

/**
 * Request metrics per route pattern, rate-limit store and database pool metrics, and the store's outage
 * log lines.
 */
export default fp<{ store: RateLimitStore; db: Db }>(async (app, { store, db }) => {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered.',
    labelNames,
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, per route pattern.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const rejections = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused with 429 rate_limit_exceeded.',
    registers,
  });
  const replays = new Counter({
    name: 'idempotent_replays_total',
    help: 'Responses replayed from an idempotency record.',
    registers,
  });
  storeMetrics(registry, store);
  statementMetrics(registry);
  poolMetrics(registry, db);
  logTransitions(app, store);
  app.decorate('metrics', registry);

  app.addHook('onResponse', async (request, reply) => {
    // The pattern, never the raw URL, so ids in paths do not make a series each.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) rejections.inc();
    if (reply.getHeader('Idempotent-Replayed') === 'true') replays.inc();
  });
  app.addHook('onClose', async () => registry.clear());
});
