/**
 * Backpressure (docs/message-webhook.md, "Backpressure"): while a due delivery waits longer than the limit
 * for a free slot, customer messages are answered 503 with Retry-After and nothing is stored; statuses
 * still pass; once the queue catches up, the same message (same Idempotency-Key) is taken.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { App } from '../../src/app.js';
import {
  createTestAccount,
  createWhatsAppAccount,
  digits,
  fill,
  fixture,
  notify,
  type WhatsAppAccount,
  wamid,
} from '../conversations/_support.js';
import { getHarness, type Harness, harnessOf } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant } from '../helpers/fixtures.js';
import { eventually, fakeReceiver, isolateDatabase, newSecret } from './_support.js';
import { recordingApplier, webhookApp } from './app.js';

const LIMIT_MS = 300;
let h: Harness;
let app: App;
let busy: Harness;
let account: string;
let wa: WhatsAppAccount;
let release: () => void = () => {};
let receiver: Awaited<ReturnType<typeof fakeReceiver>>;

before(async () => {
  await isolateDatabase();
  h = await getHarness();
  const t = await newTenant(h);
  account = await createTestAccount(h, { location_id: t.locationIds[0] });
  wa = await createWhatsAppAccount(h, { location_id: t.locationIds[0] });
  const gate = new Promise<void>((r) => {
    release = r;
  });
  // Every delivery is held until the test lets go: with one slot, the second message waits in the queue.
  receiver = await fakeReceiver(() => ({ hold: gate }));
  app = await webhookApp({
    chatbotUrl: receiver.url,
    signingSecret: newSecret(),
    applyAnswer: recordingApplier().apply,
    concurrency: 1,
    timeoutMs: 30_000,
    queueLagLimitMs: LIMIT_MS,
  });
  busy = harnessOf(app, h.adminKey);
});
after(async () => {
  release();
  await app?.close();
  await receiver?.close();
});

const inbound = (text: string, key?: string) =>
  busy.call('POST', `/admin/v1/channel_accounts/${account}/inbound_messages`, {
    body: { from: { phone: `+4917${digits(8)}` }, text },
    idempotencyKey: key,
  });

const stored = async (text: string) =>
  (await (await testDb()).query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE text = $1', [text]))[0].n;

test('a queue behind its limit refuses customer messages with 503 and Retry-After, and stores nothing', async () => {
  assert.equal((await inbound('first, being delivered')).status, 201);
  await eventually(async () => (receiver.received.length === 1 ? true : undefined));
  assert.equal((await inbound('second, waiting for the slot')).status, 201);
  // The second waits past the limit, and the reading (every 250 ms) sees it.
  await new Promise((r) => setTimeout(r, LIMIT_MS + 400));

  const res = await inbound('third, refused', 'bp-third');
  assert.equal(res.status, 503, res.raw);
  assert.equal(res.body.error.type, 'api_error');
  assert.equal(res.body.error.code, 'service_unavailable');
  const lag = res.body.error.details.queue_lag_ms;
  assert.ok(lag > LIMIT_MS, res.raw);
  assert.equal(res.headers['retry-after'], String(Math.ceil(lag / 1000)), 'the lag in seconds, at least 1');
  assert.equal(await stored('third, refused'), 0, 'nothing was stored');
  // Bad input is a 400 whatever the load: backpressure is checked after validation.
  const bad = await busy.call('POST', `/admin/v1/channel_accounts/${account}/inbound_messages`, {
    body: { text: 'no sender' },
  });
  assert.equal(bad.status, 400, bad.raw);
  assert.equal(bad.body.error.type, 'invalid_request_error');

  const text = fill(fixture('text-message'), { PHONE_NUMBER_ID: wa.phoneNumberId, WA_ID: digits(12), WAMID: wamid() });
  const meta = await notify(busy, wa.id, text, wa.appSecret);
  assert.equal(meta.status, 503, 'Meta delivers the notification again later');
  const status = fill(fixture('status-delivered'), {
    PHONE_NUMBER_ID: wa.phoneNumberId,
    WAMID: wamid(),
    STATUS: 'delivered',
    WA_ID: digits(12),
  });
  assert.equal((await notify(busy, wa.id, status, wa.appSecret)).status, 200, 'statuses alone still pass');

  const metrics = await busy.call('GET', '/metrics');
  assert.match(metrics.raw, /inbound_messages_refused_total\{channel="test"\} 1\b/);
  assert.match(metrics.raw, /inbound_messages_refused_total\{channel="whatsapp"\} 1\b/);
  assert.match(metrics.raw, /webhook_queue_lag_seconds (0\.[3-9]|[1-9])/);

  release();
  // The queue catches up; the channel's retry of the same message is taken.
  const again = await eventually(async () => {
    const r = await inbound('third, refused', 'bp-third');
    return r.status === 201 ? r : undefined;
  }, 10_000);
  assert.equal(again.body.text, 'third, refused');
  assert.equal(await stored('third, refused'), 1);
});

test('without a chatbot (CHATBOT_URL unset) deliveries wait by design and nothing is refused', async () => {
  const res = await h.call('POST', `/admin/v1/channel_accounts/${account}/inbound_messages`, {
    body: { from: { phone: `+4917${digits(8)}` }, text: 'no worker here' },
  });
  assert.equal(res.status, 201, res.raw);
});
