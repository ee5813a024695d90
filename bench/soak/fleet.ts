/**
 * The server processes under soak. A process that dies is counted, its last output kept, and a new
 * one started on the same port (retrying while its dependencies are down), so the load goes on.
 */
import { readFileSync } from 'node:fs';
import { type ServerProcess, startServerProcess } from '../../test/helpers/services.js';

export interface Death {
  t: number;
  exit: number | string | null;
  /** The last lines the process wrote: the reason it died, when it said. */
  tail: string;
  /** When a replacement answered again (ms since the load started), if it did. */
  back?: number;
}

export interface Node {
  index: number;
  name: string;
  port: number;
  base: string;
  proc?: ServerProcess;
  alive: boolean;
  deaths: Death[];
  rssStartKb?: number;
  rssPeakKb: number;
  rssEndKb?: number;
  /** How the last process ended at the end of the run: exit code 0 is a clean SIGTERM shutdown. */
  finalExit?: number | string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function rssKb(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** What the process said as it died: its last error, without stack frames or empty fields. */
function tailOf(out: string): string {
  const noise = /^\s+at |^\s*\[\.\.\. lines matching|^Node\.js v|^\s*$|: undefined,?$/;
  const lines = out
    .split('\n')
    .filter((l) => !noise.test(l))
    .slice(-25);
  const error = lines.findIndex((l) => /(^|\s)\w*(Error|error):/.test(l));
  return lines
    .slice(error >= 0 ? error : -5)
    .slice(0, 8)
    .map((l) => l.slice(0, 300))
    .join('\n');
}

export class Fleet {
  readonly nodes: Node[] = [];
  private stopping = false;
  private sampler?: NodeJS.Timeout;
  /** Server starts under way: stop() waits for them, so no process outlives the soak. */
  private launching = new Set<Promise<unknown>>();

  constructor(
    private readonly env: Record<string, string>,
    private readonly now: () => number,
  ) {}

  private launch(env: Record<string, string>): Promise<ServerProcess> {
    const p = startServerProcess(env, 30_000).then(async (proc) => {
      if (!this.stopping) return proc;
      process.kill(-(proc.proc.pid as number), 'SIGKILL');
      await proc.exited();
      throw new Error('the soak is stopping');
    });
    const settled: Promise<unknown> = p.catch(() => {}).finally(() => this.launching.delete(settled));
    this.launching.add(settled);
    return p;
  }

  /** Starts the servers one after another: each migrates the database at start-up. */
  async start(names: string[]) {
    for (const name of names) {
      const proc = await this.launch(this.env);
      const node: Node = {
        index: this.nodes.length,
        name,
        port: proc.port,
        base: proc.base,
        proc,
        alive: true,
        deaths: [],
        rssPeakKb: 0,
      };
      this.nodes.push(node);
      this.watch(node);
    }
    this.sampler = setInterval(() => this.sample(), 2000);
  }

  sample() {
    for (const n of this.nodes) {
      const kb = n.alive ? rssKb(n.proc?.proc.pid) : undefined;
      if (kb) n.rssPeakKb = Math.max(n.rssPeakKb, kb);
    }
  }

  rss(): (number | undefined)[] {
    this.sample();
    return this.nodes.map((n) => (n.alive ? rssKb(n.proc?.proc.pid) : undefined));
  }

  private watch(node: Node) {
    const proc = node.proc as ServerProcess;
    proc.exited().then((exit) => {
      if (this.stopping || node.proc !== proc) return;
      node.alive = false;
      const death: Death = { t: this.now(), exit, tail: tailOf(proc.output()) };
      node.deaths.push(death);
      void this.replace(node, death);
    });
  }

  private async replace(node: Node, death: Death) {
    while (!this.stopping) {
      try {
        const proc = await this.launch({ ...this.env, PORT: String(node.port) });
        node.proc = proc;
        node.alive = true;
        death.back = this.now();
        this.watch(node);
        return;
      } catch {
        await sleep(1000);
      }
    }
  }

  /** Waits until every server answers (a replacement may be on its way). */
  async allAlive(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.nodes.every((n) => n.alive)) return true;
      await sleep(250);
    }
    return false;
  }

  /** SIGTERM to each process group; SIGKILL after 10 s. */
  async stop() {
    this.stopping = true;
    clearInterval(this.sampler);
    // A server being started is killed as soon as it is up; wait for that, or it would outlive us.
    while (this.launching.size > 0) await Promise.all(this.launching);
    await Promise.all(
      this.nodes.map(async (n) => {
        const p = n.proc;
        if (!p || p.proc.exitCode !== null || p.proc.signalCode !== null) return;
        const pid = p.proc.pid as number;
        try {
          process.kill(-pid, 'SIGTERM');
        } catch {}
        const exit = await Promise.race([p.exited(), sleep(10_000).then(() => 'timeout' as const)]);
        if (exit === 'timeout') {
          try {
            process.kill(-pid, 'SIGKILL');
          } catch {}
          await p.exited();
        }
        n.finalExit = exit;
      }),
    );
  }
}
