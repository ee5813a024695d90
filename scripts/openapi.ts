/**
 * Writes openapi.json from the route schemas (`npm run openapi`), or with --check fails when the
 * committed document differs from what the code generates (CI's drift check).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { buildApp } from '../src/app.js';
import { openDb } from '../src/db/client.js';
import { memoryStore } from '../src/http/rate-limit-store.js';

const FILE = 'openapi.json';
// Routes only need a database to serve; building the document touches none of it.
const db = await openDb({});
const app = await buildApp({ db, store: memoryStore() });
await app.ready();
const generated = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await db.close();

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(FILE, 'utf8');
  } catch {}
  if (committed !== generated) {
    console.error(`${FILE} is out of date with the route schemas: run \`npm run openapi\` and commit it.`);
    process.exit(1);
  }
  console.log(`${FILE} is current.`);
} else {
  writeFileSync(FILE, generated);
  console.log(`Wrote ${FILE}.`);
}
