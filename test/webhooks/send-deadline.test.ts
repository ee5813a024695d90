/**
 * One POST's own deadline (src/webhooks/send.ts): a receiver that never answers is given up on time, and a
 * stop cuts short every exchange in flight under it through one listener on its signal, not one each.
 */
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { post } from '../../src/webhooks/send.js';
import { HmacSigner } from '../../src/webhooks/signer.js';

const silent = createServer(() => {}); // reads the request, never answers
await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
after(() => {
  silent.closeAllConnections();
  silent.close();
});
const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/events`;
const signer = new HmacSigner(`whsec_${Buffer.from('send-deadline-test-secret').toString('base64')}`);

test('a receiver that never answers: the attempt ends at its timeout, with no answer', async () => {
  const r = await post({ url, signer, timeoutMs: 150 }, 'evt_1', '{}', new AbortController().signal);
  assert.equal(r.status, null);
  assert.equal(r.error, 'timed out after 150 ms');
  assert.equal(r.interrupted, false);
  assert.ok(r.durationMs >= 140 && r.durationMs < 2_000, `${r.durationMs} ms`);
});

test('a stop cuts short every exchange in flight, through one listener on its signal', async () => {
  const stop = new AbortController();
  const all = Array.from({ length: 30 }, (_, i) =>
    post({ url, signer, timeoutMs: 10_000 }, `evt_${i}`, '{}', stop.signal),
  );
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(getEventListeners(stop.signal, 'abort').length, 1);
  const t0 = performance.now();
  stop.abort();
  const results = await Promise.all(all);
  assert.ok(performance.now() - t0 < 1_000);
  for (const r of results) {
    assert.equal(r.status, null);
    assert.equal(r.error, 'cut short: the server is stopping');
    assert.equal(r.interrupted, true);
  }
  // Already stopped: nothing is sent.
  const late = await post({ url, signer, timeoutMs: 10_000 }, 'evt_late', '{}', stop.signal);
  assert.equal(late.interrupted, true);
});
