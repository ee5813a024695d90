/** An app that delivers events to a receiver on this machine (allowed by WEBHOOK_ALLOWED_HOSTS), and the receiver. */
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';
import { buildApp } from '../../src/app.js';
import type { Db } from '../../src/db/client.js';
import { issueKey } from '../../src/domain/api-keys.js';
import type { EventsOptions } from '../../src/http/plugins/events.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { type Lookup, parseAllowList } from '../../src/lib/outbound-url.js';
import { type Harness, harnessOf } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';

const closers: (() => Promise<void>)[] = [];
// Registered when a test file imports this module, so it runs once after the whole file.
let openedDb: Db | undefined;
after(async () => {
  for (const close of closers.reverse()) await close();
  await openedDb?.close();
});

export interface EventsHarness extends Harness {
  db: Db;
}

/**
 * Names the tests resolve without a DNS server, the same in every test process (on PostgreSQL the test
 * files' workers share one queue, so any of them may send any test's delivery). Others are public.
 */
const dns = new Map<string, string>([
  ['rebound.example.com', '127.0.0.1'],
  ['private.example.com', '10.1.2.3'],
]);
export const fakeLookup: Lookup = async (host) => [{ address: dns.get(host) ?? '93.184.216.34', family: 4 }];

export async function eventsHarness(options: EventsOptions = {}): Promise<EventsHarness> {
  const db = await testDb();
  openedDb = db;
  const store = memoryStore();
  const app = await buildApp({
    db,
    store,
    events: {
      allow: parseAllowList('127.0.0.1'),
      lookup: fakeLookup,
      // The same in every test process, for the same reason: quick retries for as long as it takes, and
      // "days" of failure shortened to 1.5 s before an endpoint is disabled.
      schedule: { delaysMs: [200], repeatLast: true },
      disableAfterMs: 1_500,
      // Generous: the receiver shares this process (and its event loop) with PGlite.
      timeoutMs: 10_000,
      sweepMs: 500,
      deliver: true,
      ...options,
    },
  });
  await app.ready();
  const adminKey = (await issueKey(db, { type: 'admin', name: 'events test' })).secret as string;
  closers.push(async () => {
    await app.close();
    await store.close();
  });
  return { ...harnessOf(app, adminKey), db };
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: any;
  at: number;
}

/** A receiver answering each POST with what `answer` says (200 by default); it keeps every request. */
export async function receiver(
  answer: (r: Received, n: number) => number | { status: number; headers?: Record<string, string> } = () => 200,
) {
  const got: Received[] = [];
  let calls = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const r = { headers: req.headers, body, json: JSON.parse(body), at: Date.now() };
      const a = answer(r, ++calls);
      const { status, headers } = typeof a === 'number' ? { status: a, headers: {} } : a;
      if (status >= 200 && status < 300) got.push(r);
      res.writeHead(status, headers ?? {}).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise<void>((r) => server.close(() => r())));
  server.unref();
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/hook`, got, calls: () => calls };
}

export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 8_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() - start > timeoutMs) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Creates an endpoint with `key` (admin key when null) and returns it with its secret. */
export async function subscribe(h: Harness, key: string | undefined, body: Record<string, unknown>) {
  const res = await h.call('POST', key ? '/v1/webhook_endpoints' : '/admin/v1/webhook_endpoints', {
    key,
    body: { enabled_events: ['*'], ...body },
  });
  assert.equal(res.status, 201, res.raw);
  return res.body as { id: string; secret: string; [k: string]: unknown };
}
