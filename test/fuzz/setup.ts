/** The app with its log captured at trace level, and the tenants, ids and keys the fuzzer aims at. */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { type App, type AppDeps, buildApp } from '../../src/app.js';
import { issueKey } from '../../src/domain/api-keys.js';
import { memoryStore, type RateLimitStore, redisStore } from '../../src/http/rate-limit-store.js';
import type { Harness, Res } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { issue, newTenant, type Tenant } from '../helpers/fixtures.js';
import { orderBody } from '../orders/_support.js';

export interface LogCapture {
  /** Log lines written since the last call. */
  drain(): string[];
}

export interface FuzzApp {
  app: App;
  harness: Harness;
  log: LogCapture;
  close(): Promise<void>;
}

/** The app as the server builds it, but logging everything (trace) into memory; `deps` adds to what it is built with. */
export async function fuzzApp(deps: Pick<AppDeps, 'channels'> = {}): Promise<FuzzApp> {
  let pending: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      pending.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const db = await testDb();
  const store: RateLimitStore = process.env.REDIS_URL ? redisStore(process.env.REDIS_URL) : memoryStore();
  const app = await buildApp({ ...deps, db, store, logger: { level: 'trace', stream } as never });
  await app.ready();
  const adminKey = (await issueKey(db, { type: 'admin', name: 'fuzz bootstrap' })).secret as string;
  let n = 0;
  const call: Harness['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}), 'x-api-key': opts.key ?? adminKey };
    if (method === 'POST') headers['idempotency-key'] ??= `fuzz-setup-${process.pid}-${Date.now()}-${++n}`;
    const res = await app.inject({ method, url, headers, payload: opts.body as InjectOptions['payload'] });
    const body = res.body ? JSON.parse(res.body) : undefined;
    return { status: res.statusCode, headers: res.headers, body, raw: res.body } satisfies Res;
  };
  return {
    app,
    harness: { app, adminKey, call },
    log: {
      drain() {
        const out = pending;
        pending = [];
        return out;
      },
    },
    async close() {
      await app.close();
      await store.close();
      await db.close();
    },
  };
}

export interface Targets {
  main: Tenant;
  other: Tenant;
  /** Real ids by path parameter name; the first of each is in the main tenant's scope. */
  ids: Record<string, string[]>;
  /** Ids of the other tenant by path parameter name. */
  foreign: Record<string, string[] | undefined>;
  limitedKey: string;
  revokedKey: string;
  /** Every key secret issued here, to watch for. */
  secrets: string[];
}

/** Two tenants made through the admin surface, a closing, an order, and keys to revoke. */
export async function makeTargets(h: Harness): Promise<Targets> {
  const main = await newTenant(h);
  const other = await newTenant(h);
  const [loc] = main.locationIds;
  const closing = await h.call('POST', `/v1/locations/${loc}/special_closings`, {
    key: main.orgKey,
    body: { starts_at: '2027-12-24T14:00:00Z', ends_at: '2027-12-26T23:00:00Z', reason: 'Fuzz holidays' },
  });
  assert.equal(closing.status, 201, closing.raw);
  const order = await h.call('POST', `/admin/v1/locations/${loc}/orders`, { body: orderBody({ payment: 'total' }) });
  assert.equal(order.status, 201, order.raw);
  const limitedKey = await issue(h, { organization_id: main.orgId, permissions: ['organizations.read'] });
  const revoked = await issueFull(h, { organization_id: main.orgId, permissions: ['*'] });
  assert.equal((await h.call('POST', `/admin/v1/api_keys/${revoked.id}/revoke`)).status, 200);
  // Keys the fuzzer may revoke: none of them is used to authenticate.
  const victims = [
    await issueFull(h, { location_id: loc, permissions: ['*'] }),
    await issueFull(h, { type: 'admin', name: 'fuzz victim' }),
  ];
  return {
    main,
    other,
    limitedKey,
    revokedKey: revoked.secret,
    secrets: [
      ...[main, other].flatMap((t) => [t.orgKey, t.locationKey]),
      limitedKey,
      revoked.secret,
      ...victims.map((k) => k.secret),
    ],
    ids: {
      organization_id: [main.orgId],
      location_id: main.locationIds,
      special_closing_id: [closing.body.id],
      order_id: [order.body.id],
      key_id: [...victims.map((k) => k.id), revoked.id],
    },
    foreign: { organization_id: [other.orgId], location_id: other.locationIds },
  };
}

async function issueFull(h: Harness, body: Record<string, unknown>): Promise<{ id: string; secret: string }> {
  const res = await h.call('POST', '/admin/v1/api_keys', { body });
  assert.equal(res.status, 201, res.raw);
  return { id: res.body.id, secret: res.body.secret };
}
