/**
 * Taking a conversation over in the console (docs/console.md) through the real routes: while taken over
 * the customer's messages are stored without a chatbot delivery, staff reply through the outbound path,
 * and after handing back the chatbot is asked again; scope and CSRF hold.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { createTestAccount, digits, say } from '../conversations/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { applier, chat, json, outbound } from '../webhooks/_answer.js';
import { anyIp } from './_support.js';

let h: Harness;
let t: Tenant;
let account: string;
const password = 'a long enough password';
/** Each staff() login's cookie, in order. */
const cookies: string[] = [];

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  account = await createTestAccount(h, { location_id: t.locationIds[0] });
});

async function staff(locationId: string) {
  const email = `takeover-${process.pid}-${Date.now()}-${digits(4)}@trattoria.example`;
  const res = await h.call('POST', '/admin/v1/users', {
    body: { email, name: 'Giulia', role: 'staff', password, location_id: locationId },
  });
  assert.equal(res.status, 201, res.raw);
  const login = await h.app.inject({
    method: 'POST',
    url: '/console/login',
    payload: { email, password },
    remoteAddress: anyIp(),
  });
  const token = /svc_session=([^;]+)/.exec(String(login.headers['set-cookie']))?.[1];
  const csrf = login.json().csrf_token as string;
  cookies.push(`svc_session=${token}`);
  return (method: 'GET' | 'POST', url: string, body?: object) =>
    h.app.inject({
      method,
      url,
      headers: { cookie: `svc_session=${token}`, 'x-csrf-token': csrf },
      ...(body ? { payload: body } : {}),
    });
}

const deliveryOf = async (messageId: string) =>
  (await (await testDb()).query('SELECT id FROM webhook_deliveries WHERE message_id = $1', [messageId])).length;

test('take over: messages are not handed to the chatbot, staff reply, hand back', async () => {
  const as = await staff(t.locationIds[0]);
  const phone = `+4917${digits(8)}`;
  const first = await say(h, account, phone, 'hello, is anyone there?');
  assert.equal(await deliveryOf(first.id), 1, 'the chatbot is asked');

  const inbox = (await as('GET', '/console/api/conversations')).json();
  const row = inbox.data.find((c: { id: string }) => c.id === first.conversation_id);
  assert.equal(row.taken_over, false);
  assert.equal(row.last_text, 'hello, is anyone there?');

  const taken = await as('POST', `/console/api/conversations/${first.conversation_id}/takeover`);
  assert.equal(taken.statusCode, 200, taken.body);
  const second = await say(h, account, phone, 'I want to speak to a person');
  assert.equal(await deliveryOf(second.id), 0, 'taken over: stored, not delivered to the chatbot');

  const sent = await as('POST', `/console/api/conversations/${first.conversation_id}/messages`, {
    text: 'Hi, Giulia here.',
  });
  assert.equal(sent.statusCode, 201, sent.body);
  // Newest first, a keyset page like the API's newest-first lists.
  const messages = (await as('GET', `/console/api/conversations/${first.conversation_id}/messages`)).json().data;
  assert.deepEqual(
    messages.map((m: { direction: string; text: string }) => `${m.direction}: ${m.text}`),
    ['outbound: Hi, Giulia here.', 'inbound: I want to speak to a person', 'inbound: hello, is anyone there?'],
  );

  assert.equal((await as('POST', `/console/api/conversations/${first.conversation_id}/handback`)).statusCode, 200);
  const third = await say(h, account, phone, 'thanks!');
  assert.equal(await deliveryOf(third.id), 1, 'handed back: the chatbot is asked again');
  const refused = await as('POST', `/console/api/conversations/${first.conversation_id}/messages`, { text: 'late' });
  assert.equal(refused.statusCode, 409, 'a staff reply needs the conversation taken over');
});

test("another location's staff do not see the conversation; a change needs the CSRF token", async () => {
  const message = await say(h, account, `+4917${digits(8)}`, 'hi');
  const other = await staff(t.locationIds[1]);
  const inbox = (await other('GET', '/console/api/conversations')).json();
  assert.equal(
    inbox.data.some((c: { id: string }) => c.id === message.conversation_id),
    false,
  );
  const res = await other('POST', `/console/api/conversations/${message.conversation_id}/takeover`);
  assert.equal(res.statusCode, 404);
  await staff(t.locationIds[0]);
  const bare = await h.app.inject({
    method: 'POST',
    url: `/console/api/conversations/${message.conversation_id}/takeover`,
    headers: { cookie: cookies.at(-1) as string },
  });
  assert.equal(bare.statusCode, 403);
  assert.equal(bare.json().error.code, 'csrf_token_invalid');
});

test('an answer the chatbot was still working on when staff took over is set aside whole', async () => {
  const db = await testDb();
  const { apply } = applier(db);
  const c = await chat(h, db, account);
  const as = await staff(t.locationIds[0]);
  assert.equal((await as('POST', `/console/api/conversations/${c.conversationId}/takeover`)).statusCode, 200);
  const outcome = await apply(c.ref, json({ replies: [{ text: 'Hi! What would you like?' }] }));
  assert.equal(outcome.applied, false);
  assert.equal(outcome.rejected_reason, 'taken over by staff');
  assert.equal(outcome.fallback_sent, false, 'no fallback reply either: staff answer');
  assert.deepEqual(await outbound(h, c.conversationId), []);
});
