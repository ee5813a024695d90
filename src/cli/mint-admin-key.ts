/** Mints an admin key against the configured database (DATABASE_URL or DATA_DIR) and prints it once. */
import { loadConfig } from '../config.js';
import { type Db, openDb } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { issueKey } from '../domain/api-keys.js';

const config = loadConfig();
const name = process.argv[2] ?? 'minted from the command line';
let db: Db | undefined;
try {
  db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  const key = await issueKey(db, { type: 'admin', name });
  process.stderr.write(`Admin key ${key.id} (${key.redacted_key}). The secret is shown once:\n`);
  process.stdout.write(`${key.secret}\n`);
} catch (err) {
  process.stderr.write(`Could not mint an admin key: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await db?.close();
}
