/**
 * Private services for fault tests and benchmarks: a PostgreSQL cluster and a Redis server of the test's
 * own, on free ports in a temp folder, so the machine's shared services are never stopped or touched.
 * And the real server as a child process on a real port.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The newest installed PostgreSQL's bin folder, or undefined when there is none. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  const bin = versions.map((v) => join(root, v, 'bin')).find((b) => existsSync(join(b, 'initdb')));
  return bin;
}

export interface PgCluster {
  port: number;
  /** A connection URL for `database` (created by `createDatabase`), user postgres, trust auth. */
  url(database?: string): string;
  createDatabase(name: string): void;
  start(): void;
  /** Stops the server: `fast` disconnects clients (57P01), `immediate` is like a crash. */
  stop(mode?: 'fast' | 'immediate'): void;
  restart(mode?: 'fast' | 'immediate'): void;
  /** Stops the server and removes its folder. */
  destroy(): void;
}

/** Says why a private cluster cannot be made here, or undefined when it can. */
export function pgClusterUnavailable(): string | undefined {
  if (!postgresBin()) return 'no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root without a postgres user to run initdb as';
    }
  }
  return undefined;
}

/** initdb refuses to run as root: as root, every server command runs as the postgres user. */
function asOwner(cmd: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [cmd, args];
  return ['runuser', ['-u', 'postgres', '--', cmd, ...args]];
}

function run(cmd: string, args: string[]) {
  const [c, a] = asOwner(cmd, args);
  execFileSync(c, a, { stdio: ['ignore', 'ignore', 'pipe'] });
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = postgresBin();
  if (!bin) throw new Error(pgClusterUnavailable());
  const dir = mkdtempSync(join(tmpdir(), 'pgcluster-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const ctl = (args: string[]) => run(join(bin, 'pg_ctl'), ['-D', data, '-w', '-t', '30', ...args]);
  const cluster: PgCluster = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    createDatabase(name) {
      execFileSync(
        join(bin, 'psql'),
        ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-qc', `CREATE DATABASE "${name}"`],
        {
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
    },
    start: () => ctl(['-o', opts, '-l', join(dir, 'log'), 'start']),
    stop: (mode = 'fast') => ctl(['-m', mode, 'stop']),
    restart(mode = 'fast') {
      cluster.stop(mode);
      cluster.start();
    },
    destroy() {
      try {
        cluster.stop('immediate');
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}

export interface RedisServer {
  port: number;
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function redisUnavailable(): string | undefined {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'redis-server is not installed';
  }
}

/** A Redis server of the caller's own: nothing kept on disk; stop() kills it, start() brings it back. */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let proc: ChildProcess | undefined;
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      proc = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      for (let i = 0; i < 100; i++) {
        try {
          execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'ignore' });
          return;
        } catch {
          await sleep(50);
        }
      }
      throw new Error('private redis-server did not start');
    },
    async stop() {
      const p = proc;
      if (!p || p.exitCode !== null) return;
      await new Promise((r) => {
        p.on('exit', r);
        p.kill('SIGKILL');
      });
    },
  };
  await server.start();
  return server;
}

export interface ServerProcess {
  proc: ChildProcess;
  base: string;
  port: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited(): Promise<number | string | null>;
}

/** A Node child in its own process group, its output kept, started with `env` added to this process's. */
function spawnNode(args: string[], env: Record<string, string>) {
  const proc = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  proc.stdout?.on('data', (d) => {
    out += d;
  });
  proc.stderr?.on('data', (d) => {
    out += d;
  });
  const exit = new Promise<number | string | null>((r) => proc.on('exit', (code, signal) => r(code ?? signal)));
  return { proc, output: () => out, exited: () => exit };
}

/** Polls `ready` until it holds; a child that exits first, or the deadline, kills its group and throws. */
async function waitReady(
  child: ReturnType<typeof spawnNode>,
  what: string,
  ready: () => Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) {
      throw new Error(`${what} exited: ${child.output()}`);
    }
    try {
      if (await ready()) return;
    } catch {}
    await sleep(100);
  }
  try {
    process.kill(-(child.proc.pid as number), 'SIGKILL');
  } catch {}
  throw new Error(`${what} did not start in ${timeoutMs} ms: ${child.output()}`);
}

/**
 * Starts `src/main.ts` on a free port with `env` added to this process's environment, in its own process
 * group, and waits until it answers. The caller stops it (SIGTERM or SIGKILL) and awaits `exited()`.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 30_000,
  /** Extra node flags (a benchmark's `--cpu-prof`). */
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawnNode([...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...env,
    PORT: String(port),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitReady(child, 'server', async () => (await fetch(`${base}/v1/locations`)).status === 401, timeoutMs);
  return { ...child, base, port };
}

export interface ChatbotProcess {
  proc: ChildProcess;
  /** The platform's CHATBOT_URL for it. */
  url: string;
  output(): string;
  exited(): Promise<number | string | null>;
  /** SIGTERM to its process group; resolves with the exit code. */
  stop(): Promise<number | string | null>;
}

/**
 * Starts the reference chatbot as `npm run chatbot` does (`node --import tsx chatbot/main.ts`) on a free
 * port, in its own process group, with `env` added to this process's environment, and waits until its
 * /healthz answers.
 */
export async function startChatbotProcess(env: Record<string, string>, timeoutMs = 30_000): Promise<ChatbotProcess> {
  const port = Number(env.CHATBOT_PORT ?? (await freePort()));
  const child = spawnNode(['--import', 'tsx', 'chatbot/main.ts'], {
    CHATBOT_HOST: '127.0.0.1',
    CHATBOT_LOG_LEVEL: 'warn',
    ...env,
    CHATBOT_PORT: String(port),
  });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(child, 'chatbot', async () => (await fetch(`${url}/healthz`)).status === 200, timeoutMs);
  const stop = async () => {
    try {
      process.kill(-(child.proc.pid as number), 'SIGTERM');
    } catch {}
    return child.exited();
  };
  return { ...child, url, stop };
}
