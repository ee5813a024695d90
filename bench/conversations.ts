/**
 * Simulated customers (test/chatbot/customers/): each wants one exact order on a demo menu or the test
 * fixture's, opens with a natural message and answers the bot's questions as people do, until the order
 * is placed or 12 messages have gone by. Prints the success rate and the average number of messages per
 * successful conversation, per language and mode, and writes bench/results/conversations.md.
 *
 *   npm run bench:conversations -- [--no-write] [--label after] [--show failures|all] [--cast original|more|all]
 *
 * `--cast`: the original cast (cast.ts, the default, so figures stay comparable), the second one written
 * apart from it (cast-more.ts), or both.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cast } from '../test/chatbot/customers/cast.js';
import { castMore } from '../test/chatbot/customers/cast-more.js';
import { runCustomers, summarize } from '../test/chatbot/customers/run.js';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const LABEL = arg('label', 'current');
const SHOW = arg('show', 'failures');
const CASTS = {
  original: () => cast(),
  more: () => castMore(),
  all: () => [...cast(), ...castMore()],
} as const;
const CAST = arg('cast', 'original');
if (!(CAST in CASTS)) {
  console.error(`--cast must be one of ${Object.keys(CASTS).join(', ')}, not ${CAST}`);
  process.exit(2);
}
const CAST_FILES = {
  original: 'test/chatbot/customers/cast.ts',
  more: 'test/chatbot/customers/cast-more.ts',
  all: 'test/chatbot/customers/cast.ts and cast-more.ts',
};
const RESULTS = fileURLToPath(new URL('./results/conversations.md', import.meta.url));

const outcomes = await runCustomers(CASTS[CAST as keyof typeof CASTS]());
const rows = summarize(outcomes);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const avg = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(2));
for (const o of outcomes) {
  if (SHOW === 'all' || (SHOW === 'failures' && !o.success)) {
    console.log(`\n## ${o.name}: ${o.reason} (${o.messages} messages)`);
    for (const line of o.transcript) console.log(`  ${line.slice(0, 240)}`);
  }
}
console.log('\ngroup | customers | success | average messages (successful)');
for (const r of rows) console.log(`${r.group} | ${r.customers} | ${pct(r.rate)} | ${avg(r.average)}`);

if (!process.argv.includes('--no-write')) {
  const table = [
    `### ${LABEL} (${new Date().toISOString().slice(0, 10)})`,
    '',
    ...(CAST === 'original' ? [] : [`Cast: ${CAST} (${CAST_FILES[CAST as keyof typeof CAST_FILES]}).`, '']),
    '| language / mode | customers | placed the right order | average messages per successful conversation |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.group} | ${r.customers} | ${r.successes} (${pct(r.rate)}) | ${avg(r.average)} |`),
    '',
    `Failures: ${
      outcomes
        .filter((o) => !o.success)
        .map((o) => `${o.name} (${o.reason})`)
        .join('; ') || 'none'
    }.`,
    '',
  ].join('\n');
  const head = [
    '# Simulated customers (bench/conversations.ts)',
    '',
    'Command: `npm run bench:conversations -- --label <name>` (deterministic engine; the scripted customers of',
    'test/chatbot/customers/cast.ts on the five demo menus and the test fixture, English and German, location and',
    'businessOrganization mode; `--cast more` runs the second cast of cast-more.ts instead, `--cast all` both).',
    "A conversation succeeds when the platform placed exactly the customer's target",
    'draft (lines with options, without, extra and picks; service type; payment; a pin for delivery) within 12',
    "messages; its messages are the customer's, the opening one included.",
    '',
  ].join('\n');
  const previous = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : head;
  const kept = previous.split(/^### /m);
  const sections = kept.slice(1).filter((s) => !s.startsWith(`${LABEL} (`));
  writeFileSync(RESULTS, [kept[0], ...sections.map((s) => `### ${s}`), table].join(''));
  console.log(`\nwritten: ${RESULTS}`);
}
