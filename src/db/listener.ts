import type pg from 'pg';
import { loadPg } from './pg-module.js';

/** One NOTIFY: its payload, and whether one of this process's own connections sent it. */
export interface Notice {
  payload: string;
  local: boolean;
}

/** Called with each notice; with null after the listening connection came back (notices may be lost). */
export type OnNotify = (notice: Notice | null) => void;

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
const MAX_BACKOFF_MS = 5_000;

export function checkChannel(channel: string) {
  if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: '${channel}'`);
}

/**
 * LISTEN for a pool: a dedicated connection outside the pool (a pooled one would be handed to other
 * work and lose its LISTENs). It reconnects after any failure, with backoff, LISTENs again, and then
 * tells every handler `null`: what was notified while it was away is lost, so they sweep.
 */
export class PgListener {
  private client?: pg.Client;
  private readonly handlers = new Map<string, Set<OnNotify>>();
  private first?: Promise<void>;
  private retryTimer?: NodeJS.Timeout;
  private backoffMs = 100;
  private closed = false;
  /** The live connection's LISTEN/UNLISTEN, one at a time: pg runs one query per client (queuing is deprecated). */
  private commands: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly isLocal: (backendPid: number) => boolean,
  ) {}

  async listen(channel: string, onNotify: OnNotify): Promise<() => Promise<void>> {
    checkChannel(channel);
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      // A new channel on a live connection; a connection made later LISTENs to every channel itself.
      await this.command(`LISTEN ${channel}`, true);
    }
    set.add(onNotify);
    // The first listen waits for the first connection (or its failure: the retries go on in the background).
    this.first ??= this.connect(false);
    await this.first;
    return async () => {
      const handlers = this.handlers.get(channel);
      if (!handlers?.delete(onNotify) || handlers.size > 0) return;
      this.handlers.delete(channel);
      await this.command(`UNLISTEN ${channel}`, false);
    };
  }

  /** `sql` on the live connection after the commands before it; a failed LISTEN counts as a lost connection. */
  private command(sql: string, lostOnFailure: boolean): Promise<void> {
    const run = async () => {
      const client = this.client;
      await client?.query(sql).catch(() => {
        if (lostOnFailure) this.lost(client);
      });
    };
    const next = this.commands.then(run);
    this.commands = next;
    return next;
  }

  private async connect(again: boolean) {
    if (this.closed) return;
    const client = new (loadPg().Client)({
      connectionString: this.url,
      // Named per process, so an operator (or a test) can tell the listeners apart.
      application_name: `ordering-listener-${process.pid}`,
      connectionTimeoutMillis: 3_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (n) => {
      const notice = { payload: n.payload ?? '', local: this.isLocal(n.processId) };
      for (const h of this.handlers.get(n.channel) ?? []) h(notice);
    });
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      this.retry();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    // Listening alone keeps no process alive (a server is kept up by its HTTP port, a script ends).
    (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
    this.backoffMs = 100;
    if (again) for (const set of this.handlers.values()) for (const h of set) h(null);
  }

  private lost(client: pg.Client | undefined) {
    if (!client || client !== this.client) return;
    this.client = undefined;
    client.end().catch(() => {});
    this.retry();
  }

  private retry() {
    if (this.closed || this.retryTimer) return;
    const wait = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect(true).catch(() => this.retry());
    }, wait);
    this.retryTimer.unref();
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
