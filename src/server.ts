import { buildApp } from './app.js';
import type { Config } from './config.js';
import { type Db, openDb } from './db/client.js';
import { migrate } from './db/migrate.js';
import { ensureAdminKey } from './domain/api-keys.js';
import { purgeExpired } from './domain/idempotency.js';
import { purgeDeadInstances } from './domain/instances.js';
import { memoryStore, type RateLimitStore, redisStore } from './http/rate-limit-store.js';

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
  const app = await buildApp({
    db,
    store,
    logger: { level: config.logLevel },
    channels: { whatsappGraphBaseUrl: config.whatsappGraphBaseUrl, pollIntervalMs: 5_000 },
  });
  const purge = setInterval(() => {
    purgeExpired(db).catch((err) => app.log.warn({ err }, 'idempotency purge failed'));
    purgeDeadInstances(db).catch((err) => app.log.warn({ err }, 'instance purge failed'));
  }, 10 * 60_000);
  purge.unref();
  await app.listen({ port: config.port, host: config.host });
  return {
    app,
    async stop() {
      clearInterval(purge);
      await app.close();
      await store.close();
      await db.close();
    },
  };
}
