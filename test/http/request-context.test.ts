/**
 * What an operator sees of a request: log lines of authenticated requests name the key by its id and the
 * organization or location it is scoped to (never the secret), and behind a trusted proxy the client's
 * address (X-Forwarded-For) is what per-address rate limits and log lines use. Issue 12, item 4.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type App, buildApp } from '../../src/app.js';
import { loadConfig, parseTrustProxy, type TrustProxy } from '../../src/config.js';
import { issueKey } from '../../src/domain/api-keys.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { testDb } from '../helpers/db.js';
import { LOCATION_BODY } from '../helpers/fixtures.js';

const apps: App[] = [];
after(async () => {
  for (const app of apps) await app.close();
  await (await testDb()).close();
});

async function appWith(trustProxy: TrustProxy, lines?: string[]) {
  const logger = lines ? { level: 'info', stream: { write: (line: string) => lines.push(line) } } : false;
  const app = await buildApp({ db: await testDb(), store: memoryStore(), logger, trustProxy });
  apps.push(app);
  await app.ready();
  return app;
}

describe('log lines name the key and its scope', () => {
  const lines: string[] = [];
  let app: App;
  const keys: Record<string, { id: string; secret: string }> = {};
  let orgId: string;
  let locationId: string;

  const call = async (method: 'GET' | 'POST', url: string, key?: string, body?: object) => {
    const headers: Record<string, string> = key ? { 'x-api-key': key } : {};
    if (method === 'POST') headers['idempotency-key'] = `ctx-${Date.now()}-${Math.random()}`;
    const res = await app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
    return { status: res.statusCode, body: res.json(), requestId: String(res.headers['x-request-id']) };
  };
  /** The parsed log lines of one request, by its id. */
  const linesOf = (requestId: string) =>
    lines.map((l) => JSON.parse(l)).filter((l: { reqId?: string }) => l.reqId === requestId);

  before(async () => {
    app = await appWith(false, lines);
    const admin = await issueKey(await testDb(), { type: 'admin', name: 'request context test' });
    keys.admin = { id: admin.id, secret: admin.secret as string };
    orgId = (await call('POST', '/admin/v1/organizations', keys.admin.secret, { name: 'Ctx' })).body.id;
    const loc = await call('POST', `/admin/v1/organizations/${orgId}/locations`, keys.admin.secret, LOCATION_BODY);
    locationId = loc.body.id;
    for (const [name, scope] of [
      ['org', { organization_id: orgId }],
      ['location', { location_id: locationId }],
    ] as const) {
      const res = await call('POST', '/admin/v1/api_keys', keys.admin.secret, { ...scope, permissions: ['*'] });
      assert.equal(res.status, 201);
      keys[name] = { id: res.body.id, secret: res.body.secret };
    }
  });

  test('every line after authentication carries key_id and the scope; the completion line too', async () => {
    const scopes: Record<string, { organization_id?: string; location_id?: string }> = {
      org: { organization_id: orgId },
      location: { location_id: locationId },
      admin: {},
    };
    const cases = [
      { key: 'org', url: '/v1/locations', status: 200 },
      { key: 'location', url: '/v1/locations', status: 200 },
      { key: 'admin', url: `/admin/v1/organizations/${orgId}`, status: 200 },
      // Refused after authentication: the key is still named, so misuse can be traced to it.
      { key: 'org', url: '/admin/v1/organizations', status: 403 },
      { key: 'location', url: '/v1/locations/loc_00000000000000000000000000/orders', status: 403 },
    ];
    for (const c of cases) {
      const res = await call('GET', c.url, keys[c.key].secret);
      assert.equal(res.status, c.status, `${c.key} ${c.url}`);
      const own = linesOf(res.requestId);
      const completed = own.find((l) => l.msg === 'request completed');
      assert.ok(completed, `no completion line for ${c.url}`);
      assert.equal(completed.key_id, keys[c.key].id, c.url);
      assert.equal(completed.organization_id, scopes[c.key].organization_id, c.url);
      assert.equal(completed.location_id, scopes[c.key].location_id, c.url);
      // Fastify logs the arrival before any hook runs; every later line names the key.
      for (const line of own.filter((l) => l.msg !== 'incoming request')) assert.equal(line.key_id, keys[c.key].id);
    }
  });

  test('requests without a valid key carry no key id; no line holds a secret', async () => {
    for (const key of [undefined, `svc_org_${'x'.repeat(40)}`]) {
      const res = await call('GET', '/v1/locations', key);
      assert.equal(res.status, 401);
      const completed = linesOf(res.requestId).find((l) => l.msg === 'request completed');
      assert.ok(completed);
      assert.equal(completed.key_id, undefined);
    }
    for (const { secret } of Object.values(keys)) {
      assert.equal(
        lines.some((l) => l.includes(secret.slice(-12))),
        false,
      );
    }
  });
});

