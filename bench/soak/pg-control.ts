/**
 * Owns the soak's private PostgreSQL cluster in a child process: `pg_ctl` runs synchronously, and the
 * load generator must keep sending requests while the cluster restarts. When the parent goes away,
 * for whatever reason, the cluster is destroyed with it.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type PgCluster, startPgCluster } from '../../test/helpers/services.js';

export type Mode = 'fast' | 'immediate';
type Msg =
  | { type: 'ready'; url: string }
  | { type: 'done'; id: number; stopMs: number; startMs: number; error?: string };

export interface PgControl {
  url: string;
  /** Stops and starts the cluster; resolves when it accepts connections again. */
  restart(mode: Mode): Promise<{ stopMs: number; startMs: number; error?: string }>;
  destroy(): Promise<void>;
}

export async function startPgControl(database: string): Promise<PgControl> {
  const child = fork(fileURLToPath(import.meta.url), [database], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const waiting = new Map<number, (m: Msg & { type: 'done' }) => void>();
  let nextId = 1;
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the PostgreSQL control process exited (${code})`)));
    child.on('message', (m: Msg) => {
      if (m.type === 'ready') resolve(m.url);
      else waiting.get(m.id)?.(m);
    });
  });
  return {
    url,
    restart: (mode) =>
      new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        child.send({ cmd: 'restart', mode, id });
      }),
    destroy: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send({ cmd: 'destroy' });
      }),
  };
}

async function serve(database: string) {
  let cluster: PgCluster | undefined;
  const quit = () => {
    cluster?.destroy();
    process.exit(0);
  };
  process.on('disconnect', quit);
  cluster = await startPgCluster();
  cluster.createDatabase(database);
  process.on('message', (m: { cmd: string; mode: Mode; id: number }) => {
    if (m.cmd === 'destroy') return quit();
    const c = cluster as PgCluster;
    const t0 = performance.now();
    let stopMs = 0;
    try {
      c.stop(m.mode);
      stopMs = performance.now() - t0;
      c.start();
      process.send?.({ type: 'done', id: m.id, stopMs, startMs: performance.now() - t0 - stopMs });
    } catch (err) {
      const error = (err as { stderr?: Buffer }).stderr?.toString().trim() || String(err);
      // Leave the cluster running for the rest of the soak whatever failed (a second start is harmless).
      try {
        c.start();
      } catch {}
      process.send?.({ type: 'done', id: m.id, stopMs, startMs: performance.now() - t0 - stopMs, error });
    }
  });
  process.send?.({ type: 'ready', url: cluster.url(database) });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serve(process.argv[2]);
