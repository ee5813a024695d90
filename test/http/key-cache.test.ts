/**
 * Keys are cached in process (src/domain/access-cache.ts): a revoke must still stop a key everywhere within
 * a second. On PostgreSQL two app instances share the database, each with its own pool and listener; on
 * PGlite one process holds the database and its notices are its own.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { openDb } from '../../src/db/client.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { getHarness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newLocation, newOrg } from './_support.js';

const closers: (() => Promise<void>)[] = [];
after(async () => {
  for (const close of closers) await close();
});

/** A second instance on the same PostgreSQL database; on PGlite the harness's own app. */
async function otherInstance() {
  const h = await getHarness();
  const url = process.env.DATABASE_URL;
  if (!url) return h.app;
  const db = await openDb({ databaseUrl: url });
  const store = memoryStore();
  const app = await buildApp({ db, store });
  await app.ready();
  closers.push(async () => {
    await app.close();
    await store.close();
    await db.close();
  });
  return app;
}

const get = (app: Awaited<ReturnType<typeof otherInstance>>, url: string, key: string) =>
  app.inject({ method: 'GET', url, headers: { 'x-api-key': key } }).then((r) => r.statusCode);

async function issue(organizationId: string): Promise<{ id: string; secret: string }> {
  const h = await getHarness();
  const res = await h.call('POST', '/admin/v1/api_keys', {
    body: { organization_id: organizationId, permissions: ['*'] },
  });
  assert.equal(res.status, 201, res.raw);
  return res.body;
}

/** Polls until the key is refused; the bound is the guarantee under test. */
async function refusedWithin(ms: number, attempt: () => Promise<number>) {
  const until = Date.now() + ms;
  for (;;) {
    const status = await attempt();
    if (status === 401 || Date.now() > until) return status;
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('a revoked key stops working on every instance within a second, though both had it cached', async () => {
  const h = await getHarness();
  const other = await otherInstance();
  const org = await newOrg(h);
  const loc = await newLocation(h, org.id);
  const { id, secret: key } = await issue(org.id);
  const url = `/v1/locations/${loc.id}/orders`;
  // Twice on each: the second answer comes from the cache.
  for (let i = 0; i < 2; i++) {
    assert.equal(await get(h.app, url, key), 200);
    assert.equal(await get(other, url, key), 200);
  }
  const revoked = await h.call('POST', `/admin/v1/api_keys/${id}/revoke`, { idempotencyKey: '' });
  assert.equal(revoked.status, 200, revoked.raw);
  // The revoking instance refuses at once; the other once the notice arrives.
  assert.equal(await get(h.app, url, key), 401);
  assert.equal(await refusedWithin(1000, () => get(other, url, key)), 401);
});

test('a revoke made in SQL (not through the API) reaches the caches too', async () => {
  const h = await getHarness();
  const other = await otherInstance();
  const org = await newOrg(h);
  const { id, secret: key } = await issue(org.id);
  assert.equal(await get(h.app, `/v1/organizations/${org.id}`, key), 200);
  assert.equal(await get(other, `/v1/organizations/${org.id}`, key), 200);
  await (await testDb()).query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [id]);
  assert.equal(await refusedWithin(1000, () => get(other, `/v1/organizations/${org.id}`, key)), 401);
  assert.equal(await refusedWithin(1000, () => get(h.app, `/v1/organizations/${org.id}`, key)), 401);
});
