import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after } from 'node:test';
import pg from 'pg';

const schemas: { base: string; schema: string }[] = [];
// A root hook, registered on import: it runs after every suite's own hooks (which stop their workers).
after(async () => {
  for (const { base, schema } of schemas) {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`DROP SCHEMA ${schema} CASCADE`).finally(() => client.end());
  }
});

/** A signing secret of the Standard Webhooks form, fresh per run. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * PostgreSQL for a test file that runs a delivery worker: a worker delivers every due delivery of its
 * database, so the file gets a schema of its own (dropped at the end) in DATABASE_URL's database, or in
 * `ordering_webhooks` on the local server when DATABASE_URL is unset. Resolves with the URL, or with the
 * reason PostgreSQL is not reachable.
 */
export async function privatePostgres(): Promise<{ url: string } | { unavailable: string }> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ordering_webhooks';
  const schema = `wh_${process.pid}_${randomBytes(3).toString('hex')}`;
  try {
    if (!process.env.DATABASE_URL) await ensureDatabase(base);
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  } catch (err) {
    return { unavailable: `PostgreSQL at ${new URL(base).host} is not usable: ${(err as Error).message}` };
  }
  schemas.push({ base, schema });
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.href };
}

async function ensureDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).href });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`).catch(() => {}); // a race: fine
  } finally {
    await admin.end();
  }
}

/** Under CI a missing service fails the test; elsewhere the test is skipped with the reason. */
export function needs(t: { skip(msg: string): void }, unavailable: string | undefined): boolean {
  if (!unavailable) return true;
  if (process.env.CI === 'true') assert.fail(unavailable);
  t.skip(unavailable);
  return false;
}

export interface Received {
  id: string;
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  body: any;
  at: number;
  /** When the answer went out (undefined while held, or when never answered). */
  answeredAt?: number;
  status?: number;
}

export type Answer =
  | { status: number; body?: string; headers?: Record<string, string>; delayMs?: number }
  | 'hang'
  | { hold: Promise<void>; status?: number };

/**
 * The chatbot's receiver on a real local port. Records every request; answers with what `respond`
 * says (default 200 `{}`). `close()` stops it (connections refused), `reopen()` brings it back on the
 * same port.
 */
export async function fakeReceiver(respond: (r: Received) => Answer | Promise<Answer> = () => ({ status: 200 })) {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    let body: any;
    try {
      body = JSON.parse(raw);
    } catch {}
    const r: Received = {
      id: String(req.headers['webhook-id']),
      path: req.url ?? '',
      headers: req.headers,
      raw,
      body,
      at: Date.now(),
    };
    received.push(r);
    const answer = await state.respond(r);
    if (answer === 'hang') return;
    if ('hold' in answer) await answer.hold;
    else if (answer.delayMs) await new Promise((x) => setTimeout(x, answer.delayMs));
    const status = answer.status ?? 200;
    const headers = { 'content-type': 'application/json', ...('headers' in answer ? answer.headers : {}) };
    res.writeHead(status, headers).end('body' in answer && answer.body !== undefined ? answer.body : '{}');
    r.answeredAt = Date.now();
    r.status = status;
  };
  const state = { respond };
  let server = createServer(handler);
  const listen = (port: number) =>
    new Promise<number>((resolve) => {
      server = createServer(handler);
      server.on('connection', (s) => {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
      });
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const port = await listen(0);
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    /** Replaces how requests are answered. */
    set respond(fn: (r: Received) => Answer | Promise<Answer>) {
      state.respond = fn;
    },
    close,
    reopen: () => listen(port),
  };
}

/** Polls until check returns a value other than undefined, or fails after timeoutMs. */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) assert.fail(`condition not met in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * On PostgreSQL, points this test process at a schema of its own before the harness opens its pool (the
 * worker of this file must not deliver other files' messages). On PGlite every process is alone anyway.
 */
export async function isolateDatabase() {
  if (!process.env.DATABASE_URL) return;
  const db = await privatePostgres();
  if ('unavailable' in db) throw new Error(db.unavailable);
  process.env.DATABASE_URL = db.url;
}
