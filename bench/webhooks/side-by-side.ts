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
import pg from 'pg';

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
const base = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/ordering_webhooks');
const dbName = base.pathname.slice(1);

async function ensureDatabase(name: string) {
  const admin = new pg.Client({ connectionString: new URL('/postgres', base).href });
  await admin.connect();
  try {
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rows.length === 0) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

/** One bench run in `dir`: its report's figures by row name. */
function run(dir: string, database: string): Promise<Map<string, string>> {
  const url = new URL(base);
  url.pathname = `/${database}`;
  const args = ['run', 'bench:webhooks', '--', '--rate', values.rate as string, '--seconds', values.seconds as string];
  const child = spawn('npm', [...args, '--rounds', '1', '--db', 'postgres', '--no-write'], {
    cwd: dir,
    env: { ...process.env, DATABASE_URL: url.href },
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

for (const side of ['a', 'b']) await ensureDatabase(`${dbName}_${side}`);
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
