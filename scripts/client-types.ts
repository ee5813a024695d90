/**
 * Writes the typed client's types, client/generated/api.ts, from the committed openapi.json
 * (`npm run client:generate`), or with --check fails when the committed file differs from what
 * openapi.json generates now (CI's drift check, run after `openapi:check`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

const SOURCE = 'openapi.json';
const FILE = 'client/generated/api.ts';

// The same output as the openapi-typescript CLI with default options (its banner included).
const ast = await openapiTS(new URL(SOURCE, `file://${process.cwd()}/`), { silent: true });
const generated = COMMENT_HEADER + astToString(ast);

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(FILE, 'utf8');
  } catch {}
  if (committed !== generated) {
    console.error(`${FILE} is out of date with ${SOURCE}: run \`npm run client:generate\` and commit it.`);
    process.exit(1);
  }
  console.log(`${FILE} is current.`);
} else {
  writeFileSync(FILE, generated);
  console.log(`Wrote ${FILE}.`);
}
