/**
 * `npm test`: prepares the database once (a migrated PGlite template, or migrations on DATABASE_URL),
 * compiles the TypeScript once (./test-build.ts), then runs every test file with Node's test runner,
 * each file in its own process.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDb, pgliteDb } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { wasmTieringFlags } from '../src/lib/wasm-tiering.js';
import { TEMPLATE } from '../test/helpers/db.js';
import { buildDir, buildTests, compiledPath, removeStaleBuilds } from './test-build.js';

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

if (process.env.DATABASE_URL) {
  const db = await openDb({ databaseUrl: process.env.DATABASE_URL });
  await migrate(db);
  await db.close();
} else {
  const pglite = new PGlite();
  await migrate(pgliteDb(pglite));
  mkdirSync('.cache', { recursive: true });
  // Written aside and renamed, so a test process started by a concurrent run never reads half a file.
  const partial = `${TEMPLATE}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer()));
  renameSync(partial, TEMPLATE);
  await pglite.close();
}

const args = process.argv.slice(2);
const files = args.length > 0 ? args : testFiles('test').sort();
const root = process.cwd();
const out = buildDir(root);
removeStaleBuilds(root);
await buildTests(root, out);
// Each test process opens PGlite: it runs with the server's V8 setting for it (src/lib/wasm-tiering.ts).
const result = spawnSync(
  process.execPath,
  [
    ...wasmTieringFlags(),
    '--enable-source-maps',
    '--test',
    '--test-concurrency=2',
    '--test-reporter=spec',
    ...files.map((file) => compiledPath(root, out, file)),
  ],
  // A test file that never exits (an open handle after a failed hook) must not hold CI until its cut-off.
  { stdio: 'inherit', timeout: 30 * 60_000, killSignal: 'SIGKILL' },
);
rmSync(out, { recursive: true, force: true });
if (result.error) console.error(`test run stopped: ${result.error.message}`);
process.exit(result.status ?? 1);
