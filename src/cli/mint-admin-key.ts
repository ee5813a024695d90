/** Mints an admin key against the configured database (DATABASE_URL or DATA_DIR) and prints it once. */
import { loadConfig } from '../config.js';
import { type Db, openDb } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { issueKey } from '../domain/api-keys.js';
import { parseCli } from './args.js';

const USAGE = `Usage: npm run admin-key [-- [NAME]]

Mints an admin key (svc_admin_…) in the configured database (DATABASE_URL, else the embedded database in
DATA_DIR, which must not be in use by a running server) and prints its secret once on stdout; the key's
id goes to stderr. NAME labels the key (default: "minted from the command line").

Options:
  -h, --help   print this help and exit`;

const { positionals } = parseCli(USAGE, {}, 1);
const name = positionals[0] ?? 'minted from the command line';
const config = loadConfig();
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
