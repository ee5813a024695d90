import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type App, buildApp } from '../../src/app.js';
import { signBody } from '../../src/channels/whatsapp/signature.js';
import type { FloodLimits } from '../../src/domain/conversations/flood.js';
import { memoryStore, type RateLimitStore, redisStore } from '../../src/http/rate-limit-store.js';
import { getHarness, type Harness, harnessOf, type Res } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { assertError, newTenant, type Tenant } from '../helpers/fixtures.js';
import {
  createTestAccount,
  createWhatsAppAccount,
  digits,
  eventually,
  fakeGraphApi,
  fill,
  fixture,
  messagesOf,
  type WhatsAppAccount,
  wamid,
} from './_support.js';

/**
 * Flood control of inbound messages (issue 19, weakness 4), through the test channel and signed WhatsApp
 * notifications. Apps with their own limits share the harness's database (and Redis, when REDIS_URL is
 * set); windows are short so that "until the window passes" is a wait of seconds.
 */
let h: Harness;
let t: Tenant;
let graph: Awaited<ReturnType<typeof fakeGraphApi>>;
const closers: (() => Promise<void>)[] = [];

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  graph = await fakeGraphApi();
});

// The harness closes the database after the file: these apps close first (a root after hook registered
// later runs later, so this one is nested in the last describe instead).
async function closeAll() {
  for (const close of closers.reverse()) await close();
  await graph.close();
}

/** An app with these limits on the shared database, sending WhatsApp replies to the fake Graph API. */
async function floodApp(flood: Partial<FloodLimits>): Promise<Harness> {
  const store: RateLimitStore = process.env.REDIS_URL ? redisStore(process.env.REDIS_URL) : memoryStore();
  const app: App = await buildApp({
    db: await testDb(),
    store,
    flood,
    channels: { whatsappGraphBaseUrl: `${graph.url}/`, retryDelaysMs: [40, 80], sendTimeoutMs: 2_000 },
  });
  await app.ready();
  closers.push(async () => {
    await app.close();
    await store.close();
  });
  return harnessOf(app, h.adminKey);
}

const phone = () => `+4917${digits(8)}`;

async function say(f: Harness, accountId: string, from: { phone: string; language?: string }, text: string) {
  const res = await f.call('POST', `/admin/v1/channel_accounts/${accountId}/inbound_messages`, {
    body: { from, text },
  });
  assert.equal(res.status, 201, res.raw);
  return res.body;
}

