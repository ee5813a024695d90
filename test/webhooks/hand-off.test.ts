/**
 * The hand-off (docs/message-webhook.md, "Hand-off"): a customer message stored while this process's
 * worker has a free slot and nothing else waiting has its delivery leased to that worker by the statement
 * that stores it, and started once the transaction commits: no NOTIFY for it, no claim. A message whose
 * conversation has an earlier delivery still open is not leased (it waits its turn, in order), nor one
 * that finds half the worker's slots or more taken; both go through the claims and arrive all the same.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type App, buildApp } from '../../src/app.js';
import type { Notice } from '../../src/db/client.js';
import type { ChannelAccountRow } from '../../src/domain/conversations/channel-accounts.js';
import { recordInboundMessage } from '../../src/domain/conversations/messages.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { DELIVERIES_CHANNEL } from '../../src/webhooks/outbox.js';
import { createTestAccount, digits } from '../conversations/_support.js';
import { getHarness, type Harness, harnessOf } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant } from '../helpers/fixtures.js';
import { type Answer, eventually, fakeReceiver, isolateDatabase, newSecret, type Received } from './_support.js';
import { deliveries, hearing, recordingApplier, testPayload } from './app.js';

let h: Harness;
/** Calls to the app with the worker (the harness's own app runs none). */
let own: Harness;
let account: string;
let app: App;
let receiver: Awaited<ReturnType<typeof fakeReceiver>>;
/** Answers by the message text (default 200 at once). */
const scripts = new Map<string, Answer>();
/** Every notice on the deliveries channel this process heard (their payloads are delivery ids). */
const heard: Notice[] = [];

before(async () => {
  await isolateDatabase();
  h = await getHarness();
  const t = await newTenant(h);
  account = await createTestAccount(h, { location_id: t.locationIds[0] });
  receiver = await fakeReceiver((r) => scripts.get(r.body?.lastMessage?.text) ?? { status: 200 });
  const base = await testDb();
  app = await buildApp({
    db: hearing(base, DELIVERIES_CHANNEL, (n) => n && heard.push(n)),
    store: memoryStore(),
    webhooks: {
      chatbotUrl: receiver.url,
      signingSecret: newSecret(),
      timeoutMs: 10_000,
      // Four slots: "half of them taken" is two messages on hold.
      concurrency: 4,
      // Far away: whatever arrives in time was not found by the sweep.
      sweepMs: 60_000,
      buildPayload: testPayload(base),
      applyAnswer: recordingApplier().apply,
    },
  });
  await app.ready();
  own = harnessOf(app, h.adminKey);
});

const { deliveryOf, ended } = deliveries(() => h);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function say(phone: string, text: string, answer?: Answer) {
  if (answer) scripts.set(text, answer);
  const res = await own.call('POST', `/admin/v1/channel_accounts/${account}/inbound_messages`, {
    body: { from: { phone }, text },
  });
  assert.equal(res.status, 201, res.raw);
  return res.body as { id: string; conversation_id: string };
}

const requestFor = (messageId: string): Received | undefined =>
  receiver.received.find((r) => r.body?.lastMessage?.id === messageId);
const arrived = (m: { id: string }) => eventually(() => requestFor(m.id), 5_000);

/** Nothing in flight here and nothing open: the next message may be handed off. */
async function quiet() {
  const worker = app.webhooks.worker();
  assert.ok(worker, 'the app runs a worker');
  await eventually(() => (worker.busy === 0 ? true : undefined));
  await sleep(200);
}

function gate() {
  let open = () => {};
  const hold = new Promise<void>((r) => {
    open = r;
  });
  return { hold, open };
}

