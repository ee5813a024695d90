import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { before, describe, test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { signBody } from '../../src/channels/whatsapp/signature.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { assertError, newTenant, type Tenant } from '../helpers/fixtures.js';
import {
  createWhatsAppAccount,
  digits,
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
const hook = (id: string) => `/channels/whatsapp/${id}/webhook`;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  wa = await createWhatsAppAccount(h, { location_id: t.locationIds[0] });
});

const textNotification = (account: WhatsAppAccount, waId = `49${digits(10)}`, id = wamid()) =>
  fill(fixture('text-message'), { PHONE_NUMBER_ID: account.phoneNumberId, WA_ID: waId, WAMID: id });

async function customerByWaId(waId: string) {
  const res = await h.call('GET', `/admin/v1/customers?phone=${waId}`);
  assert.equal(res.status, 200, res.raw);
  return res.body.data[0];
}

async function conversationOf(customerId: string) {
  const res = await h.call('GET', `/admin/v1/conversations?customer_id=${customerId}&channel_account_id=${wa.id}`);
  return res.body.data[0];
}

describe('WhatsApp webhook: verification handshake', () => {
  const handshake = (token: string, account = wa.id, extra = '') =>
    h.call(
      'GET',
      `${hook(account)}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444${extra}`,
      {
        key: null,
      },
    );

  test('the right verify token gets the challenge back, as text, without an API key', async () => {
    const res = await handshake(wa.verifyToken);
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.raw, '1158201444');
    assert.match(String(res.headers['content-type']), /^text\/plain/);
  });

  test('a wrong or missing verify token is a 403; other modes and unknown accounts are refused', async () => {
    const wrong = assertError(await handshake('guess'), 403, 'authorization_error', 'verify_token_invalid');
    assert.ok(!JSON.stringify(wrong).includes(wa.verifyToken));
    assertError(
      await h.call('GET', `${hook(wa.id)}?hub.mode=subscribe&hub.challenge=1`, { key: null }),
      403,
      'authorization_error',
      'verify_token_invalid',
    );
    assertError(
      await h.call('GET', `${hook(wa.id)}?hub.mode=unsubscribe&hub.verify_token=${wa.verifyToken}&hub.challenge=1`, {
        key: null,
      }),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'hub.mode',
    );
    assertError(await handshake(wa.verifyToken, 'cha_nope'), 404, 'not_found_error', 'resource_not_found');
    const testAccount = await h.call('POST', '/admin/v1/channel_accounts', {
      body: { channel: 'test', location_id: t.locationIds[0] },
    });
    assertError(await handshake(wa.verifyToken, testAccount.body.id), 404, 'not_found_error', 'resource_not_found');
  });

  test('a rotated verify token replaces the old one', async () => {
    const account = await createWhatsAppAccount(h, { location_id: t.locationIds[1] });
    await h.call('PATCH', `/admin/v1/channel_accounts/${account.id}`, {
      body: { whatsapp: { verify_token: 'new-token' } },
    });
    assertError(await handshake(account.verifyToken, account.id), 403, 'authorization_error', 'verify_token_invalid');
    assert.equal((await handshake('new-token', account.id)).status, 200);
  });
});

