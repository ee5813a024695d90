import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DEFAULT_RETRY_DELAYS_MS,
  nextDelayMs,
  RETRY_AFTER_CAP_MS,
  retryAfterMs,
  verdictOf,
  withJitter,
} from '../../src/webhooks/schedule.js';
import { messageUrl } from '../../src/webhooks/send.js';

test('the schedule: seconds first, then minutes; seven attempts in all', () => {
  assert.deepEqual(DEFAULT_RETRY_DELAYS_MS, [1_000, 3_000, 10_000, 30_000, 120_000, 300_000]);
  for (let i = 0; i < 200; i++) {
    const d = nextDelayMs(DEFAULT_RETRY_DELAYS_MS, 2) as number;
    assert.ok(d >= 2_400 && d <= 3_600, `±20 %: ${d}`);
  }
  assert.equal(nextDelayMs(DEFAULT_RETRY_DELAYS_MS, 7), undefined, 'after the 7th attempt: no more');
  assert.equal(
    withJitter(1000, () => 0),
    800,
  );
  assert.equal(
    withJitter(1000, () => 1),
    1200,
  );
});

test('Retry-After: seconds or an HTTP date, capped, never sooner than asked', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');
  assert.equal(retryAfterMs('7', now), 7_000);
  assert.equal(retryAfterMs('Mon, 23 Nov 2026 10:00:30 GMT', now), 30_000);
  assert.equal(retryAfterMs('Mon, 23 Nov 2026 09:00:00 GMT', now), 0);
  assert.equal(retryAfterMs('86400', now), RETRY_AFTER_CAP_MS);
  assert.equal(retryAfterMs('soon', now), undefined);
  assert.equal(retryAfterMs(null, now), undefined);
  const d = nextDelayMs([50], 1, 2_000) as number;
  assert.ok(d >= 2_000 && d <= 2_400, String(d));
  assert.equal(nextDelayMs([50], 2, 2_000), undefined, 'Retry-After does not extend the budget');
});

test('what is retried: no answer, 429 and 5xx; a 2xx is done; any other status is final', () => {
  assert.equal(verdictOf(null), 'retryable');
  for (const s of [429, 500, 502, 503, 504]) assert.equal(verdictOf(s), 'retryable');
  for (const s of [200, 201, 202, 204]) assert.equal(verdictOf(s), 'succeeded');
  // 413: the chatbot's answer to a body over its limit; the same body can never succeed (issue 19).
  for (const s of [301, 400, 401, 403, 404, 409, 410, 413, 422]) assert.equal(verdictOf(s), 'permanent');
  assert.equal(messageUrl('https://bot.example.com/hooks/'), 'https://bot.example.com/hooks/message');
  assert.equal(messageUrl('https://bot.example.com'), 'https://bot.example.com/message');
});

test('configuration: the signing secret must be a Standard Webhooks secret; the timeout a sane number', async () => {
  const { loadConfig } = await import('../../src/config.js');
  const good = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
  assert.equal(loadConfig({ CHATBOT_SIGNING_SECRET: good }).chatbotSigningSecret, good);
  assert.equal(loadConfig({}).chatbotTimeoutMs, 10_000);
  assert.equal(loadConfig({ CHATBOT_TIMEOUT_MS: '2500' }).chatbotTimeoutMs, 2_500);
  assert.equal(loadConfig({}).webhookConcurrency, 16);
  assert.equal(loadConfig({ WEBHOOK_CONCURRENCY: '32' }).webhookConcurrency, 32);
  assert.throws(() => loadConfig({ WEBHOOK_CONCURRENCY: '0' }), /WEBHOOK_CONCURRENCY/);
  assert.throws(() => loadConfig({ CHATBOT_SIGNING_SECRET: 'hunter2' }), /CHATBOT_SIGNING_SECRET/);
  assert.throws(() => loadConfig({ CHATBOT_SIGNING_SECRET: 'whsec_c2hvcnQ=' }), /24 to 64 bytes/);
  assert.throws(() => loadConfig({ CHATBOT_TIMEOUT_MS: '10s' }), /CHATBOT_TIMEOUT_MS/);
  assert.throws(() => loadConfig({ CHATBOT_URL: 'bot.example.com' }), /CHATBOT_URL/);
});