describe('handing a new delivery to this process worker', () => {
  after(async () => {
    await app?.close();
    await receiver?.close();
  });

  test('an idle worker gets the delivery from the statement that stores it: leased at commit, no notice', async () => {
    await quiet();
    const g = gate();
    const m = await say(`+4917${digits(8)}`, 'hand me off', { hold: g.hold });
    // Right after the 201: already the worker's (a claim would come only after a notice round trip).
    const d = await deliveryOf(m);
    assert.equal(d.status, 'delivering');
    assert.equal(d.attempt_count, 1);
    await arrived(m);
    g.open();
    assert.equal((await ended(m)).status, 'succeeded');
    assert.equal(
      heard.filter((n) => n.payload === d.id).length,
      0,
      'the delivery leased at once is not announced to the workers',
    );
    const full = (await h.call('GET', `/admin/v1/webhook_deliveries/${d.id}`)).body;
    assert.deepEqual(
      full.attempts.map((a: { number: number; result: string }) => [a.number, a.result]),
      [[1, 'succeeded']],
    );
  });

  test("a conversation's next message waits for the one in flight, then follows it", async () => {
    await quiet();
    const phone = `+4917${digits(8)}`;
    const g = gate();
    const first = await say(phone, 'first of two', { hold: g.hold });
    await arrived(first);
    const second = await say(phone, 'second of two');
    const waiting = await deliveryOf(second);
    assert.equal(waiting.status, 'pending', 'not leased beside the open delivery of its conversation');
    await sleep(300);
    assert.equal(requestFor(second.id), undefined, 'not sent while the first is in flight');
    const answeredAt = Date.now();
    g.open();
    assert.equal((await ended(first)).status, 'succeeded');
    const r = await arrived(second);
    assert.ok(r.at >= answeredAt, 'the second was sent after the first was answered');
    assert.equal((await ended(second)).status, 'succeeded');
  });

  test('slots a statement did not keep come back: after a rollback and a message left pending, it still hands off', async () => {
    // Four slots, two of them for hand-offs: two slots lost would leave none for the last message.
    await quiet();
    // A transaction that leased a delivery and then failed: the slot goes back, nothing is sent.
    const base = await testDb();
    const [row] = await base.query<ChannelAccountRow>('SELECT * FROM channel_accounts WHERE id = $1', [account]);
    await assert.rejects(
      base.transaction(async (tx) => {
        await recordInboundMessage(tx, row, {
          from: { phone: `+4917${digits(8)}` },
          type: 'text',
          text: 'rolled back',
          channel_message_id: `test_${digits(12)}`,
        });
        throw new Error('rolled back');
      }),
      /rolled back/,
    );
    // A message whose statement took a slot and wrote it pending behind the conversation's first: it goes back.
    const phone = `+4917${digits(8)}`;
    const g = gate();
    const first = await say(phone, 'hold the line', { hold: g.hold });
    await arrived(first);
    const behind = await say(phone, 'behind it');
    assert.equal((await deliveryOf(behind)).status, 'pending');
    g.open();
    for (const m of [first, behind]) assert.equal((await ended(m)).status, 'succeeded');
    await quiet();
    const next = await say(`+4917${digits(8)}`, 'still handed off');
    const d = await deliveryOf(next);
    assert.ok(d.status === 'delivering' || d.status === 'succeeded', d.status);
    await arrived(next);
    assert.equal(heard.filter((n) => n.payload === d.id).length, 0, 'leased by its statement, not announced');
    assert.equal(
      receiver.received.filter((r) => r.body?.lastMessage?.text === 'rolled back').length,
      0,
      'the rolled-back lease was never sent',
    );
  });

  test('a worker with half its slots taken leaves the delivery to the claims', async () => {
    await quiet();
    const gates = [gate(), gate()];
    const held = [
      await say(`+4917${digits(8)}`, 'slot one', { hold: gates[0].hold }),
      await say(`+4917${digits(8)}`, 'slot two', { hold: gates[1].hold }),
    ];
    await Promise.all(held.map(arrived));
    const third = await say(`+4917${digits(8)}`, 'no slot left');
    const d = await deliveryOf(third);
    // Not leased by its statement: announced to the workers, and claimed (at once: two slots are free).
    await eventually(() => heard.find((n) => n.payload === d.id), 5_000);
    for (const g of gates) g.open();
    await arrived(third);
    for (const m of [...held, third]) assert.equal((await ended(m)).status, 'succeeded');
  });
});
