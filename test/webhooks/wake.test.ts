/**
 * The delivery worker is woken, it does not poll: with its safety sweep set to 60 s, a customer message
 * reaches the receiver within 2 s (PGlite's in-process notice; NOTIFY on PostgreSQL), one after another
 * with the worker idle in between, and on PostgreSQL also when another server process (one without a
 * worker) wrote it. A retry is taken on its own timer, not by the sweep. And an idle worker issues no
 * statement of its own: every claim it makes while idle answers a notice it heard (none on PGlite;
 * on PostgreSQL the channel is shared by every schema of the database, so other test files' messages
 * may wake it for a claim that finds nothing).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type App, buildApp } from '../../src/app.js';
import type { Db, Notice, Queryable, QueryOptions } from '../../src/db/client.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { DELIVERIES_CHANNEL } from '../../src/webhooks/outbox.js';
import { createTestAccount, digits } from '../conversations/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant } from '../helpers/fixtures.js';
import { startServerProcess } from '../helpers/services.js';
import { type Answer, eventually, fakeReceiver, isolateDatabase, newSecret, type Received } from './_support.js';
import { deliveries, hearing, recordingApplier, testPayload } from './app.js';

/** Far beyond every wait below: a message delivered in time was not found by the sweep. */
const SWEEP_MS = 60_000;
/** "At once", with room for a loaded two-core CI machine; still thirty times below the sweep. */
const PROMPT_MS = 2_000;
/** The only retry delay (±20 % jitter): long enough to watch the worker sleep through it. */
const RETRY_MS = 4_000;

let h: Harness;
let account: string;
let app: App;
let receiver: Awaited<ReturnType<typeof fakeReceiver>>;
/** Answers by the message text (default 200). */
const scripts = new Map<string, Answer[]>();
/** Statements the worker sent (its own Db: claims, bodies, settling), and the notices it heard. */
const counts = { worker: 0, notices: 0 };
const heard: Notice[] = [];

before(async () => {
  await isolateDatabase();
  h = await getHarness();
  const t = await newTenant(h);
  account = await createTestAccount(h, { location_id: t.locationIds[0] });
  receiver = await fakeReceiver((r) => scripts.get(r.body?.lastMessage?.text)?.shift() ?? { status: 200 });
  const base = await testDb();
  // The app's Db (where the worker LISTENs) with every notice on the deliveries channel counted.
  const appDb = hearing(base, DELIVERIES_CHANNEL, (n) => {
    counts.notices++;
    if (n) heard.push(n);
  });
  // The worker's own Db (WebhookOptions.db): every statement it issues goes through here.
  const counted = <T>(sql: string, params?: unknown[], options?: QueryOptions) => {
    counts.worker++;
    return base.query<T>(sql, params, options);
  };
  const workerDb: Db = {
    ...base,
    query: counted,
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => {
      counts.worker++;
      return base.transaction(fn);
    },
  };
  app = await buildApp({
    db: appDb,
    store: memoryStore(),
    webhooks: {
      chatbotUrl: receiver.url,
      signingSecret: newSecret(),
      retryDelaysMs: [RETRY_MS],
      timeoutMs: 5_000,
      sweepMs: SWEEP_MS,
      db: workerDb,
      buildPayload: testPayload(workerDb),
      applyAnswer: recordingApplier().apply,
    },
  });
  await app.ready();
});

const { deliveryOf, ended } = deliveries(() => h);

async function say(text: string, script: Answer[] = []) {
  scripts.set(text, script);
  const res = await h.call('POST', `/admin/v1/channel_accounts/${account}/inbound_messages`, {
    body: { from: { phone: `+4917${digits(8)}` }, text },
  });
  assert.equal(res.status, 201, res.raw);
  return res.body as { id: string; conversation_id: string };
}

const requestsFor = (messageId: string): Received[] =>
  receiver.received.filter((r) => r.body?.lastMessage?.id === messageId);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Until nothing is in flight here, then a moment more for the round a delivery's end may start. */
async function quiet() {
  const worker = app.webhooks.worker();
  assert.ok(worker, 'the app runs a worker');
  await eventually(() => (worker.busy === 0 ? true : undefined));
  await sleep(300);
}

/** What the worker did over `ms` of waiting. */
async function watch(ms: number) {
  const start = { ...counts };
  await sleep(ms);
  return { statements: counts.worker - start.worker, notices: counts.notices - start.notices };
}

