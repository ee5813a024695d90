/**
 * The worker against a fake receiver on a real port: headers and signature, retries (500, 429 with
 * Retry-After, timeout, refused connection), no retry on 400, the fallback reply after the last attempt,
 * and the order of deliveries within a conversation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import type { App } from '../../src/app.js';
import type { BuildPayload } from '../../src/webhooks/contract.js';
import { fallbackText } from '../../src/webhooks/fallback.js';
import { DeliveryWorker, type WorkerOptions } from '../../src/webhooks/worker.js';
import { createTestAccount, digits, messagesOf } from '../conversations/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { type Answer, eventually, fakeReceiver, isolateDatabase, newSecret, type Received } from './_support.js';
import { deliveries, recordingApplier, testPayload, webhookApp } from './app.js';

let h: Harness;
let t: Tenant;
let account: string;
let app: App;
let receiver: Awaited<ReturnType<typeof fakeReceiver>>;
const secret = newSecret();
const applier = recordingApplier();
/** Answers by the message text: `500,200` answers the 1st attempt 500, the 2nd 200… (default 200). */
const scripts = new Map<string, Answer[]>();

before(async () => {
  await isolateDatabase();
  h = await getHarness();
  t = await newTenant(h);
  account = await createTestAccount(h, { location_id: t.locationIds[0] });
  receiver = await fakeReceiver((r) => scripts.get(r.body?.lastMessage?.text)?.shift() ?? { status: 200 });
  app = await webhookApp({
    chatbotUrl: `${receiver.url}/`,
    chatbotToken: 'tok-123',
    signingSecret: secret,
    applyAnswer: applier.apply,
    // Not webhookApp's 1 s: on a loaded CI machine a first answer took longer, and the test that counts
    // one attempt saw a timeout's retry.
    timeoutMs: 5_000,
  });
});

const { deliveryOf, ended } = deliveries(() => h);

async function say(text: string, from: Record<string, string> = {}, script: Answer[] = []) {
  scripts.set(text, script);
  const res = await h.call('POST', `/admin/v1/channel_accounts/${account}/inbound_messages`, {
    body: { from: { phone: `+4917${digits(8)}`, ...from }, text },
  });
  assert.equal(res.status, 201, res.raw);
  return res.body as { id: string; conversation_id: string };
}

const requestsFor = (messageId: string): Received[] =>
  receiver.received.filter((r) => r.body?.lastMessage?.id === messageId);

