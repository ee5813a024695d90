/** GEOCODER_* settings, and the app's one geocoder (null without GEOCODER_URL). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { geocoderOptions, loadConfig } from '../../src/config.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { testDb } from '../helpers/db.js';

test('GEOCODER_URL unset: no geocoder; set: its settings with their defaults', () => {
  assert.equal(loadConfig({}).geocoder, undefined);
  assert.deepEqual(geocoderOptions({ GEOCODER_URL: 'http://127.0.0.1:8080' }), {
    url: 'http://127.0.0.1:8080',
    userAgent: undefined,
    timeoutMs: 3000,
    minIntervalMs: 1000,
  });
  const set = geocoderOptions({
    GEOCODER_URL: 'https://geo.example.com',
    GEOCODER_USER_AGENT: 'pizza/1.0 (ops@example.com)',
    GEOCODER_TIMEOUT_MS: '5000',
    GEOCODER_MIN_INTERVAL_MS: '0',
  });
  assert.equal(set?.userAgent, 'pizza/1.0 (ops@example.com)');
  assert.equal(set?.minIntervalMs, 0);
});

test('a GEOCODER_URL that is not http(s), bad numbers, or the public Nominatim faster than 1/s are refused', () => {
  assert.throws(() => loadConfig({ GEOCODER_URL: 'ftp://geo' }), /GEOCODER_URL must be an http\(s\) URL/);
  assert.throws(() => geocoderOptions({ GEOCODER_TIMEOUT_MS: '10' }), /GEOCODER_TIMEOUT_MS must be an integer/);
  assert.throws(() => geocoderOptions({ GEOCODER_MIN_INTERVAL_MS: '-1' }), /GEOCODER_MIN_INTERVAL_MS/);
  assert.throws(
    () => geocoderOptions({ GEOCODER_URL: 'https://nominatim.openstreetmap.org', GEOCODER_MIN_INTERVAL_MS: '500' }),
    /at least 1000 for the public Nominatim/,
  );
});

test('the app holds one geocoder when given a URL, null otherwise', async () => {
  const db = await testDb();
  const without = await buildApp({ db, store: memoryStore() });
  const withOne = await buildApp({ db, store: memoryStore(), geocoder: { url: 'http://127.0.0.1:9' } });
  try {
    assert.equal(without.geocoder, null);
    assert.equal(typeof withOne.geocoder?.search, 'function');
  } finally {
    await without.close();
    await withOne.close();
    await db.close();
  }
});
