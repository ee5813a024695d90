/**
 * Read receipts and the typing indicator on WhatsApp: when a customer message goes to the chatbot, one
 * Graph call marks it read and shows "typing…"; when that call fails, the reply still goes out and a
 * plain read receipt follows the answer. Through the real webhook route, the real worker and answer
 * applier, a fake chatbot and a fake Graph API.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type App, buildApp } from '../../src/app.js';
import { DEFAULT_GRAPH_VERSION } from '../../src/channels/whatsapp/send.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant } from '../helpers/fixtures.js';
import { fakeReceiver, isolateDatabase, newSecret } from '../webhooks/_support.js';
import {
  createWhatsAppAccount,
  digits,
  eventually,
  fakeGraphApi,
  fill,
  fixture,
  metaError,
  notify,
  type WhatsAppAccount,
  wamid,
} from './_support.js';

let h: Harness;
let wa: WhatsAppAccount;
let graph: Awaited<ReturnType<typeof fakeGraphApi>>;
let chatbot: Awaited<ReturnType<typeof fakeReceiver>>;
let app: App;

before(async () => {
  await isolateDatabase();
  h = await getHarness();
  const t = await newTenant(h);
  wa = await createWhatsAppAccount(h, { location_id: t.locationIds[0] });
  graph = await fakeGraphApi();
  chatbot = await fakeReceiver(() => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ replies: [{ text: 'Hallo! Was darf es sein?' }] }),
  }));
  app = await buildApp({
    db: await testDb(),
    store: memoryStore(),
    channels: { whatsappGraphBaseUrl: graph.url, retryDelaysMs: [40, 80], sendTimeoutMs: 10_000 },
    webhooks: {
      chatbotUrl: chatbot.url,
      chatbotToken: 'tok-read',
      signingSecret: newSecret(),
      retryDelaysMs: [50, 100],
      timeoutMs: 5_000,
    },
  });
  await app.ready();
});

after(async () => {
  try {
    await app?.close();
  } finally {
    await graph?.close();
    await chatbot?.close();
  }
});

/** A customer's text message through the signed webhook; its wamid and the customer's wa_id. */
async function customerWrites() {
  const waId = `49${digits(10)}`;
  const id = wamid();
  const raw = fill(fixture('text-message'), { PHONE_NUMBER_ID: wa.phoneNumberId, WA_ID: waId, WAMID: id });
  assert.equal((await notify(h, wa.id, raw, wa.appSecret)).status, 200);
  return { waId, id };
}

const readsOf = (id: string) => graph.requests.filter((r) => r.body.status === 'read' && r.body.message_id === id);
const replyTo = (waId: string) => graph.requests.findIndex((r) => r.body.to === waId);

async function metric(series: string): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  const line = res.body.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

test('the message goes to the chatbot: one call marks it read and shows typing; the reply follows', async () => {
  const { waId, id } = await customerWrites();
  await eventually(async () => (replyTo(waId) >= 0 ? true : undefined), 10_000);
  // The answer's read receipt is not sent again: the typing call marked the message read.
  await new Promise((r) => setTimeout(r, 200));
  const reads = readsOf(id);
  assert.equal(reads.length, 1);
  assert.equal(reads[0].url, `/${DEFAULT_GRAPH_VERSION}/${wa.phoneNumberId}/messages`);
  assert.equal(reads[0].authorization, `Bearer ${wa.accessToken}`);
  assert.deepEqual(reads[0].body, {
    messaging_product: 'whatsapp',
    status: 'read',
    message_id: id,
    typing_indicator: { type: 'text' },
  });
  assert.ok(graph.requests.indexOf(reads[0]) < replyTo(waId), 'typing shown before the reply');
});

test('a failed typing call never holds back the reply; a plain read receipt follows the answer', async () => {
  const failed = 'channel_read_receipts_total{channel="whatsapp",result="failed",code="131000"}';
  const before = await metric(failed);
  graph.answerRead(metaError(131000, 'Something went wrong', { status: 500 }));
  const { waId, id } = await customerWrites();
  await eventually(async () => (replyTo(waId) >= 0 && readsOf(id).length === 2 ? true : undefined), 10_000);
  const [typing, plain] = readsOf(id).map((r) => r.body);
  assert.deepEqual(typing.typing_indicator, { type: 'text' });
  assert.deepEqual(plain, { messaging_product: 'whatsapp', status: 'read', message_id: id });
  assert.equal(await metric(failed), before + 1);
  assert.ok((await metric('channel_read_receipts_total{channel="whatsapp",result="sent",code="none"}')) >= 2);
});