describe('waking the delivery worker', () => {
  // In a suite, not at the root: root hooks run after the harness's, which closes the database.
  after(async () => {
    await app?.close();
    await receiver?.close();
  });

  test('a message is delivered at once, each time, though the sweep is a minute away', async () => {
    for (const text of ['wake one', 'wake two', 'wake three']) {
      // Idle first: nothing open, no timer set; only the message's own notice can start a claim.
      await quiet();
      const sentAt = Date.now();
      const m = await say(text);
      const [r] = await eventually(() => (requestsFor(m.id).length > 0 ? requestsFor(m.id) : undefined), PROMPT_MS);
      assert.ok(r.at - sentAt < PROMPT_MS, `'${text}' reached the receiver ${r.at - sentAt} ms after it was sent`);
      assert.equal((await ended(m)).status, 'succeeded');
    }
  });

  test('an idle worker issues no statement but the claims its notices call for', async () => {
    await quiet();
    const idle = await watch(3_000);
    assert.ok(
      idle.statements <= idle.notices,
      `idle for 3 s: ${idle.statements} statements for ${idle.notices} notices heard`,
    );
    // PGlite has one process and this file writes nothing meanwhile: not one notice, not one statement.
    if (!process.env.DATABASE_URL) assert.deepEqual(idle, { statements: 0, notices: 0 });
  });

  test('a delivery waiting for its retry sleeps on a timer: no polling, and retried on time', async () => {
    await quiet();
    const m = await say('retry on a timer', [{ status: 503 }]);
    await eventually(async () => {
      const d = await deliveryOf(m);
      return d.status === 'pending' && d.attempt_count === 1 ? d : undefined;
    }, PROMPT_MS * 2);
    const first = requestsFor(m.id)[0];
    // The retry is due RETRY_MS ± 20 % after the first answer: this window ends well before that.
    await sleep(300);
    const waiting = await watch(1_500);
    assert.equal(requestsFor(m.id).length, 1, 'not retried before its time');
    assert.ok(
      waiting.statements <= waiting.notices,
      `waiting for a retry: ${waiting.statements} statements in 1.5 s for ${waiting.notices} notices heard`,
    );
    const d = await ended(m, RETRY_MS * 1.2 + PROMPT_MS + 2_000);
    assert.equal(d.status, 'succeeded');
    const [, second] = requestsFor(m.id);
    const gap = second.at - (first.answeredAt as number);
    assert.ok(gap >= RETRY_MS * 0.8 - 50, `retried ${gap} ms after the 503: not before its time`);
    assert.ok(gap < RETRY_MS * 1.2 + PROMPT_MS, `retried ${gap} ms after the 503: on its timer, not the sweep`);
  });

  test('PostgreSQL: a message written by another server process wakes this worker by NOTIFY', async (t) => {
    const url = process.env.DATABASE_URL;
    if (!url) {
      t.skip('PostgreSQL only: a PGlite database serves one process');
      return;
    }
    const adminKey = `svc_admin_${randomBytes(40)
      .toString('base64')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 36)}`;
    // No CHATBOT_URL: that process runs no worker, so only this one can deliver what it writes.
    const other = await startServerProcess(
      { DATABASE_URL: url, REDIS_URL: '', ADMIN_API_KEY: adminKey, CHATBOT_URL: '' },
      45_000,
    );
    try {
      await quiet();
      const sentAt = Date.now();
      const res = await fetch(`${other.base}/admin/v1/channel_accounts/${account}/inbound_messages`, {
        method: 'POST',
        headers: {
          'x-api-key': adminKey,
          'content-type': 'application/json',
          'idempotency-key': `wake-${randomBytes(8).toString('hex')}`,
        },
        body: JSON.stringify({ from: { phone: `+4917${digits(8)}` }, text: 'from another process' }),
      });
      assert.equal(res.status, 201, await res.clone().text());
      const m = (await res.json()) as { id: string; conversation_id: string };
      const [r] = await eventually(() => (requestsFor(m.id).length > 0 ? requestsFor(m.id) : undefined), PROMPT_MS);
      assert.ok(r.at - sentAt < PROMPT_MS, `reached the receiver ${r.at - sentAt} ms after the other process took it`);
      const notice = heard.find((n) => n.payload === r.id);
      assert.ok(notice, 'the delivery id was NOTIFYed');
      assert.equal(notice.local, false, 'the NOTIFY came from a connection of the other process');
      assert.equal((await ended(m)).status, 'succeeded');
    } finally {
      process.kill(-(other.proc.pid as number), 'SIGTERM');
      assert.equal(await other.exited(), 0, other.output());
    }
  });
});