describe('delivering the message webhook', () => {
  test('POSTs the body to {CHATBOT_URL}/message, signed, with the bearer token; the answer is carried out', async () => {
    const m = await say('hello there');
    const d = await ended(m);
    assert.equal(d.status, 'succeeded', JSON.stringify(d));
    const [r] = requestsFor(m.id);
    assert.equal(r.path, '/message');
    assert.equal(r.headers['content-type'], 'application/json');
    assert.equal(r.headers.authorization, 'Bearer tok-123');
    assert.match(String(r.headers['user-agent']), /^ordering-platform-webhooks\//);
    assert.equal(r.id, d.id);
    assert.match(d.id, /^whd_/);
    assert.ok(Math.abs(Number(r.headers['webhook-timestamp']) - r.at / 1000) < 5);
    const verified = new Webhook(secret).verify(r.raw, r.headers as Record<string, string>) as any;
    assert.equal(verified.event.id, d.id);
    assert.equal(verified.event.attempt, 1, JSON.stringify(d.attempts));
    assert.throws(() => new Webhook(newSecret()).verify(r.raw, r.headers as Record<string, string>));

    const applied = applier.applied.find((a) => a.ref.messageId === m.id);
    assert.deepEqual(applied?.response, { status: 200, contentType: 'application/json', body: '{}' });
    assert.equal(applied?.ref.conversationId, m.conversation_id);
    assert.equal(d.outcome.applied, true);
    assert.equal(d.outcome.order_id, d.id, 'the outcome the applier returned is kept');
    assert.equal(d.attempt_count, 1);
    assert.equal(d.attempts.length, 1);
    assert.deepEqual(
      { ...d.attempts[0], started_at: undefined, duration_ms: undefined },
      {
        number: 1,
        started_at: undefined,
        duration_ms: undefined,
        status_code: 200,
        response_excerpt: '{}',
        error: null,
        result: 'succeeded',
      },
    );
    assert.ok(d.completed_at);
  });

  test('a 500 is retried with the same webhook-id and a fresh signature; a 2xx is never retried', async () => {
    const m = await say('retry after 500', {}, [{ status: 500, body: 'x'.repeat(1500) }, { status: 202 }]);
    const d = await ended(m);
    assert.equal(d.status, 'succeeded');
    const rs = requestsFor(m.id);
    assert.equal(rs.length, 2);
    assert.equal(rs[0].id, rs[1].id);
    for (const r of rs) new Webhook(secret).verify(r.raw, r.headers as Record<string, string>);
    assert.deepEqual(
      rs.map((r) => r.body.event.attempt),
      [1, 2],
    );
    assert.deepEqual(
      d.attempts.map((a: any) => [a.number, a.status_code, a.result]),
      [
        [1, 500, 'retry'],
        [2, 202, 'succeeded'],
      ],
    );
    assert.equal(d.attempts[0].response_excerpt.length, 1000);
    assert.equal(d.attempts[0].error, 'HTTP 500');
  });

  test('a 429 waits for Retry-After (seconds) instead of the schedule', async () => {
    const m = await say('slow down', {}, [{ status: 429, headers: { 'retry-after': '1' } }]);
    const d = await ended(m);
    assert.equal(d.status, 'succeeded');
    const rs = requestsFor(m.id);
    assert.equal(rs.length, 2);
    assert.ok(rs[1].at - rs[0].at >= 950, `retried after ${rs[1].at - rs[0].at} ms`);
  });

  test('a receiver that does not answer in time is retried', async () => {
    const m = await say('too slow', {}, ['hang']);
    const d = await ended(m, 20_000);
    assert.equal(d.status, 'succeeded');
    assert.equal(d.attempts[0].status_code, null);
    assert.match(d.attempts[0].error, /timed out after 5000 ms/);
    assert.equal(d.attempts[0].result, 'retry');
  });

  test('a 400 is not retried: failed, and the customer gets the fallback reply in their language', async () => {
    const m = await say('bad request', { language: 'fr' }, [{ status: 400, body: '{"error":"nope"}' }]);
    const d = await ended(m);
    assert.equal(d.status, 'failed');
    assert.equal(requestsFor(m.id).length, 1);
    assert.deepEqual(
      d.attempts.map((a: any) => [a.status_code, a.result, a.response_excerpt]),
      [[400, 'failed', '{"error":"nope"}']],
    );
    assert.match(d.last_error, /HTTP 400/);
    assert.equal(d.outcome.fallback_sent, true);
    assert.equal(d.outcome.applied, false);
    const out = await eventually(async () => {
      const msgs = (await messagesOf(h, m.conversation_id)).filter((x) => x.direction === 'outbound');
      return msgs.length > 0 && msgs[0].status === 'sent' ? msgs : undefined;
    });
    assert.equal(out.length, 1);
    assert.equal(out[0].text, fallbackText('fr'));
  });

  test('a refused connection is retried; after the last attempt the fallback goes out in the location language', async () => {
    await receiver.close();
    try {
      const m = await say('nobody home');
      const d = await ended(m);
      assert.equal(d.status, 'failed');
      assert.deepEqual(
        d.attempts.map((a: any) => [a.number, a.status_code, a.result]),
        [
          [1, null, 'retry'],
          [2, null, 'retry'],
          [3, null, 'failed'],
        ],
      );
      assert.match(d.attempts[0].error, /ECONNREFUSED/);
      assert.match(d.last_error, /ECONNREFUSED.*no attempts left/);
      const out = await eventually(async () => {
        const msgs = (await messagesOf(h, m.conversation_id)).filter((x) => x.direction === 'outbound');
        return msgs.length > 0 ? msgs : undefined;
      });
      // The customer set no language: the location's default (de) is used.
      assert.equal(out[0].text, fallbackText('de'));
    } finally {
      await receiver.reopen();
    }
  });

  test('within a conversation the next message goes only after the previous one was answered', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const phone = `+4917${digits(8)}`;
    const first = await say('first of two', { phone }, [{ status: 503 }, { hold: held }]);
    await eventually(() => (requestsFor(first.id).length === 2 ? true : undefined));
    const second = await say('second of two', { phone });
    // Another conversation is not held up meanwhile.
    const other = await say('meanwhile elsewhere');
    assert.equal((await ended(other)).status, 'succeeded');
    assert.equal(requestsFor(second.id).length, 0, 'the 2nd waited while the 1st was being answered');
    release();
    await ended(second);
    const [a, b] = [requestsFor(first.id)[1], requestsFor(second.id)[0]];
    assert.ok(a.answeredAt !== undefined && b.at >= a.answeredAt, 'the 2nd was sent after the 1st was answered');
  });
});