describe('WhatsApp webhook: notifications', () => {
  test("a signed text message in Meta's format is stored with the customer's profile name", async () => {
    const waId = `49${digits(10)}`;
    const id = wamid();
    const res = await notify(h, wa.id, textNotification(wa, waId, id), wa.appSecret);
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(res.body, {
      received: true,
      messages_stored: 1,
      duplicates: 0,
      statuses: 0,
      ignored: 0,
      rejected: 0,
    });
    const customer = await customerByWaId(waId);
    assert.equal(customer.phone, `+${waId}`);
    assert.equal(customer.name, 'Sheena Nelson');
    const conversation = await conversationOf(customer.id);
    assert.equal(conversation.location_id, t.locationIds[0]);
    const [m] = await messagesOf(h, conversation.id);
    assert.equal(m.direction, 'inbound');
    assert.equal(m.type, 'text');
    assert.equal(m.text, 'Hallo! Habt ihr heute Abend noch Pizza Margherita?');
    assert.equal(m.channel_message_id, id);
    assert.equal(m.sent_at, new Date(1749416383 * 1000).toISOString());
  });

  test('a notification delivered twice (or at once twice) creates one message', async () => {
    const waId = `49${digits(10)}`;
    const raw = textNotification(wa, waId);
    const first = await notify(h, wa.id, raw, wa.appSecret);
    const again = await notify(h, wa.id, raw, wa.appSecret);
    assert.equal(first.body.messages_stored, 1);
    assert.equal(again.status, 200);
    assert.equal(again.body.messages_stored, 0);
    assert.equal(again.body.duplicates, 1);
    const both = await Promise.all([1, 2].map(() => notify(h, wa.id, raw, wa.appSecret)));
    assert.ok(both.every((r) => r.status === 200));
    const customer = await customerByWaId(waId);
    assert.equal((await messagesOf(h, (await conversationOf(customer.id)).id)).length, 1);
  });

  test('a bad or missing signature is a 401 and nothing is stored', async () => {
    const waId = `49${digits(10)}`;
    const raw = textNotification(wa, waId);
    const cases: [string | null, string | undefined, string][] = [
      [null, undefined, 'signature_missing'],
      ['wrong-secret', undefined, 'signature_invalid'],
      [null, 'sha256=abc', 'signature_invalid'],
      [null, signBody(raw, wa.appSecret).replace('sha256=', 'sha1='), 'signature_invalid'],
      // Signed, then changed: the signature is over the exact bytes.
      [null, signBody(raw.replace('Margherita', 'Marinara'), wa.appSecret), 'signature_invalid'],
      [null, signBody(JSON.stringify(JSON.parse(raw)), wa.appSecret), 'signature_invalid'],
    ];
    for (const [secret, signature, code] of cases) {
      const res = await notify(h, wa.id, raw, secret, signature);
      assertError(res, 401, 'authentication_error', code);
    }
    assert.equal(await customerByWaId(waId), undefined);
    // The right secret of another account is not this account's.
    const other = await createWhatsAppAccount(h, { location_id: t.locationIds[1] });
    assertError(await notify(h, wa.id, raw, other.appSecret), 401, 'authentication_error', 'signature_invalid');
    assertError(await notify(h, 'cha_nope', raw, wa.appSecret), 404, 'not_found_error', 'resource_not_found');
    assert.equal(await customerByWaId(waId), undefined);
  });

  test('status notifications create no customer message; they move our message on', async () => {
    const raw = fill(fixture('status-delivered'), {
      PHONE_NUMBER_ID: wa.phoneNumberId,
      WA_ID: `49${digits(10)}`,
      WAMID: wamid(),
      STATUS: 'delivered',
    });
    const res = await notify(h, wa.id, raw, wa.appSecret);
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(res.body, {
      received: true,
      messages_stored: 0,
      duplicates: 0,
      statuses: 1,
      ignored: 0,
      rejected: 0,
    });
  });

  test('a shared location and button and list replies', async () => {
    const waId = `49${digits(10)}`;
    const ids = [wamid(), wamid()];
    const location = fill(fixture('location-message'), {
      PHONE_NUMBER_ID: wa.phoneNumberId,
      WA_ID: waId,
      WAMID: ids[0],
    });
    const replies = fill(fixture('interactive-reply'), {
      PHONE_NUMBER_ID: wa.phoneNumberId,
      WA_ID: waId,
      WAMID: ids[1],
    });
    assert.equal((await notify(h, wa.id, location, wa.appSecret)).body.messages_stored, 1);
    assert.equal((await notify(h, wa.id, replies, wa.appSecret)).body.messages_stored, 2);
    const messages = await messagesOf(h, (await conversationOf((await customerByWaId(waId)).id)).id);
    assert.deepEqual(
      messages.map((m) => m.type),
      ['location', 'reply', 'reply'],
    );
    assert.deepEqual(messages[0].location, {
      latitude: 52.529407,
      longitude: 13.401238,
      name: 'Büro',
      address: 'Torstraße 1, 10119 Berlin',
    });
    assert.deepEqual(messages[1].reply, { id: 'delivery', title: 'Lieferung', description: null });
    assert.equal(messages[1].text, 'Lieferung');
    assert.deepEqual(messages[2].reply, { id: 'margherita', title: 'Margherita', description: 'Tomate, Mozzarella' });
    assert.equal(messages[2].channel_message_id, `${ids[1]}.list`);
  });

  test('a type we do not read is acknowledged and stored as unsupported', async () => {
    const waId = `49${digits(10)}`;
    const raw = fill(fixture('image-message'), { PHONE_NUMBER_ID: wa.phoneNumberId, WA_ID: waId, WAMID: wamid() });
    const res = await notify(h, wa.id, raw, wa.appSecret);
    assert.equal(res.status, 200, res.raw);
    const [m] = await messagesOf(h, (await conversationOf((await customerByWaId(waId)).id)).id);
    assert.equal(m.type, 'unsupported');
    assert.equal(m.unsupported_type, 'image');
    assert.equal(m.text, null);
  });

  // Issue 22: only a body that is not JSON refuses the notification; a malformed item is refused alone
  // (test/conversations/whatsapp-batch.test.ts has the rest).
  test('a signed body that is not JSON is a 400; a malformed message is refused alone', async () => {
    assertError(
      await notify(h, wa.id, 'not json', wa.appSecret),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'body',
    );
    const waId = `49${digits(10)}`;
    const bad = JSON.parse(textNotification(wa, waId));
    bad.entry[0].changes[0].value.messages.push({ from: waId, id: wamid(), timestamp: '1', type: 'text', text: {} });
    const res = await notify(h, wa.id, JSON.stringify(bad), wa.appSecret);
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual([res.body.messages_stored, res.body.rejected], [1, 1]);
  });

  test("another number's notification is left aside; other fields too", async () => {
    const other = JSON.parse(textNotification(wa));
    other.entry[0].changes[0].value.metadata.phone_number_id = '999';
    other.entry[0].changes.push({ field: 'account_update', value: {} });
    const res = await notify(h, wa.id, JSON.stringify(other), wa.appSecret);
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.messages_stored, 0);
    assert.equal(res.body.ignored, 2);
  });

  test('webhook routes take no API key and live outside the surfaces', async () => {
    const raw = textNotification(wa);
    const withKey = await h.call('POST', hook(wa.id), {
      key: t.orgKey,
      body: raw,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(raw, wa.appSecret) },
    });
    assert.equal(withKey.status, 200, withKey.raw);
    assertError(await h.call('DELETE', hook(wa.id), { key: null }), 404, 'not_found_error', 'route_not_found');
    assertError(await h.call('POST', `/v1${hook(wa.id)}`, { key: null }), 404, 'not_found_error', 'route_not_found');
  });
});

