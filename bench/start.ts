/**
 * `npm start` on the embedded database as a newcomer runs it: time from the spawn to the first answer of
 * `/readyz`, and the memory of the server process (RSS, read from /proc) once it answers. Two cases: an empty
 * data folder (the first start creates and migrates the database) and the same folder saved (every later
 * start). Prints a table; `--write` adds it to bench/results/start.md.
 *
 *   npm run bench:start -- --runs 5 [--write] [--command "node --import tsx src/main.ts"]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../test/helpers/services.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    write: { type: 'boolean', default: false },
    // Another way to start, to compare in the same run (e.g. "node --import tsx src/main.ts").
    command: { type: 'string', default: 'npm start --silent' },
  },
});
const runs = Number(values.runs);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The group's processes (npm, the build check, node): the largest one's RSS in MB, and the CPU seconds
 * (user + system) of those still running, which a loaded machine inflates less than wall time.
 */
function groupUsage(pgid: number): { largest: number; cpu: number } {
  let largest = 0;
  let cpu = 0;
  const ticks = 100;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      cpu += (Number(fields[11]) + Number(fields[12])) / ticks;
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      largest = Math.max(largest, kb / 1024);
    } catch {}
  }
  return { largest, cpu };
}

type Start = { ms: number; rssMb: number; cpu: number };

async function startOnce(dataDir: string): Promise<Start> {
  const port = await freePort();
  const began = performance.now();
  const [file, ...args] = (values.command as string).split(' ');
  const child: ChildProcess = spawn(file as string, args, {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '' },
    detached: true,
    stdio: 'ignore',
  });
  const pgid = child.pid as number;
  try {
    for (;;) {
      if (performance.now() - began > 120_000) throw new Error('no answer within 120 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (res.status === 200) break;
      } catch {}
      await sleep(20);
    }
    const ms = performance.now() - began;
    const { cpu } = groupUsage(pgid);
    await sleep(500);
    return { ms, rssMb: groupUsage(pgid).largest, cpu };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-pgid, 'SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {}
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dir = mkdtempSync(join(tmpdir(), 'bench-start-'));
const rows: string[] = [];
try {
  const empty: Start[] = [];
  const saved: Start[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = join(dir, `data-${i}`);
    empty.push(await startOnce(dataDir));
    saved.push(await startOnce(dataDir));
    process.stdout.write('.');
  }
  process.stdout.write('\n');
  for (const [name, xs] of [
    ['empty data folder (first start)', empty],
    ['saved data folder', saved],
  ] as const) {
    rows.push(
      `| ${name} | ${runs} | ${Math.round(median(xs.map((x) => x.ms)))} | ${Math.round(Math.max(...xs.map((x) => x.ms)))} | ${median(xs.map((x) => x.cpu)).toFixed(2)} | ${Math.round(median(xs.map((x) => x.rssMb)))} |`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const when = new Date().toISOString().slice(0, 16);
const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(', ');
const table = [
  `### ${when}Z, \`${values.command}\`, Node ${process.version}, load average ${load}`,
  '',
  '| case | runs | spawn → first /readyz 200, median ms | max ms | server CPU s at that point, median | server RSS after start, median MB |',
  '|---|---:|---:|---:|---:|---:|',
  ...rows,
  '',
].join('\n');
console.log(table);
if (values.write) appendFileSync(new URL('./results/start.md', import.meta.url), `\n${table}`);
