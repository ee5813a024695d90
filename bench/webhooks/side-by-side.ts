/**
 * Two checkouts of this repository measured at the same time: `npm run bench:webhooks` (PostgreSQL, one
 * round) in each, started together, each on a database of its own, so both share whatever the machine
 * does meanwhile. On a shared machine whose runs of the same code differ by 15 % one after the other, the
 * two sides of one round differ by 1–3 % (bench/results/webhooks.md, 2026-11-29 09:45–10:10): a change of a
 * few per cent shows here and nowhere else. A profiling tool, not a test.
 *
 *   npx tsx bench/webhooks/side-by-side.ts --a DIR [--b DIR] [--rounds 3] [--rate 60] [--seconds 30]
 *
 * `--b` defaults to this checkout; `--a` the same as `--b` measures the method itself. Databases:
 * DATABASE_URL's name (else `ordering_webhooks`) with `_a` and `_b`, created when missing. Make a
 * checkout of a commit with `git worktree add /tmp/a REV` and link this one's node_modules into it.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_DATABASE_URL, ensureDatabase } from './schema.js';

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string', default: process.cwd() },
    rounds: { type: 'string', default: '3' },
    rate: { type: 'string', default: '60' },
    seconds: { type: 'string', default: '30' },
  },
});
if (!values.a) throw new Error('--a DIR is needed: the checkout to measure beside --b');
const sides = { a: resolve(values.a), b: resolve(values.b) } as const;
const base = new URL(process.env.DATABASE_URL || BENCH_DATABASE_URL);
const dbName = base.pathname.slice(1);
const databaseUrl = (name: string) => Object.assign(new URL(base), { pathname: `/${name}` }).href;

/** One bench run in `dir`: its report's figures by row name. */
function run(dir: string, database: string): Promise<Map<string, string>> {
  const args = ['run', 'bench:webhooks', '--', '--rate', values.rate as string, '--seconds', values.seconds as string];
  const child = spawn('npm', [...args, '--rounds', '1', '--db', 'postgres', '--no-write'], {
    cwd: dir,
    env: { ...process.env, DATABASE_URL: databaseUrl(database) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  return new Promise((done, fail) =>
    child.on('exit', (code) => {
      if (code !== 0) return fail(new Error(`bench in ${dir} exited with ${code}:\n${out}`));
      const rows = out.split('\n').filter((l) => l.startsWith('| ') && l.split('|').length === 4);
      done(
        new Map(
          rows
            .map((l) => l.split('|').map((c) => c.trim()) as [string, string, string, string])
            .map((c) => [c[1], c[2]]),
        ),
      );
    }),
  );
}

const SHOWN: Array<[string, RegExp]> = [
  ['achieved', /^achieved rate/],
  ['p99 received', /^created → received p99/],
  ['statements', /^statements per stored message/],
  ['CPU a message, server / PostgreSQL', /^CPU per stored message/],
];
const pick = (m: Map<string, string>, re: RegExp) => [...m].find(([k]) => re.test(k))?.[1] ?? '–';

for (const side of ['a', 'b']) await ensureDatabase(databaseUrl(`${dbName}_${side}`));
console.log(`a: ${sides.a}\nb: ${sides.b}\n${values.rate}/s each for ${values.seconds} s, started together\n`);
console.log(`| round | side | ${SHOWN.map(([n]) => n).join(' | ')} |`);
console.log(`|---:|---|${SHOWN.map(() => '---:').join('|')}|`);
for (let round = 1; round <= Number(values.rounds); round++) {
  const [a, b] = await Promise.all([run(sides.a, `${dbName}_a`), run(sides.b, `${dbName}_b`)]);
  for (const [side, figures] of [
    ['a', a],
    ['b', b],
  ] as const) {
    console.log(`| ${round} | ${side} | ${SHOWN.map(([, re]) => pick(figures, re)).join(' | ')} |`);
  }
}
