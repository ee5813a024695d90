/**
 * Demo data: `npm run seed -- --orders 100000 [--organizations 3] [--days 90] [--seed 42]`.
 * Runs migrations, then writes restaurant groups, locations, settings, closings and orders into the
 * configured database (DATABASE_URL, else the embedded PGlite in DATA_DIR).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDb } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { seed } from './seed/index.js';
import { locationTable, progressBar, summaryTable } from './seed/progress.js';

const USAGE =
  'Usage: npm run seed -- --orders N [--organizations 3] [--days 90] [--seed 42] [--batch-size N] [--now ISO]';

function integer(name: string, value: string | undefined, fallback: number | undefined, min: number): number {
  if (value === undefined) {
    if (fallback === undefined) throw new Error(`--${name} is required.\n${USAGE}`);
    return fallback;
  }
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min)
    throw new Error(`--${name} must be an integer of at least ${min}.\n${USAGE}`);
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string' },
      organizations: { type: 'string' },
      days: { type: 'string' },
      seed: { type: 'string' },
      'batch-size': { type: 'string' },
      now: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const now = values.now === undefined ? Date.now() : Date.parse(values.now);
  if (Number.isNaN(now)) throw new Error(`--now must be an ISO 8601 date-time.\n${USAGE}`);
  const options = {
    orders: integer('orders', values.orders, undefined, 0),
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
