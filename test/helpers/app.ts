import { after } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { type App, buildApp } from '../../src/app.js';
import { issueKey } from '../../src/domain/api-keys.js';
import { memoryStore, type RateLimitStore, redisStore } from '../../src/http/rate-limit-store.js';
import { testDb } from './db.js';

export interface Harness {
  app: App;
  adminKey: string;
  call(method: InjectOptions['method'], url: string, opts?: CallOptions): Promise<Res>;
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  remoteAddress?: string;
}

export interface Res {
  status: number;
  headers: LightMyRequestResponse['headers'];
  body: any;
  raw: string;
}

let harness: Promise<Harness> | undefined;
const closers: (() => Promise<void>)[] = [];

// Registered when a test file imports this module, so it runs once after the whole file.
after(async () => {
  for (const close of closers) await close();
});
let counter = 0;

/** A unique idempotency key for one test request. */
export const ikey = () => `test-${process.pid}-${Date.now()}-${++counter}`;

/** The app on this process's database, with an admin key of its own; closed after the file. */
export function getHarness(): Promise<Harness> {
  harness ??= (async () => {
    const db = await testDb();
    const store: RateLimitStore = process.env.REDIS_URL ? redisStore(process.env.REDIS_URL) : memoryStore();
    const app = await buildApp({ db, store });
    await app.ready();
    const adminKey = (await issueKey(db, { type: 'admin', name: 'test harness' })).secret as string;
    closers.push(async () => {
      await app.close();
      await store.close();
      await db.close();
    });
    return harnessOf(app, adminKey);
  })();
  return harness;
}

/**
 * Another server process on the same database, as several instances behind a load balancer are: its own
 * app, with its own in-process state (caches, queues), the harness's admin key. Closed after the file.
 */
export async function anotherInstance(): Promise<Harness> {
  const { adminKey } = await getHarness();
  const db = await testDb();
  const store: RateLimitStore = process.env.REDIS_URL ? redisStore(process.env.REDIS_URL) : memoryStore();
  const app = await buildApp({ db, store });
  await app.ready();
  closers.unshift(async () => {
    await app.close();
    await store.close();
  });
  return harnessOf(app, adminKey);
}

/** A harness around an app a test built itself (its own limits or channels), with that admin key. */
export function harnessOf(app: App, adminKey: string): Harness {
  const call: Harness['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    const key = opts.key === undefined ? adminKey : opts.key;
    if (key !== null) headers['x-api-key'] = key;
    if (method === 'POST' && opts.idempotencyKey !== '' && headers['idempotency-key'] === undefined) {
      headers['idempotency-key'] = opts.idempotencyKey ?? ikey();
    }
    const res = await app.inject({
      method,
      url,
      headers,
      remoteAddress: opts.remoteAddress,
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    let body: unknown;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.statusCode, headers: res.headers, body, raw: res.body };
  };
  return { app, adminKey, call };
}
