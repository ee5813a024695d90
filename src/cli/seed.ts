/**
 * Demo data: `npm run seed -- [--orders 1000] [--organizations 3] [--days 90] [--seed 42] [--with-keys]`.
 * Runs migrations, then writes restaurant groups, locations, settings, closings and orders into the
 * configured database (DATABASE_URL, else the embedded PGlite in DATA_DIR).
 */
import { loadConfig } from '../config.js';
import { openDb } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { parseCli, usageError } from './args.js';
import { seed } from './seed/index.js';
import { createSeedOwner, issueSeedKeys, keyLines } from './seed/keys.js';
import { locationTable, progressBar, summaryTable } from './seed/progress.js';

const USAGE = `Usage: npm run seed -- [options]

Writes a demo data set (organizations, locations with settings, menus and closings, orders over the last
days) into the configured database: DATABASE_URL, else the embedded database in DATA_DIR, which must not be
in use by a running server.

Options:
  --orders N          orders to write (default 1000)
  --organizations N   organizations (default 3); a standalone location comes with them
  --days N            days the orders span, up to now (default 90)
  --seed N            random seed (default 42)
  --batch-size N      orders per INSERT batch (default 2000 on PostgreSQL, 500 embedded)
  --now ISO           the instant the data leads up to (default: now); fixed, runs are identical
  --with-keys         also issue and print keys to try the data with: an admin key, one key per
                      organization and one per standalone location, every permission
  -h, --help          print this help and exit`;

function integer(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) usageError(USAGE, `--${name} must be an integer of at least ${min}.`);
  return n;
}

async function main() {
  const { values } = parseCli(USAGE, {
    orders: { type: 'string' },
    organizations: { type: 'string' },
    days: { type: 'string' },
    seed: { type: 'string' },
    'batch-size': { type: 'string' },
    now: { type: 'string' },
    'with-keys': { type: 'boolean' },
  });
  const now = values.now === undefined ? Date.now() : Date.parse(values.now);
  if (Number.isNaN(now)) usageError(USAGE, '--now must be an ISO 8601 date-time.');
  const options = {
    orders: integer('orders', values.orders, 1000, 0),
    organizations: integer('organizations', values.organizations, 3, 1),
    days: integer('days', values.days, 90, 1),
    seed: integer('seed', values.seed, 42, 0),
    batchSize: values['batch-size'] === undefined ? undefined : integer('batch-size', values['batch-size'], 0, 1),
    now,
  };
  const config = loadConfig();
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const target = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    process.stderr.write(`Seeding ${target}: migrations…\n`);
    await migrate(db);
    const summary = await seed(db, { ...options, onProgress: progressBar() });
    process.stdout.write(`${summaryTable(summary)}\n\nLocations:\n${locationTable(summary)}\n`);
    process.stdout.write(`\nOrganizations:\n${summary.organizations.map((o) => `  ${o.id}  ${o.name}`).join('\n')}\n`);
    if (values['with-keys']) {
      const keys = await db.transaction((tx) => issueSeedKeys(tx, summary));
      process.stdout.write(`\nAPI keys (the secrets are shown this once):\n${keyLines(keys)}\n`);
      const owner = await db.transaction((tx) => createSeedOwner(tx, summary, options.seed ?? 42));
      if (owner) {
        process.stdout.write(
          `\nConsole login (the password is shown this once): owner of ${owner.organization}\n` +
            `# POST /console/login with {"email": "${owner.user.email}", "password": "..."}\n` +
            `CONSOLE_EMAIL=${owner.user.email}\nCONSOLE_PASSWORD=${owner.password}\n`,
        );
      }
    }
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  const duplicate = (err as { code?: string }).code === '23505';
  const hint = duplicate ? '\nThis data set is already in the database (same --seed and --now); change either.' : '';
  process.stderr.write(`\n${err instanceof Error ? err.message : String(err)}${hint}\n`);
  process.exit(1);
});
