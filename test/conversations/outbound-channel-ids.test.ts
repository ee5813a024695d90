/**
 * Issue 19, what the conversation fuzz test found on the way out: the Graph API's answer is not trusted.
 * A message it accepted stays sent, never failed nor sent again, whatever message id it answers; its
 * error texts, and Meta's in failed statuses, are stored whatever they hold.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type App, buildApp } from '../../src/app.js';
import { issueKey } from '../../src/domain/api-keys.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { getHarness, type Harness, ikey } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import {
  createWhatsAppAccount,
  digits,
  eventually,
  fakeGraphApi,
  fill,
  fixture,
  messagesOf,
  notify,
  type WhatsAppAccount,
  wamid,
} from './_support.js';

let h: Harness;
let t: Tenant;
let wa: WhatsAppAccount;
let graph: Awaited<ReturnType<typeof fakeGraphApi>>;
let app: App;
let admin: string;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  wa = await createWhatsAppAccount(h, { location_id: t.locationIds[0] });
  graph = await fakeGraphApi();
  // The shared harness stores; this app, on the same database, sends to the fake Graph API. No answer here
  // is late on purpose: a long timeout keeps a loaded machine's slow one from counting as a second attempt.
  app = await buildApp({
    db: await testDb(),
    store: memoryStore(),
    channels: { whatsappGraphBaseUrl: `${graph.url}/`, retryDelaysMs: [40, 80], sendTimeoutMs: 15_000 },
  });
  await app.ready();
  admin = (await issueKey(await testDb(), { type: 'admin', name: 'outbound ids test' })).secret as string;
});

async function reply(conversationId: string, text: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/admin/v1/conversations/${conversationId}/messages`,
    headers: { 'x-api-key': admin, 'idempotency-key': ikey() },
    payload: { text },
  });
  assert.equal(res.statusCode, 201, res.body);
}

/** A conversation with a fresh customer, opened by a message of this id. */
async function conversation(inboundId = wamid()) {
  const waId = `49${digits(10)}`;
  const raw = fill(fixture('text-message'), { PHONE_NUMBER_ID: wa.phoneNumberId, WA_ID: waId, WAMID: inboundId });
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

const sentTo = (waId: string) => graph.requests.filter((r) => r.body.to === waId).map((r) => r.body.text.body);

describe('a message id the Graph API answers', () => {
  test("already another message's: the message stays sent, once, without it", async () => {
    const inboundId = wamid();
    const c = await conversation(inboundId);
    // A stand-in Graph API shared by two processes, or a fake restarted, answers ids already used.
    graph.answer({ status: 200, body: { messages: [{ id: inboundId }] } });
    await reply(c.id, 'Gern!');
    await reply(c.id, 'Noch etwas?');
    const [first, second] = await settled(c.id, 2);
    assert.equal(first.status, 'sent');
    assert.equal(first.channel_message_id, null);
    assert.equal(first.delivery.attempts, 1);
    assert.match(first.delivery.last_error, /already the id of another message of this account/);
    assert.equal(second.status, 'sent');
    assert.match(second.channel_message_id, /^wamid\.fake\./);
    // Never sent again: the customer got it once.
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(sentTo(c.waId), ['Gern!', 'Noch etwas?']);
  });

  test('the same id for two of our own messages: the second is sent without it', async () => {
    const c = await conversation();
    const id = wamid();
    graph.answer({ status: 200, body: { messages: [{ id }] } }, { status: 200, body: { messages: [{ id }] } });
    await reply(c.id, 'eins');
    await reply(c.id, 'zwei');
    const out = await settled(c.id, 2);
    assert.deepEqual(
      out.map((m) => [m.status, m.channel_message_id]),
      [
        ['sent', id],
        ['sent', null],
      ],
    );
    assert.deepEqual(sentTo(c.waId), ['eins', 'zwei']);
  });

  test('longer than any id taken, or not storable: kept only when it can be', async () => {
    const c = await conversation();
    graph.answer(
      { status: 200, body: { messages: [{ id: 'x'.repeat(5000) }] } },
      { status: 200, body: { messages: [{ id: 'wamid.a\u0000b' }] } },
    );
    await reply(c.id, 'lang');
    await reply(c.id, 'nul');
    const [long, nul] = await settled(c.id, 2);
    assert.deepEqual([long.status, long.channel_message_id], ['sent', null]);
    assert.match(long.delivery.last_error, /longer than 512 characters/);
    assert.deepEqual([nul.status, nul.channel_message_id], ['sent', 'wamid.a\ufffdb']);
  });
});

describe('error texts from outside', () => {
  test("the Graph API's refusal is kept whatever it holds", async () => {
    const c = await conversation();
    graph.answer({ status: 400, body: { error: { message: 'bad\u0000 number \ud800', code: 100 } } });
    await reply(c.id, 'refused');
    const [m] = await settled(c.id, 1);
    assert.equal(m.status, 'failed');
    assert.equal(m.delivery.last_error, 'Graph API answered 400: bad\ufffd number \ufffd (code 100)');
  });

  test("a failed status's errors: text and numbers kept, cleaned; anything else left out", async () => {
    const cases: [unknown[], string][] = [
      [
        [{ code: 131047, title: 'Re-engagement\u0000 message\udc00' }],
        'Re-engagement\ufffd message\ufffd (code 131047)',
      ],
      [[{ code: JSON.parse('{"toString":1}'), title: { nested: [1] }, message: 'x' }], 'x'],
      [[{ code: '\u0000', title: JSON.parse('{"valueOf":{},"toString":{}}') }, null, 5], 'unknown error (code \ufffd)'],
      [[{ title: 'a'.repeat(20_000) }], `${'a'.repeat(500)}…`],
    ];
    for (const [errors, expected] of cases) {
      const c = await conversation();
      await reply(c.id, 'Deine Pizza kommt.');
      const [m] = await settled(c.id, 1);
      const body = JSON.parse(
        fill(fixture('status-delivered'), {
          PHONE_NUMBER_ID: wa.phoneNumberId,
          WA_ID: c.waId,
          WAMID: m.channel_message_id,
          STATUS: 'failed',
        }),
      );
      body.entry[0].changes[0].value.statuses[0].errors = errors;
      const res = await notify(h, wa.id, JSON.stringify(body), wa.appSecret);
      assert.equal(res.status, 200, res.raw);
      assert.equal(res.body.statuses, 1);
      const [failed] = (await messagesOf(h, c.id)).filter((x) => x.id === m.id);
      assert.deepEqual([failed.status, failed.delivery.last_error], ['failed', expected]);
    }
  });

  after(async () => {
    try {
      await app?.close();
    } finally {
      await graph?.close();
    }
  });
});
