import { buildApp } from './app.js';
import type { Config } from './config.js';
import { type Db, openDb, postgresDb } from './db/client.js';
import { startMaintenance } from './db/maintenance.js';
import { migrate } from './db/migrate.js';
import { ensureAdminKey } from './domain/api-keys.js';
import { pruneEvents } from './domain/events/list.js';
import { purgeExpiredGeocodes } from './domain/geocoding/lookup.js';
import { purgeExpired } from './domain/idempotency.js';
import { purgeDeadInstances } from './domain/instances.js';
import { memoryStore, type RateLimitStore, redisStore } from './http/rate-limit-store.js';
import { purgeDoneJobs } from './jobs/schedule.js';
import { pruneDeliveries } from './webhooks/deliveries.js';

export async function openStorage(config: Config): Promise<{ db: Db; store: RateLimitStore }> {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  if (config.adminApiKey) await ensureAdminKey(db, config.adminApiKey);
  // An unreachable Redis does not stop the start: the store counts in memory until Redis answers.
  const store = config.redisUrl ? redisStore(config.redisUrl) : memoryStore();
  await store.ready?.();
  return { db, store };
}

/** Migrates, then serves; resolves with a stop function that drains requests in flight. */
export async function startServer(config: Config) {
  const { db, store } = await openStorage(config);
  // The webhook worker's own connections, one per attempt in flight plus one for its claims: API traffic on
  // the app's pool does not starve deliveries, and an attempt never waits for a connection another holds.
  const workerDb =
    config.databaseUrl && config.chatbotUrl ? postgresDb(config.databaseUrl, config.webhookConcurrency + 1) : undefined;
  const app = await buildApp({
    db,
    store,
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    flood: config.flood,
    geocoder: config.geocoder,
    channels: {
      whatsappGraphBaseUrl: config.whatsappGraphBaseUrl,
      whatsappGraphVersion: config.whatsappGraphVersion,
      pollIntervalMs: 5_000,
      wakeOnNotify: true,
    },
    webhooks: {
      chatbotUrl: config.chatbotUrl,
      chatbotToken: config.chatbotToken,
      signingSecret: config.chatbotSigningSecret,
      timeoutMs: config.chatbotTimeoutMs,
      concurrency: config.webhookConcurrency,
      maxBodyBytes: config.chatbotBodyMaxBytes,
      queueLagLimitMs: config.inboundQueueLagLimitMs,
      db: workerDb,
    },
    events: { allow: config.webhookAllowedHosts, deliver: true },
  });
  const purge = setInterval(() => {
    purgeExpired(db).catch((err) => app.log.warn({ err }, 'idempotency purge failed'));
    purgeDeadInstances(db).catch((err) => app.log.warn({ err }, 'instance purge failed'));
    purgeDoneJobs(db).catch((err) => app.log.warn({ err }, 'job purge failed'));
    purgeExpiredGeocodes(db).catch((err) => app.log.warn({ err }, 'geocode cache purge failed'));
  }, 10 * 60_000);
  purge.unref();
  // Ended deliveries are kept for inspection: succeeded 7 days, failed 30 (docs/message-webhook.md).
  const prune = setInterval(() => {
    pruneDeliveries(db).catch((err) => app.log.warn({ err }, 'webhook delivery pruning failed'));
    // Events are kept 30 days (docs/events.md), their deliveries and attempts with them.
    pruneEvents(db).catch((err) => app.log.warn({ err }, 'event pruning failed'));
  }, 60 * 60_000);
  prune.unref();
  const maintenance = startMaintenance(db, config.dbMaintenance, app.log);
  await app.listen({ port: config.port, host: config.host });
  return {
    app,
    async stop() {
      clearInterval(purge);
      clearInterval(prune);
      await maintenance.stop();
      await app.close();
      await workerDb?.close();
      await store.close();
      await db.close();
    },
  };
}
