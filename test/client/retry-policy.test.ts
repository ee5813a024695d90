/** The client's retry policy (client/retry-policy.ts), case by case, with randomness and time fixed. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  type AttemptOutcome,
  backoffMs,
  decideRetry,
  DEFAULT_RETRY_POLICY as P,
  parseRetryAfter,
  retryReason,
} from '../../client/retry-policy.js';

const NOW = Date.parse('2026-11-25T10:00:00Z');
const res = (status: number, code?: string, retryAfter?: string | null): AttemptOutcome => ({
  kind: 'response',
  status,
  code,
  retryAfter,
});

test('defaults: 2 retries, 0.5 s doubling to 8 s, Retry-After up to 60 s', () => {
  assert.deepEqual(P, { maxRetries: 2, initialDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 });
});

test('retried: network errors, timeouts, 409 request_in_flight, 429, every 5xx', () => {
  assert.equal(retryReason({ kind: 'network' }), 'network');
  assert.equal(retryReason({ kind: 'timeout' }), 'timeout');
  assert.equal(retryReason(res(409, 'request_in_flight')), '409 request_in_flight');
  assert.equal(retryReason(res(429, 'rate_limit_exceeded')), '429');
  for (const status of [500, 501, 502, 503, 504, 599]) assert.equal(retryReason(res(status)), String(status));
});

test('not retried: success, redirects, other 4xx, other 409 codes', () => {
  for (const status of [200, 201, 204, 301, 304, 400, 401, 403, 404, 405, 408, 413, 415, 422, 451, 600]) {
    assert.equal(retryReason(res(status)), undefined, String(status));
  }
  for (const code of ['idempotency_key_reused', 'resource_conflict', undefined]) {
    assert.equal(retryReason(res(409, code)), undefined, String(code));
  }
});

test('Retry-After: delta-seconds or HTTP date; anything else is ignored', () => {
  assert.equal(parseRetryAfter('0', NOW), 0);
  assert.equal(parseRetryAfter('1', NOW), 1000);
  assert.equal(parseRetryAfter(' 30 ', NOW), 30_000);
  assert.equal(parseRetryAfter('Wed, 25 Nov 2026 10:00:05 GMT', NOW), 5000);
  assert.equal(parseRetryAfter('Wed, 25 Nov 2026 09:59:00 GMT', NOW), 0, 'a past date: now');
  for (const bad of [null, undefined, '', '1.5', '-1', 'soon', '1e3']) {
    assert.equal(parseRetryAfter(bad, NOW), undefined, String(bad));
  }
});

test('backoff doubles per retry, is capped, and jitters down to half but never below the initial delay', () => {
  // random 0 → half the base (but at least the initial delay); random → 1 → the full base.
  assert.deepEqual(
    [1, 2, 3, 4, 5, 6, 7].map((n) => backoffMs(P, n, 0)),
    [500, 500, 1000, 2000, 4000, 4000, 4000],
  );
  assert.deepEqual(
    [1, 2, 3, 4, 5, 6, 7].map((n) => backoffMs(P, n, 0.999999)),
    [500, 1000, 2000, 4000, 8000, 8000, 8000],
  );
  assert.equal(backoffMs(P, 3, 0.5), 1500);
  const custom = { ...P, initialDelayMs: 100, maxDelayMs: 300 };
  assert.deepEqual(
    [1, 2, 3, 4].map((n) => backoffMs(custom, n, 0.5)),
    [100, 150, 225, 225],
  );
});

test('decideRetry: retries until maxRetries, then gives up', () => {
  const outcome: AttemptOutcome = { kind: 'network' };
  assert.deepEqual(decideRetry(P, 0, outcome, 0.5, NOW), { retry: true, delayMs: 500, reason: 'network' });
  assert.deepEqual(decideRetry(P, 1, outcome, 0.5, NOW), { retry: true, delayMs: 750, reason: 'network' });
  assert.deepEqual(decideRetry(P, 2, outcome, 0.5, NOW), { retry: false });
  assert.deepEqual(decideRetry({ ...P, maxRetries: 0 }, 0, outcome, 0.5, NOW), { retry: false });
  assert.deepEqual(decideRetry({ ...P, maxRetries: 5 }, 4, outcome, 0.5, NOW), {
    retry: true,
    delayMs: 6000,
    reason: 'network',
  });
});

test('decideRetry: a final outcome is never retried, whatever the budget', () => {
  for (const o of [res(200), res(400, 'parameter_invalid'), res(404), res(409, 'idempotency_key_reused')]) {
    assert.deepEqual(decideRetry(P, 0, o, 0.5, NOW), { retry: false });
  }
});

test('decideRetry: Retry-After is a floor over the backoff, and one too long is not waited for', () => {
  assert.deepEqual(decideRetry(P, 0, res(429, 'rate_limit_exceeded', '3'), 0.5, NOW), {
    retry: true,
    delayMs: 3000,
    reason: '429',
  });
  // Shorter than the backoff: the backoff stands.
  assert.deepEqual(decideRetry(P, 1, res(503, 'service_unavailable', '0'), 0.5, NOW), {
    retry: true,
    delayMs: 750,
    reason: '503',
  });
  assert.deepEqual(decideRetry(P, 0, res(429, undefined, 'Wed, 25 Nov 2026 10:00:20 GMT'), 0, NOW), {
    retry: true,
    delayMs: 20_000,
    reason: '429',
  });
  assert.deepEqual(decideRetry(P, 0, res(429, undefined, '60'), 0, NOW), {
    retry: true,
    delayMs: 60_000,
    reason: '429',
  });
  assert.deepEqual(decideRetry(P, 0, res(429, undefined, '61'), 0, NOW), { retry: false });
  // A malformed one is ignored: plain backoff.
  assert.deepEqual(decideRetry(P, 0, res(429, undefined, 'later'), 0, NOW), {
    retry: true,
    delayMs: 500,
    reason: '429',
  });
  // On an outcome that is not retried, Retry-After changes nothing.
  assert.deepEqual(decideRetry(P, 0, res(400, undefined, '1'), 0, NOW), { retry: false });
});
