/** The two servers of the comparison, each a child process in its own group, and their memory. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { wasmTieringFlags } from '../../src/lib/wasm-tiering.js';

export interface Server {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`no answer from ${url}`);
}

function start(args: string[], env: Record<string, string>, port: number, probe: string): Promise<Server> {
  // COMPARE_NODE_ARGS: e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile both servers.
  // Both run PGlite with the V8 setting the real server gives itself (src/lib/wasm-tiering.ts): a comparison
  // of handlers, not of V8 settings.
  const nodeArgs = [...wasmTieringFlags(), ...(process.env.COMPARE_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  // stdout (the info log) goes to /dev/null: written, as in production, but not kept.
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...args], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(child.pid as number, 'SIGTERM');
    await exited;
  };
  return waitFor(url + probe, child).then(
    () => ({ url, pid: child.pid as number, stop }),
    async (err) => {
      await stop();
      throw err;
    },
  );
}

/** The real server (src/main.ts) at LOG_LEVEL=info on DATABASE_URL or DATA_DIR. */
export const startReal = (env: Record<string, string>, port: number) =>
  start(['src/main.ts'], { LOG_LEVEL: 'info', ...env }, port, '/health');

/** The bare handler on BARE_DATABASE_URL or BARE_DATA_DIR. */
export const startBare = (env: Record<string, string>, port: number) =>
  start(['bench/compare/bare.ts'], env, port, '/');

/** Resident set size of a process, in MB. */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : Number.NaN;
}