describe('TRUST_PROXY', () => {
  test('is off unless set; takes a number of hops or a list of addresses and ranges', () => {
    for (const off of [undefined, '', 'false', '0']) assert.equal(parseTrustProxy(off), false);
    assert.equal(parseTrustProxy('2'), 2);
    assert.deepEqual(parseTrustProxy('10.0.0.1, 10.1.0.0/16,::1,loopback'), [
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', 'proxy.internal', '10.0.0.0/33', '10.0.0.1,', '101']) {
      assert.throws(() => parseTrustProxy(bad), /TRUST_PROXY/, bad);
    }
    assert.equal(loadConfig({}).trustProxy, false);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy, ['127.0.0.1']);
  });

  /** X-RateLimit-Remaining of an unauthenticated request from `peer` forwarding for `client`. */
  const remaining = async (app: App, peer: string, client?: string) => {
    const headers = client ? { 'x-forwarded-for': client } : {};
    const res = await app.inject({ method: 'GET', url: '/v1/locations', headers, remoteAddress: peer });
    assert.equal(res.statusCode, 401);
    return Number(res.headers['x-ratelimit-remaining']);
  };

  test('off: X-Forwarded-For is ignored, every request from the peer shares its bucket', async () => {
    const app = await appWith(false);
    assert.equal(await remaining(app, '10.0.0.1', '203.0.113.1'), 999);
    assert.equal(await remaining(app, '10.0.0.1', '203.0.113.2'), 998);
    assert.equal(await remaining(app, '10.0.0.1'), 997);
  });

  test('a list: a listed proxy forwards for each client, in buckets of their own; others are not believed', async () => {
    const app = await appWith(['10.0.0.1']);
    assert.equal(await remaining(app, '10.0.0.1', '203.0.113.1'), 999);
    assert.equal(await remaining(app, '10.0.0.1', '203.0.113.2'), 999);
    assert.equal(await remaining(app, '10.0.0.1', '203.0.113.1'), 998);
    // A client that reaches the server directly cannot pick a bucket by sending the header.
    assert.equal(await remaining(app, '198.51.100.7', '203.0.113.3'), 999);
    assert.equal(await remaining(app, '198.51.100.7', '203.0.113.4'), 998);
  });

  test('hops: the client is that many entries from the end of the chain', async () => {
    const app = await appWith(2);
    assert.equal(await remaining(app, '10.0.0.1', '203.0.113.9, 192.0.2.1, 10.0.0.2'), 999);
    assert.equal(await remaining(app, '10.0.0.1', '203.0.113.8, 192.0.2.1, 10.0.0.2'), 998);
    assert.equal(await remaining(app, '10.0.0.1', '192.0.2.2, 10.0.0.3'), 999);
  });

  test('the log line shows the client address behind the proxy', async () => {
    const lines: string[] = [];
    const app = await appWith(['10.0.0.1'], lines);
    await app.inject({
      method: 'GET',
      url: '/v1/locations',
      headers: { 'x-forwarded-for': '203.0.113.5' },
      remoteAddress: '10.0.0.1',
    });
    const incoming = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'incoming request');
    assert.equal(incoming?.req?.remoteAddress, '203.0.113.5');
  });
});
