/**
 * Route schemas compile on a route's first request (src/http/lazy-compile.ts), not at start. Every one of
 * them must still compile: a broken schema would otherwise show only when an integrator first calls it.
 * Also: a lazily compiled validator still reports the field at fault, and a serializer still drops what its
 * schema leaves out.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileAll } from '../../src/http/lazy-compile.js';
import { getHarness } from '../helpers/app.js';

test('a validator compiled on first use names the bad field, on the first request and the next', async () => {
  const h = await getHarness();
  for (let i = 0; i < 2; i++) {
    const res = await h.call('POST', '/admin/v1/organizations', { body: { name: 42 } });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'parameter_invalid');
    assert.equal(res.body.error.param, 'name');
  }
});

test('every route schema of the app compiles', async () => {
  const h = await getHarness();
  assert.ok(h.app.hasRoute({ method: 'GET', url: '/v1/locations/:location_id/orders' }));
  const compiled = compileAll();
  // About ninety operations, each with a validator per request part and a serializer per response.
  assert.ok(compiled > 100, `only ${compiled} compilations were pending`);
  assert.equal(compileAll(), 0, 'a compilation was left pending');
});