async function deliveriesOf(conversationId: string): Promise<any[]> {
  const res = await h.call('GET', `/admin/v1/webhook_deliveries?conversation_id=${conversationId}&limit=100`);
  assert.equal(res.status, 200, res.raw);
  return res.body.data;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A metric's value in /metrics, 0 when absent. */
async function metric(f: Harness, name: string, labels = ''): Promise<number> {
  const res = await f.app.inject({ method: 'GET', url: '/metrics' });
  const line = res.body.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

describe('flood control: the test channel', () => {
  const WINDOW_MS = 2_500;
  let f: Harness;
  let account: string;

  before(async () => {
    f = await floodApp({ windowMs: WINDOW_MS, perCustomer: 3, perChannelAccount: 1_000 });
    account = await createTestAccount(h, { location_id: t.locationIds[0] });
  });

  test('a customer over their limit: every message stored, 3 delivered, one slow-down reply per window', async () => {
    const flooder = { phone: phone() };
    const started = Date.now();
    const sent = [];
    for (let i = 0; i < 8; i++) sent.push(await say(f, account, flooder, `message ${i}`));
    // The window slides: sent within a third of it, exactly the limit is delivered whatever the boundaries.
    const elapsed = Date.now() - started;
    const exact = elapsed < WINDOW_MS / 3;
    const conversation = sent[0].conversation_id;

    const all = await messagesOf(h, conversation);
    const inbound = all.filter((m) => m.direction === 'inbound');
    assert.deepEqual(
      inbound.map((m) => m.text),
      sent.map((m) => m.text),
      'every message is stored, in order',
    );
    const outbound = all.filter((m) => m.direction === 'outbound');
    // One per window: a machine so slow that the eight messages spanned windows may bring another.
    assert.ok(outbound.length >= 1 && outbound.length <= 1 + Math.floor(elapsed / WINDOW_MS), 'one slow-down reply');
    assert.match(outbound[0].text, /faster than we can answer/);

    const delivered = await deliveriesOf(conversation);
    if (exact) assert.equal(delivered.length, 3);
    else assert.ok(delivered.length >= 3 && delivered.length < 8, `${delivered.length} deliveries in ${elapsed} ms`);
    // The first three are always delivered; on a slow machine one more, later, as the window slides.
    assert.deepEqual(
      delivered
        .map((d) => d.message_id)
        .sort()
        .slice(0, 3),
      sent.slice(0, 3).map((m) => m.id),
      'the first messages are the ones delivered',
    );

    // Another customer of the same account is not held back by this one.
    const other = await say(f, account, { phone: phone() }, 'hello');
    assert.equal((await deliveriesOf(other.conversation_id)).length, 1);

    // Once the window has passed, the customer is heard again (the delivery's history carries the held ones).
    await wait(2 * WINDOW_MS + 100);
    const later = await say(f, account, flooder, 'sorry, one pizza please');
    const after = await deliveriesOf(conversation);
    assert.ok(
      after.some((d) => d.message_id === later.id),
      'delivered after the window',
    );
  });

  test('the slow-down reply is in the customer language; a new window may bring one more', async () => {
    const flooder = { phone: phone(), language: 'de-AT' };
    for (let i = 0; i < 5; i++) await say(f, account, flooder, `Nachricht ${i}`);
    const first = await say(f, account, flooder, 'noch eine');
    let outbound = (await messagesOf(h, first.conversation_id)).filter((m) => m.direction === 'outbound');
    assert.equal(outbound.length, 1);
    assert.match(outbound[0].text, /schneller, als wir antworten/);

    await wait(WINDOW_MS + 100);
    for (let i = 0; i < 5; i++) await say(f, account, flooder, `wieder ${i}`);
    outbound = (await messagesOf(h, first.conversation_id)).filter((m) => m.direction === 'outbound');
    assert.ok(outbound.length <= 2, 'at most one per window');
  });

  test('the channel account limit holds back what passes the customer limit, without a reply', async () => {
    const small = await floodApp({ windowMs: 60_000, perCustomer: 100, perChannelAccount: 4 });
    const shared = await createTestAccount(h, { location_id: t.locationIds[1] });
    const before = await metric(small, 'inbound_messages_held_total', 'limit="channel_account"');
    const sent = [];
    for (let i = 0; i < 6; i++) sent.push(await say(small, shared, { phone: phone() }, `hi ${i}`));
    const counts = await Promise.all(sent.map(async (m) => (await deliveriesOf(m.conversation_id)).length));
    assert.deepEqual(counts, [1, 1, 1, 1, 0, 0]);
    for (const m of sent.slice(4)) {
      const messages = await messagesOf(h, m.conversation_id);
      assert.deepEqual(
        messages.map((x) => x.direction),
        ['inbound'],
        'stored, and no reply',
      );
    }
    assert.equal((await metric(small, 'inbound_messages_held_total', 'limit="channel_account"')) - before, 2);
  });
});

describe('flood control: several processes', { skip: process.env.REDIS_URL ? false : 'REDIS_URL is not set' }, () => {
  test("two servers on one Redis share a customer's budget", async () => {
    const limits = { windowMs: 60_000, perCustomer: 3, perChannelAccount: 1_000 };
    const [one, two] = [await floodApp(limits), await floodApp(limits)];
    const account = await createTestAccount(h, { location_id: t.locationIds[0] });
    const from = { phone: phone() };
    const sent = [];
    for (let i = 0; i < 6; i++) sent.push(await say(i % 2 ? two : one, account, from, `turn ${i}`));
    assert.equal((await deliveriesOf(sent[0].conversation_id)).length, 3);
    const outbound = (await messagesOf(h, sent[0].conversation_id)).filter((m) => m.direction === 'outbound');
    assert.equal(outbound.length, 1, 'one slow-down reply across both');
  });
});

describe('flood control: WhatsApp', () => {
  let f: Harness;
  let a: WhatsAppAccount;
  let b: WhatsAppAccount;

  before(async () => {
    f = await floodApp({
      windowMs: 60_000,
      perCustomer: 2,
      perChannelAccount: 1_000,
      notificationsPerChannelAccount: 30,
    });
    a = await createWhatsAppAccount(h, { location_id: t.locationIds[0] });
    const other = await newTenant(h);
    b = await createWhatsAppAccount(h, { organization_id: other.orgId });
  });
  after(closeAll);

  const text = (account: WhatsAppAccount, waId: string) =>
    fill(fixture('text-message'), { PHONE_NUMBER_ID: account.phoneNumberId, WA_ID: waId, WAMID: wamid() });
  const status = (account: WhatsAppAccount) =>
    fill(fixture('status-delivered'), {
      PHONE_NUMBER_ID: account.phoneNumberId,
      WAMID: wamid(),
      STATUS: 'delivered',
      WA_ID: `49${digits(10)}`,
    });

  test("1,000 signed notifications for one account from one address do not refuse another account's", async () => {
    // The shared harness has the default limits: the per-address budget (1,000 a minute) used to count
    // every notification, so Meta's shared address ran out for every organization.
    const address = `10.9.${Number(digits(2)) % 250}.${Number(digits(2)) % 250}`;
    // An account of its own: with Redis, every app here shares its budgets.
    const a = await createWhatsAppAccount(h, { location_id: t.locationIds[1] });
    for (let i = 0; i < 1_000; i += 25) {
      const batch = await Promise.all(Array.from({ length: 25 }, () => post(h, a, status(a), address)));
      for (const res of batch) assert.equal(res.status, 200, res.raw);
    }
    const res = await post(h, b, text(b, `49${digits(10)}`), address);
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.messages_stored, 1);
  });

  test('signed notifications count against their channel account: over it 429 (Meta retries), others unaffected', async () => {
    const address = '10.8.0.1';
    const before = await metric(f, 'whatsapp_notifications_limited_total');
    let last: Res | undefined;
    for (let i = 0; i < 30; i++) {
      last = await post(f, a, status(a), address);
      assert.equal(last.status, 200, last.raw);
    }
    assert.equal(last?.headers['x-ratelimit-limit'], '30');
    assert.equal(last?.headers['x-ratelimit-remaining'], '0');
    const refused = await post(f, a, text(a, `49${digits(10)}`), address);
    assertError(refused, 429, 'rate_limit_error', 'rate_limit_exceeded');
    assert.ok(Number(refused.headers['retry-after']) >= 1);
    assert.equal((await metric(f, 'whatsapp_notifications_limited_total')) - before, 1);

    const rawB = text(b, `49${digits(10)}`);
    const ok = await post(f, b, rawB, address);
    assert.equal(ok.status, 200, ok.raw);
    // Unsigned calls still count against the client address, and are refused for what they are.
    const unsigned = await f.call('POST', `/channels/whatsapp/${b.id}/webhook`, {
      key: null,
      body: rawB,
      headers: { 'content-type': 'application/json' },
      remoteAddress: address,
    });
    assertError(unsigned, 401, 'authentication_error', 'signature_missing');
    assert.equal(unsigned.headers['x-ratelimit-limit'], '1000');
  });

  test('a customer over their limit on WhatsApp: stored, held back, one slow-down reply sent through the Graph API', async () => {
    const waId = `49${digits(10)}`;
    const heldBefore = await metric(f, 'inbound_messages_held_total', 'limit="customer"');
    const slowBefore = await metric(f, 'inbound_slow_down_replies_total');
    const sendsBefore = graph.requests.length;
    const results = [];
    for (let i = 0; i < 5; i++) {
      const res = await post(f, b, text(b, waId));
      assert.equal(res.status, 200, res.raw);
      results.push(res.body);
    }
    assert.ok(results.every((r) => r.messages_stored === 1));
    const customer = (await h.call('GET', `/admin/v1/customers?phone=%2B${waId}`)).body.data[0];
    const conversation = (
      await h.call('GET', `/admin/v1/conversations?customer_id=${customer.id}&channel_account_id=${b.id}`)
    ).body.data[0];
    const messages = await messagesOf(h, conversation.id);
    assert.equal(messages.filter((m) => m.direction === 'inbound').length, 5);
    assert.equal((await deliveriesOf(conversation.id)).length, 2);
    const sent = await eventually(async () => {
      const mine = graph.requests.slice(sendsBefore).filter((r) => r.body.to === waId);
      return mine.length > 0 ? mine : undefined;
    });
    await wait(200);
    assert.equal(graph.requests.slice(sendsBefore).filter((r) => r.body.to === waId).length, 1);
    assert.match(sent[0].body.text.body, /faster than we can answer/);
    assert.equal((await metric(f, 'inbound_messages_held_total', 'limit="customer"')) - heldBefore, 3);
    assert.equal((await metric(f, 'inbound_slow_down_replies_total')) - slowBefore, 1);
  });
});

/** A notification signed with the account's app secret, as Meta sends it (from a shared address). */
function post(on: Harness, account: WhatsAppAccount, raw: string, remoteAddress?: string) {
  const headers = { 'content-type': 'application/json', 'x-hub-signature-256': signBody(raw, account.appSecret) };
  return on.call('POST', `/channels/whatsapp/${account.id}/webhook`, { key: null, body: raw, headers, remoteAddress });
}
