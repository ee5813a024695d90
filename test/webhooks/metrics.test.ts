/**
 * The message webhook in /metrics: attempts by result with their durations, answers refused, fallback
 * replies, deliveries in flight, and the shared queue by status, after deliveries that succeed, retry,
 * are refused and fail for good against a fake receiver.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { App } from '../../src/app.js';
import { createTestAccount, digits } from '../conversations/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { newTenant } from '../helpers/fixtures.js';
import { type Answer, fakeReceiver, isolateDatabase, newSecret } from './_support.js';
import { deliveries, webhookApp } from './app.js';

let h: Harness;
let account: string;
let app: App;
let receiver: Awaited<ReturnType<typeof fakeReceiver>>;
const scripts = new Map<string, Answer[]>();

before(async () => {
  await isolateDatabase();
  h = await getHarness();
  const t = await newTenant(h);
  account = await createTestAccount(h, { location_id: t.locationIds[0] });
  receiver = await fakeReceiver((r) => scripts.get(r.body?.lastMessage?.text)?.shift() ?? { status: 200 });
  // The real answer applier: a refused answer must reach the customer as the fallback reply.
  app = await webhookApp({
    chatbotUrl: receiver.url,
    chatbotToken: 'tok-metrics',
    signingSecret: newSecret(),
    timeoutMs: 5_000,
  });
});
after(async () => {
  await app.close();
  await receiver.close();
});

const { ended } = deliveries(() => h);

async function say(text: string, script: Answer[]) {
  scripts.set(text, script);
  const res = await h.call('POST', `/admin/v1/channel_accounts/${account}/inbound_messages`, {
    body: { from: { phone: `+4917${digits(8)}` }, text },
  });
  assert.equal(res.status, 201, res.raw);
  return ended(res.body, 30_000);
}

/** The value of a series in Prometheus' text format, 0 when it is absent. */
function value(metrics: string, series: string): number {
  const line = metrics.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

test('attempts, refused answers, fallbacks and the queue are counted', async () => {
  const json = { 'content-type': 'application/json' };
  const delivered = await Promise.all([
    say('metrics: fine', [{ status: 200, body: '{"replies":[{"text":"Hi"}]}', headers: json }]),
    say('metrics: once more', [{ status: 503 }, { status: 200, body: '{}', headers: json }]),
    say('metrics: refused', [{ status: 200, body: 'OK', headers: { 'content-type': 'text/plain' } }]),
    say('metrics: gone', [{ status: 500 }, { status: 500 }, { status: 500 }]),
  ]);
  assert.deepEqual(
    delivered.map((d) => [d.status, d.outcome?.applied ?? null, d.outcome?.fallback_sent ?? null]),
    [
      ['succeeded', true, false],
      ['succeeded', true, false],
      ['succeeded', false, true],
      ['failed', false, true],
    ],
    JSON.stringify(delivered.map((d) => [d.last_error, d.outcome, d.attempts])),
  );

  const res = await app.inject({ method: 'GET', url: '/metrics' });
  assert.equal(res.statusCode, 200);
  const m = res.body;
  assert.equal(value(m, 'webhook_attempts_total{result="succeeded"}'), 3);
  assert.equal(value(m, 'webhook_attempts_total{result="retry"}'), 3); // one 503, two 500s
  assert.equal(value(m, 'webhook_attempts_total{result="failed"}'), 1);
  assert.equal(value(m, 'webhook_attempt_duration_seconds_count{result="succeeded"}'), 3);
  assert.ok(value(m, 'webhook_attempt_duration_seconds_sum{result="succeeded"}') > 0);
  assert.equal(value(m, 'webhook_answers_rejected_total'), 1);
  assert.equal(value(m, 'webhook_fallback_replies_total'), 2);
  assert.equal(value(m, 'webhook_deliveries_in_flight'), 0);
  // The shared queue, read from the database at the scrape: nothing waiting, the failed one kept.
  assert.equal(value(m, 'webhook_deliveries{status="pending"}'), 0);
  assert.equal(value(m, 'webhook_deliveries{status="delivering"}'), 0);
  assert.ok(value(m, 'webhook_deliveries{status="failed"}') >= 1);
  assert.match(m, /# HELP webhook_attempts_total /);
});
