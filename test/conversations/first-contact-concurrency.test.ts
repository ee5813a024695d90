/**
 * Issue 19, item 5: several copies of a new customer's first message arriving at once (Meta retries and
 * sends from several machines) must neither deadlock nor create the customer or conversation twice.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { loadContext } from '../../src/webhooks/answer/context.js';
import { applyCustomer } from '../../src/webhooks/answer/steps.js';
import { anotherInstance, getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import {
  createTestAccount,
  createWhatsAppAccount,
  digits,
  fill,
  fixture,
  messagesOf,
  notify,
  type WhatsAppAccount,
  wamid,
} from './_support.js';

const ROUNDS = 6;
const COPIES = 8;

let h: Harness;
/**
 * Four server instances on one database: each keeps one customer's messages in order in its own process
 * (src/lib/keyed-serial.ts), so only copies that reach different instances meet in the database — as they
 * do behind a load balancer. The copies are dealt out among them.
 */
let instances: Harness[];
const at = (i: number) => instances[i % instances.length];
let t: Tenant;
let wa: WhatsAppAccount;
let testAccount: string;

before(async () => {
  h = await getHarness();
  instances = [h, ...(await Promise.all([1, 2, 3].map(() => anotherInstance())))];
  t = await newTenant(h);
  wa = await createWhatsAppAccount(h, { organization_id: t.orgId });
  testAccount = await createTestAccount(h, { location_id: t.locationIds[0] });
});

/** The one customer with this phone and their conversations on the account; asserts there is one of each. */
async function onlyConversation(phone: string, accountId: string) {
  const customers = await h.call('GET', `/admin/v1/customers?phone=${encodeURIComponent(phone)}&limit=100`);
  assert.equal(customers.status, 200, customers.raw);
  assert.equal(customers.body.data.length, 1, customers.raw);
  const conversations = await h.call(
    'GET',
    `/admin/v1/conversations?customer_id=${customers.body.data[0].id}&channel_account_id=${accountId}&limit=100`,
  );
  assert.equal(conversations.body.data.length, 1, conversations.raw);
  return conversations.body.data[0].id as string;
}

const text = (waId: string, id: string) =>
  fill(fixture('text-message'), { PHONE_NUMBER_ID: wa.phoneNumberId, WA_ID: waId, WAMID: id });

describe('a new customer writing several times at once', () => {
  test('copies of one WhatsApp notification: all 200, one customer, one conversation, one message', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const waId = `49${digits(10)}`;
      const raw = text(waId, wamid());
      const answers = await Promise.all(
        Array.from({ length: COPIES }, (_, i) => notify(at(i), wa.id, raw, wa.appSecret)),
      );
      for (const res of answers) assert.equal(res.status, 200, res.raw);
      assert.equal(
        answers.reduce((n, r) => n + r.body.messages_stored, 0),
        1,
      );
      const conversation = await onlyConversation(`+${waId}`, wa.id);
      assert.equal((await messagesOf(h, conversation)).length, 1);
    }
  });

  test('distinct WhatsApp messages at once: all 200, each stored once in one conversation', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const waId = `49${digits(10)}`;
      const ids = Array.from({ length: COPIES }, () => wamid());
      // Each message twice, all at once.
      const answers = await Promise.all(
        [...ids, ...ids].map((id, i) => notify(at(i), wa.id, text(waId, id), wa.appSecret)),
      );
      for (const res of answers) assert.equal(res.status, 200, res.raw);
      const conversation = await onlyConversation(`+${waId}`, wa.id);
      const stored = await messagesOf(h, conversation);
      assert.deepEqual(stored.map((m) => m.channel_message_id).sort(), [...ids].sort());
    }
  });

  test('test channel: messages at once from a new phone, all 201, one customer and conversation', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const phone = `+49${digits(10)}`;
      const answers = await Promise.all(
        Array.from({ length: COPIES }, (_, i) =>
          at(i).call('POST', `/admin/v1/channel_accounts/${testAccount}/inbound_messages`, {
            body: { from: { phone, name: `Name ${i}` }, text: `hello ${i}` },
          }),
        ),
      );
      for (const res of answers) assert.equal(res.status, 201, res.raw);
      const conversation = await onlyConversation(phone, testAccount);
      assert.equal((await messagesOf(h, conversation)).length, COPIES);
    }
  });
});

test('copies arriving while the chatbot answer to the first message updates the customer: no deadlock', async () => {
  const db = await testDb();
  const waId = `49${digits(10)}`;
  const first = wamid();
  assert.equal((await notify(h, wa.id, text(waId, first), wa.appSecret)).status, 200);
  const conversation = await onlyConversation(`+${waId}`, wa.id);
  const second = wamid();
  let answers: Promise<Awaited<ReturnType<typeof notify>>[]> | undefined;
  // What the webhook worker does with the chatbot's answer to the first message: the conversation locked
  // first, then the customer updated (src/webhooks/answer/apply.ts). Copies of both messages arrive between.
  await db.transaction(async (tx) => {
    const ctx = await loadContext(tx, conversation);
    answers = Promise.all(
      [first, first, second, second, second, second, second, second].map((id, i) =>
        notify(at(i), wa.id, text(waId, id), wa.appSecret),
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    await applyCustomer(tx, ctx, { language: 'de' });
  });
  for (const res of (await answers) ?? []) assert.equal(res.status, 200, res.raw);
  const stored = await messagesOf(h, conversation);
  assert.deepEqual(
    stored.map((m) => m.channel_message_id),
    [first, second],
  );
  const customer = await h.call('GET', `/admin/v1/customers/${stored[0].customer_id}`);
  assert.equal(customer.body.language, 'de');
  assert.equal(customer.body.name, 'Sheena Nelson');
});
