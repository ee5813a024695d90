/**
 * WhatsApp sends against a fake Graph API that answers in Meta's error format: retries decided by Meta's
 * error code (not the HTTP status), rate limits waited out, replies reshaped within Meta's limits before
 * they are stored, the Graph version from the configuration, and the send counters.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type App, buildApp } from '../../src/app.js';
import { issueKey } from '../../src/domain/api-keys.js';
import { recordOutboundMessage } from '../../src/domain/conversations/messages.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { getHarness, type Harness, ikey } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant } from '../helpers/fixtures.js';
import {
  createWhatsAppAccount,
  digits,
  eventually,
  fakeGraphApi,
  fill,
  fixture,
  messagesOf,
  metaError,
  notify,
  type WhatsAppAccount,
  wamid,
} from './_support.js';

const VERSION = 'v99.9';
let h: Harness;
let wa: WhatsAppAccount;
let graph: Awaited<ReturnType<typeof fakeGraphApi>>;
let app: App;
let admin: string;

before(async () => {
  h = await getHarness();
  const t = await newTenant(h);
  wa = await createWhatsAppAccount(h, { location_id: t.locationIds[0] });
  graph = await fakeGraphApi();
  app = await buildApp({
    db: await testDb(),
    store: memoryStore(),
    channels: {
      whatsappGraphBaseUrl: graph.url,
      whatsappGraphVersion: VERSION,
      retryDelaysMs: [40, 80],
      rateLimitRetryDelaysMs: [150, 300],
      // No answer hangs on purpose here: a long timeout, so that a loaded machine's slow answer is never
      // taken for a failure (2 s was, once, with every test file running at the same time).
      sendTimeoutMs: 10_000,
    },
  });
  await app.ready();
  admin = (await issueKey(await testDb(), { type: 'admin', name: 'outbound graph test' })).secret as string;
});

after(async () => {
  try {
    await app?.close();
  } finally {
    await graph?.close();
  }
});

async function reply(conversationId: string, body: object) {
  const res = await app.inject({
    method: 'POST',
    url: `/admin/v1/conversations/${conversationId}/messages`,
    headers: { 'x-api-key': admin, 'idempotency-key': ikey() },
    payload: body,
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json();
}

async function conversation() {
  const waId = `49${digits(10)}`;
  const raw = fill(fixture('text-message'), { PHONE_NUMBER_ID: wa.phoneNumberId, WA_ID: waId, WAMID: wamid() });
  assert.equal((await notify(h, wa.id, raw, wa.appSecret)).status, 200);
  const customer = (await h.call('GET', `/admin/v1/customers?phone=${waId}`)).body.data[0];
  const c = (await h.call('GET', `/admin/v1/conversations?customer_id=${customer.id}`)).body.data[0];
  return { id: c.id as string, waId };
}

const settled = (conversationId: string, count: number) =>
  eventually(async () => {
    const out = (await messagesOf(h, conversationId)).filter((m) => m.direction === 'outbound');
    return out.length === count && out.every((m) => m.status !== 'pending') ? out : undefined;
  });

const requestsTo = (waId: string) => graph.requests.filter((r) => r.body.to === waId);

async function metric(series: string): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  const line = res.body.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("Meta's error codes decide", () => {
  test('a rate limit answered with HTTP 400 (130429) is retried, on the Graph version configured', async () => {
    const c = await conversation();
    const before = await metric(
      'channel_sends_total{channel="whatsapp",result="retry",kind="rate_limited",code="130429"}',
    );
    graph.answer(
      metaError(130429, 'Rate limit hit', {
        details: 'Message failed to send because there were too many messages sent from this phone number',
      }),
    );
    await reply(c.id, { text: 'Gleich fertig.' });
    const [m] = await settled(c.id, 1);
    assert.equal(m.status, 'sent');
    assert.equal(m.delivery.attempts, 2, m.delivery.last_error);
    assert.match(
      m.delivery.last_error,
      /^Graph API answered 400: \(#130429\) Rate limit hit \(code 130429\): Message failed/,
    );
    assert.match(m.delivery.last_error, /\[fbtrace_id A[\w-]+\]$/);
    for (const r of requestsTo(c.waId)) assert.equal(r.url, `/${VERSION}/${wa.phoneNumberId}/messages`);
    assert.equal(
      await metric('channel_sends_total{channel="whatsapp",result="retry",kind="rate_limited",code="130429"}'),
      before + 1,
    );
  });

  test('a transient error (131000, HTTP 500) is retried; a Retry-After is honoured', async () => {
    const c = await conversation();
    graph.answer(metaError(131000, 'Something went wrong', { status: 500, headers: { 'retry-after': '0' } }));
    await reply(c.id, { text: 'Noch einmal.' });
    const [m] = await settled(c.id, 1);
    assert.deepEqual([m.status, m.delivery.attempts], ['sent', 2]);
  });

  test('a final error (131026, undeliverable) is not retried, even with HTTP 500', async () => {
    const c = await conversation();
    const before = await metric('channel_sends_total{channel="whatsapp",result="failed",kind="final",code="131026"}');
    graph.answer(metaError(131026, 'Message Undeliverable', { status: 500 }));
    await reply(c.id, { text: 'Niemand da?' });
    await reply(c.id, { text: 'Danach.' });
    const [m, next] = await settled(c.id, 2);
    assert.deepEqual([m.status, m.delivery.attempts], ['failed', 1]);
    assert.match(m.delivery.last_error, /\(code 131026\)/);
    assert.equal(next.status, 'sent', 'the next message goes out');
    assert.equal(
      await metric('channel_sends_total{channel="whatsapp",result="failed",kind="final",code="131026"}'),
      before + 1,
    );
    assert.ok((await metric('channel_sends_total{channel="whatsapp",result="sent",kind="none",code="none"}')) >= 1);
  });

  test('outside the 24-hour window (131047) the message fails at once, saying a template is needed', async () => {
    const c = await conversation();
    graph.answer(
      metaError(131047, 'Re-engagement message', {
        details: 'Message failed to send because more than 24 hours have passed since the customer last replied',
      }),
    );
    await reply(c.id, { text: 'Deine Bestellung ist unterwegs.' });
    const [m] = await settled(c.id, 1);
    assert.deepEqual([m.status, m.delivery.attempts], ['failed', 1]);
    assert.match(m.delivery.last_error, /131047.*24 hours/);
  });

  test("a rate limit of the number holds back its other conversations' messages without spending attempts", async () => {
    const a = await conversation();
    const b = await conversation();
    graph.answer(metaError(130429, 'Rate limit hit'));
    await reply(a.id, { text: 'Erste.' });
    await eventually(async () => {
      const [m] = (await messagesOf(h, a.id)).filter((x) => x.direction === 'outbound');
      return m.delivery.last_error ? m : undefined;
    });
    await reply(b.id, { text: 'Zweite.' });
    const [mb] = await settled(b.id, 1);
    const [ma] = await settled(a.id, 1);
    assert.deepEqual([ma.status, ma.delivery.attempts], ['sent', 2]);
    assert.deepEqual([mb.status, mb.delivery.attempts], ['sent', 1]);
    assert.equal(requestsTo(b.waId).length, 1);
  });
});

describe("replies reshaped within Meta's limits", () => {
  test('2,000 characters with two buttons titled "OK": a text message, then the buttons, made unique', async () => {
    const c = await conversation();
    const intro = Array.from({ length: 43 }, (_, i) => `Punkt ${i}: eine Pizza mit allem, was dazugehört.`).join(' ');
    const text = `${intro}\n\nPasst das so?`;
    assert.ok(text.length >= 2000 && intro.length <= 4096, `${text.length}`);
    const buttons = [
      { id: 'yes', title: 'OK' },
      { id: 'no', title: 'OK' },
    ];
    const created = await reply(c.id, { text, buttons });
    assert.equal(created.type, 'buttons', 'the answer is the message with the buttons');
    const out = await settled(c.id, 2);
    assert.deepEqual(
      out.map((m) => [m.type, m.status]),
      [
        ['text', 'sent'],
        ['buttons', 'sent'],
      ],
    );
    assert.equal(out[1].id, created.id);
    const [first, second] = requestsTo(c.waId).map((r) => r.body);
    assert.deepEqual(first.text, { preview_url: false, body: intro });
    assert.equal(second.interactive.body.text, 'Passt das so?');
    assert.deepEqual(
      second.interactive.action.buttons.map((b: any) => b.reply),
      [
        { id: 'yes', title: 'OK' },
        { id: 'no', title: 'OK 2' },
      ],
    );
  });

  test('a list with several untitled sections gets titles; Meta requires them', async () => {
    const c = await conversation();
    const list = {
      button: 'Speisekarte',
      sections: [{ rows: [{ id: 'm', title: 'Margherita' }] }, { rows: [{ id: 'p', title: 'Penne' }] }],
    };
    await reply(c.id, { text: 'Was darf es sein?', list });
    await settled(c.id, 1);
    const [sent] = requestsTo(c.waId).map((r) => r.body);
    assert.deepEqual(
      sent.interactive.action.sections.map((s: any) => s.title),
      ['Speisekarte 1', 'Speisekarte 2'],
    );
  });

  test('a text over 4,096 characters (a notice, a fallback) goes out as several messages, in order', async () => {
    const db = await testDb();
    const c = await conversation();
    const row = (await db.query<any>('SELECT * FROM conversations WHERE id = $1', [c.id]))[0];
    const paragraphs = Array.from({ length: 6 }, (_, i) => `${i}: ${'Pizza. '.repeat(250)}`.trim());
    const text = paragraphs.join('\n\n');
    assert.ok(text.length > 9000);
    await db.transaction((tx) => recordOutboundMessage(tx, row, { text }));
    app.outbound.kick(c.id);
    const out = await settled(c.id, 3);
    assert.ok(out.every((m) => m.status === 'sent' && m.text.length <= 4096));
    const bodies = requestsTo(c.waId).map((r) => r.body.text.body);
    assert.deepEqual(
      bodies,
      out.map((m) => m.text),
    );
    assert.deepEqual(bodies.join('\n\n').split(/\s+/), text.split(/\s+/));
    assert.ok(bodies.slice(0, -1).every((b) => /Pizza\.$/.test(b)));
  });
});