describe('stopping', () => {
  const workers: DeliveryWorker[] = [];
  let appClosed: Promise<void> | undefined;
  // In a suite, not at the root: root hooks run after the harness's, which closes the database.
  after(async () => {
    await (appClosed ?? app?.close());
    for (const w of workers) await w.stop();
    await receiver?.close();
  });

  async function worker(options: Partial<WorkerOptions> = {}, buildPayload?: BuildPayload) {
    const db = await testDb();
    const w = new DeliveryWorker(
      { db, log: h.app.log, buildPayload: buildPayload ?? testPayload(db), applyAnswer: applier.apply },
      { chatbotUrl: receiver.url, signingSecret: secret, retryDelaysMs: [50], timeoutMs: 5_000, ...options },
    );
    workers.push(w);
    await w.start();
    return w;
  }

  test('closing the app waits for the attempt in flight, which completes', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const m = await say('answered while closing', {}, [{ hold: held }]);
    await eventually(() => (requestsFor(m.id).length === 1 ? true : undefined));
    let closed = false;
    appClosed = app.close();
    const closing = appClosed.then(() => {
      closed = true;
    });
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(closed, false, 'close waits for the attempt');
    release();
    await closing;
    const d = await deliveryOf(m);
    assert.equal(d.status, 'succeeded');
  });

  test('an attempt still in flight after the drain bound is cut short and queued again', async () => {
    const w1 = await worker({ drainMs: 100 });
    const m = await say('cut short', {}, ['hang']);
    await eventually(() => (requestsFor(m.id).length === 1 ? true : undefined));
    const t0 = Date.now();
    await w1.stop();
    assert.ok(Date.now() - t0 < 3_000);
    let d = await deliveryOf(m);
    assert.equal(d.status, 'pending');
    assert.equal(d.attempt_count, 1);
    assert.deepEqual(
      d.attempts.map((a: any) => [a.number, a.result]),
      [[1, 'retry']],
    );
    assert.match(d.attempts[0].error, /cut short/);

    // Claimed but not sent yet when the worker stops: released, the attempt not counted.
    let building!: () => void;
    const called = new Promise<void>((r) => {
      building = r;
    });
    let unblock!: () => void;
    const blocked = new Promise<void>((r) => {
      unblock = r;
    });
    const inner = testPayload(await testDb());
    const w2 = await worker({}, async (ref) => {
      building();
      await blocked;
      return inner(ref);
    });
    await called;
    const stopping = w2.stop();
    unblock();
    await stopping;
    d = await deliveryOf(m);
    assert.equal(d.status, 'pending');
    assert.equal(d.attempt_count, 1);
    assert.equal(d.attempts.length, 1);
    assert.equal(requestsFor(m.id).length, 1, 'not sent');

    await worker();
    d = await ended(m);
    assert.equal(d.status, 'succeeded');
    assert.deepEqual(
      d.attempts.map((a: any) => [a.number, a.result]),
      [
        [1, 'retry'],
        [2, 'succeeded'],
      ],
    );
  });
});
