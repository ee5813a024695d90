/**
 * GET /openapi.json (the committed document, served) and GET /docs (Swagger UI's interactive reference):
 * outside keys and rate limits like /healthz, and the page loads nothing from another origin. The
 * operations of the document declare the security scheme of their surface.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, test } from 'node:test';
import { buildApp } from '../../src/app.js';
import type { Db } from '../../src/db/client.js';
import { LIMIT, memoryStore, type RateLimitStore, WINDOW_MS } from '../../src/http/rate-limit-store.js';
import { getHarness } from '../helpers/app.js';

const committed = readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8');

const apps: { close(): Promise<unknown> }[] = [];
after(async () => {
  for (const app of apps) await app.close();
});

// The access plugin listens for key revocations; this fake has nothing to notify.
const listen = async () => async () => {};
const workingDb = { query: async () => [{ '?column?': 1 }], listen, close: async () => {} } as unknown as Db;
/** A store that refuses everything, as if every budget were spent. */
const exhausted: RateLimitStore = {
  ...memoryStore(),
  hit: async () => ({ count: LIMIT + 1, resetAt: Math.ceil((Date.now() + WINDOW_MS) / 1000) }),
  close: async () => {},
};

/** Every `src` and `href` of the page. */
const assetUrls = (html: string) => [...html.matchAll(/\b(?:src|href)\s*=\s*["']([^"']*)["']/gi)].map((m) => m[1]);
/** A URL naming another origin: a scheme (http:, data: aside) or a protocol-relative `//host`. */
const elsewhere = (url: string) => /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');

test('GET /openapi.json is the committed openapi.json, as JSON, without a key or rate-limit headers', async () => {
  const h = await getHarness();
  const res = await h.call('GET', '/openapi.json', { key: null });
  assert.equal(res.status, 200, res.raw.slice(0, 300));
  assert.match(String(res.headers['content-type']), /^application\/json\b/);
  assert.equal(res.raw, committed, 'the served document differs from openapi.json: run `npm run openapi`');
  assert.equal(res.body.openapi, '3.1.0');
  assert.equal(typeof res.headers['x-request-id'], 'string');
  assert.equal(res.headers['x-ratelimit-limit'], undefined);
  // The reference's own routes are not operations of the API.
  for (const path of Object.keys(res.body.paths)) assert.doesNotMatch(path, /^\/(docs|openapi\.json)/);
});

test('/docs is an HTML page whose assets are all served here, and that renders this document', async () => {
  const h = await getHarness();
  for (const path of ['/docs', '/docs/']) {
    const page = await h.call('GET', path, { key: null });
    assert.equal(page.status, 200, page.raw);
    assert.match(String(page.headers['content-type']), /^text\/html\b/);
    assert.equal(page.headers['x-ratelimit-limit'], undefined);
    const assets = assetUrls(page.raw);
    assert.ok(assets.length > 0, page.raw);
    assert.deepEqual(assets.filter(elsewhere), [], 'the page loads something from another origin');

    // Each asset resolves against the page and is served, without a key.
    for (const asset of assets) {
      const url = new URL(asset, `http://api.test${path}`);
      const res = await h.call('GET', url.pathname, { key: null });
      assert.equal(res.status, 200, `${url.pathname}: ${res.raw.slice(0, 200)}`);
      if (url.pathname.endsWith('swagger-ui-bundle.js')) {
        assert.match(String(res.headers['content-type']), /javascript/);
        assert.ok(res.raw.length > 100_000, 'the script is not the Swagger UI bundle');
      }
    }
  }
  // The page's initializer reads the document next to it, which is the one above; the validator badge,
  // which would send the document to validator.swagger.io, is off.
  const init = await h.call('GET', '/docs/static/swagger-initializer.js', { key: null });
  assert.equal(init.status, 200);
  assert.match(init.raw, /"validatorUrl":\s*null/);
  assert.doesNotMatch(init.raw, /validator\.swagger\.io/);
  assert.match(init.raw, /url: resolveUrl\('\.\/json'\)/);
  const json = await h.call('GET', '/docs/json', { key: null });
  assert.equal(json.status, 200);
  // The document, with the page's own server first so that "Try it out" reaches the server it runs on.
  const { servers, ...rest } = JSON.parse(committed);
  assert.deepEqual(json.body, {
    ...rest,
    servers: [{ url: '/', description: 'The server serving this page' }, ...servers],
  });
});

test('the reference and the document are not rate limited; the API is', async () => {
  const app = await buildApp({ db: workingDb, store: exhausted });
  apps.push(app);
  await app.ready();
  assert.equal((await app.inject({ method: 'GET', url: '/v1/locations' })).statusCode, 429);
  for (const url of ['/openapi.json', '/docs', '/docs/', '/docs/json', '/docs/static/swagger-ui-bundle.js']) {
    const res = await app.inject({ method: 'GET', url, headers: { 'x-api-key': 'svc_org_not-a-key' } });
    assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`);
    assert.equal(res.headers['x-ratelimit-remaining'], undefined, url);
  }
});

test('each operation declares the security scheme of its surface; channel webhooks none', async () => {
  const h = await getHarness();
  const doc = (await h.call('GET', '/openapi.json', { key: null })).body;
  const schemes = doc.components.securitySchemes;
  for (const name of ['publicKey', 'adminKey']) {
    assert.deepEqual(
      { ...schemes[name], description: undefined },
      {
        type: 'apiKey',
        in: 'header',
        name: 'x-api-key',
        description: undefined,
      },
    );
    assert.ok(schemes[name].description.length > 20, `${name} has no description`);
  }
  assert.equal(schemes.apiKey, undefined);
  assert.equal(doc.security, undefined, 'no document-wide default: each operation declares its own');

  assert.deepEqual(doc.paths['/v1/locations'].get.security, [{ publicKey: [] }]);
  assert.deepEqual(doc.paths['/admin/v1/organizations'].post.security, [{ adminKey: [] }]);
  let count = 0;
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const expected = path.startsWith('/admin/v1/')
        ? [{ adminKey: [] }]
        : path.startsWith('/v1/')
          ? [{ publicKey: [] }]
          : [];
      assert.deepEqual(op.security, expected, `${method.toUpperCase()} ${path}`);
      count++;
    }
  }
  assert.ok(count > 50, `only ${count} operations`);
  assert.deepEqual(doc.paths['/channels/whatsapp/{channel_account_id}/webhook'].post.security, []);
});

test('the document names a server and a license', async () => {
  const h = await getHarness();
  const doc = (await h.call('GET', '/openapi.json', { key: null })).body;
  assert.ok(doc.servers.length > 0);
  for (const server of doc.servers) {
    assert.match(server.url, /^https?:\/\//);
    assert.equal(typeof server.description, 'string');
  }
  assert.equal(doc.servers[0].url, 'http://localhost:3000');
  assert.equal(typeof doc.info.license.name, 'string');
});