describe('WhatsApp webhook: rate limit', () => {
  test('requests are counted per client address, with the headers; a flood gets 429', async () => {
    const octet = () => Number(digits(3)) % 250;
    const remoteAddress = `10.${octet()}.${octet()}.${octet()}`;
    const first = await h.call('GET', `${hook(wa.id)}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`, {
      key: null,
      remoteAddress,
    });
    assertError(first, 403, 'authorization_error', 'verify_token_invalid');
    assert.equal(first.headers['x-ratelimit-limit'], '1000');
    assert.equal(first.headers['x-ratelimit-remaining'], '999');
    const headers = { 'content-type': 'application/json' };
    // Fixed 60 s windows: a window that turns during the flood starts the count again, once at most.
    let last = first;
    for (let i = 0; i < 2100 && last.status !== 429; i++) {
      last = await h.call('POST', hook('cha_flood'), { key: null, body: '{}', remoteAddress, headers });
    }
    assertError(last, 429, 'rate_limit_error', 'rate_limit_exceeded');
    assert.ok(Number(last.headers['retry-after']) >= 1);
  });
});

describe('WhatsApp webhook: logs', () => {
  test('rejections are logged with their reason; the verify token, secrets and bodies never are', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({ db: await testDb(), store: memoryStore(), logger: { level: 'trace', stream } });
    await app.ready();
    try {
      const raw = textNotification(wa);
      await app.inject({
        method: 'GET',
        url: `${hook(wa.id)}?hub.mode=subscribe&hub.verify_token=${wa.verifyToken}&hub.challenge=42`,
      });
      await app.inject({
        method: 'GET',
        url: `${hook(wa.id)}?hub.mode=subscribe&hub.verify_token=wrong-guess&hub.challenge=42`,
      });
      await app.inject({
        method: 'POST',
        url: hook(wa.id),
        payload: raw,
        headers: { 'content-type': 'application/json' },
      });
      const signed = { 'content-type': 'application/json', 'x-hub-signature-256': signBody(raw, wa.appSecret) };
      await app.inject({ method: 'POST', url: hook(wa.id), payload: raw, headers: signed });
    } finally {
      await app.close();
    }
    const log = lines.join('');
    for (const secret of [wa.verifyToken, 'wrong-guess', wa.appSecret, wa.accessToken, 'Margherita']) {
      assert.ok(!log.includes(secret), `the log holds '${secret.slice(0, 12)}…'`);
    }
    assert.match(log, /verify_token_invalid/);
    assert.match(log, /signature_missing/);
    assert.match(log, /whatsapp notification received/);
  });
});
