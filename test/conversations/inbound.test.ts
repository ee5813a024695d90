import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { assertError, newTenant, type Tenant } from '../helpers/fixtures.js';
import { fuzzBody, newLocation } from '../http/_support.js';
import { createTestAccount, createWhatsAppAccount, digits, messagesOf, say } from './_support.js';

let h: Harness;
let t: Tenant;
let account: string;
const inbound = (id: string) => `/admin/v1/channel_accounts/${id}/inbound_messages`;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  account = await createTestAccount(h, { location_id: t.locationIds[0] });
});

describe('test channel: customer messages', () => {
  test('a first message creates the customer, the conversation and the message', async () => {
    const phone = `+49 170 ${digits(7)}`;
    const res = await h.call('POST', inbound(account), {
      body: { from: { phone, name: 'Anna', language: 'de-de' }, text: 'Hallo, habt ihr offen?' },
    });
    assert.equal(res.status, 201, res.raw);
    const m = res.body;
    assert.match(m.id, /^msg_/);
    assert.equal(m.object, 'message');
    assert.equal(m.direction, 'inbound');
    assert.equal(m.type, 'text');
    assert.equal(m.text, 'Hallo, habt ihr offen?');
    assert.equal(m.status, 'received');
    assert.equal(m.delivery, null);
    assert.equal(m.channel_account_id, account);
    assert.match(m.channel_message_id, /^test_/);
    assert.match(m.conversation_id, /^cnv_/);
    assert.match(m.customer_id, /^cus_/);

    const customer = (await h.call('GET', `/admin/v1/customers/${m.customer_id}`)).body;
    assert.equal(customer.phone, phone.replace(/ /g, ''));
    assert.equal(customer.name, 'Anna');
    assert.equal(customer.language, 'de-DE');
    assert.equal(customer.organization_id, t.orgId);
    assert.equal(customer.location_id, null);
    assert.equal(customer.notes, null);

    const conversation = (await h.call('GET', `/admin/v1/conversations/${m.conversation_id}`)).body;
    assert.equal(conversation.object, 'conversation');
    assert.equal(conversation.customer_id, m.customer_id);
    assert.equal(conversation.channel_account_id, account);
    assert.equal(conversation.mode, 'location');
    assert.equal(conversation.location_id, t.locationIds[0]);
    assert.equal(conversation.organization_id, t.orgId);
    assert.equal(conversation.order_draft, null);
    assert.equal(conversation.last_message_at, m.created_at);
  });

  test('every way of writing one number finds one customer and one conversation', async () => {
    const national = digits(9);
    const forms = [`+49 ${national}`, `0049${national}`, `+49 (0) ${national}`, `49${national}`, `+49-${national}`];
    const messages = [];
    for (const phone of forms) messages.push(await say(h, account, phone, `from ${phone}`));
    assert.equal(new Set(messages.map((m) => m.customer_id)).size, 1);
    assert.equal(new Set(messages.map((m) => m.conversation_id)).size, 1);
    const found = await h.call('GET', `/admin/v1/customers?phone=${encodeURIComponent(`0049 ${national}`)}`);
    assert.deepEqual(
      found.body.data.map((c: any) => c.id),
      [messages[0].customer_id],
    );
  });

  test('messages are listed in the order they were stored, with their channel ids', async () => {
    const phone = `+43${digits(10)}`;
    const sent = [];
    for (let i = 0; i < 12; i++) sent.push(await say(h, account, phone, `message ${i}`));
    const listed = await messagesOf(h, sent[0].conversation_id);
    assert.deepEqual(
      listed.map((m) => m.text),
      sent.map((m) => m.text),
    );
    assert.deepEqual(
      listed.map((m) => m.channel_message_id),
      sent.map((m) => m.channel_message_id),
    );
    // The usual cursor rules.
    const url = `/admin/v1/conversations/${sent[0].conversation_id}/messages`;
    const page1 = await h.call('GET', `${url}?limit=5`);
    assert.equal(page1.body.has_more, true);
    assert.equal(page1.body.url, url);
    const page2 = await h.call('GET', `${url}?limit=5&starting_after=${page1.body.data[4].id}`);
    assert.deepEqual(
      page2.body.data.map((m: any) => m.text),
      sent.slice(5, 10).map((m) => m.text),
    );
    const before = await h.call('GET', `${url}?limit=3&ending_before=${sent[5].id}`);
    assert.deepEqual(
      before.body.data.map((m: any) => m.text),
      ['message 2', 'message 3', 'message 4'],
    );
    assertError(
      await h.call('GET', `${url}?starting_after=${sent[0].id}&ending_before=${sent[3].id}`),
      400,
      'invalid_request_error',
      'parameters_exclusive',
    );
    const other = await say(h, account, `+43${digits(10)}`, 'someone else');
    assertError(
      await h.call('GET', `${url}?starting_after=${other.id}`),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'starting_after',
    );
  });

  test('a shared location is a message of type location', async () => {
    const res = await h.call('POST', inbound(account), {
      body: { from: { phone: `+49${digits(10)}` }, location: { latitude: 52.52, longitude: 13.4, name: 'Home' } },
    });
    assert.equal(res.status, 201, res.raw);
    assert.equal(res.body.type, 'location');
    assert.equal(res.body.text, null);
    assert.deepEqual(res.body.location, { latitude: 52.52, longitude: 13.4, name: 'Home' });
  });

  test('the same Idempotency-Key stores the message once', async () => {
    const body = { from: { phone: `+49${digits(10)}` }, text: 'once' };
    const headers = { 'idempotency-key': `in-${digits(12)}` };
    const first = await h.call('POST', inbound(account), { body, headers });
    const again = await h.call('POST', inbound(account), { body, headers });
    assert.equal(again.status, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.body, first.body);
    assert.equal((await messagesOf(h, first.body.conversation_id)).length, 1);
    const reused = await h.call('POST', inbound(account), { body: { ...body, text: 'other' }, headers });
    assertError(reused, 409, 'idempotency_error', 'idempotency_key_reused');
  });

  test('a known customer keeps the name and language kept about them', async () => {
    const phone = `+49${digits(10)}`;
    const first = await say(h, account, phone, 'hi', { from: { phone, name: 'Ben' } });
    const patched = await h.call('PATCH', `/admin/v1/customers/${first.customer_id}`, {
      body: { name: 'Benjamin', notes: 'Allergic to nuts' },
    });
    assert.equal(patched.status, 200, patched.raw);
    await say(h, account, phone, 'again', { from: { phone, name: 'Benny', language: 'en' } });
    const customer = (await h.call('GET', `/admin/v1/customers/${first.customer_id}`)).body;
    assert.equal(customer.name, 'Benjamin');
    assert.equal(customer.language, 'en');
    assert.equal(customer.notes, 'Allergic to nuts');
  });

  test('customers belong to the organization: a second account of it finds the same customer', async () => {
    const phone = `+49${digits(10)}`;
    const orgAccount = await createTestAccount(h, { organization_id: t.orgId });
    const a = await say(h, account, phone, 'at the location');
    const b = await say(h, orgAccount, phone, 'at the organization');
    assert.equal(a.customer_id, b.customer_id);
    assert.notEqual(a.conversation_id, b.conversation_id);
    const conversation = (await h.call('GET', `/admin/v1/conversations/${b.conversation_id}`)).body;
    assert.equal(conversation.mode, 'businessOrganization');
    assert.equal(conversation.location_id, null);
  });

  test('a standalone location keeps its own customers', async () => {
    const loc = await newLocation(h, null);
    const standalone = await createTestAccount(h, { location_id: loc.id });
    const phone = `+49${digits(10)}`;
    const a = await say(h, standalone, phone, 'hello');
    const b = await say(h, account, phone, 'hello');
    assert.notEqual(a.customer_id, b.customer_id);
    const customer = (await h.call('GET', `/admin/v1/customers/${a.customer_id}`)).body;
    assert.equal(customer.organization_id, null);
    assert.equal(customer.location_id, loc.id);
  });

  test('bad input gets a clear answer and stores nothing', async () => {
    const cases: [unknown, string, string][] = [
      [{ from: { phone: 'call me' }, text: 'x' }, 'parameter_invalid', 'from.phone'],
      [{ from: { phone: '0170 1234567' }, text: 'x' }, 'parameter_invalid', 'from.phone'],
      [{ from: { phone: '+12' }, text: 'x' }, 'parameter_invalid', 'from.phone'],
      [{ from: { phone: '+49 170 1234567 8901 23' }, text: 'x' }, 'parameter_invalid', 'from.phone'],
      [{ from: { phone: '+491701234567' } }, 'parameter_missing', 'text'],
      [{ from: { phone: '+491701234567', language: '12345' }, text: 'x' }, 'parameter_invalid', 'from.language'],
      [{ text: 'x' }, 'parameter_missing', 'from'],
      [{ from: { phone: '+491701234567' }, text: '' }, 'parameter_invalid', 'text'],
      [
        { from: { phone: '+491701234567' }, location: { latitude: 91, longitude: 0 } },
        'parameter_invalid',
        'location.latitude',
      ],
      [{ from: { phone: '+491701234567' }, image: 'x' }, 'parameter_unknown', 'image'],
    ];
    const before = await h.call('GET', `/admin/v1/customers?limit=100&organization_id=${t.orgId}`);
    for (const [body, code, param] of cases) {
      assertError(await h.call('POST', inbound(account), { body }), 400, 'invalid_request_error', code, param);
    }
    const after = await h.call('GET', `/admin/v1/customers?limit=100&organization_id=${t.orgId}`);
    assert.equal(after.body.data.length, before.body.data.length);
    await fuzzBody(h, 'POST', inbound(account), h.adminKey);
  });

  test('only test accounts take messages here; unknown accounts are 404', async () => {
    const wa = await createWhatsAppAccount(h, { location_id: t.locationIds[1] });
    const body = { from: { phone: '+491701234567' }, text: 'x' };
    assertError(
      await h.call('POST', inbound(wa.id), { body }),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'channel_account_id',
    );
    assertError(await h.call('POST', inbound('cha_nope'), { body }), 404, 'not_found_error', 'resource_not_found');
  });

  test('several messages at once to one conversation are all stored, in a strict order', async () => {
    const phone = `+49${digits(10)}`;
    await say(h, account, phone, 'first');
    const sent = await Promise.all(Array.from({ length: 8 }, (_, i) => say(h, account, phone, `burst ${i}`)));
    const listed = await messagesOf(h, sent[0].conversation_id);
    assert.equal(listed.length, 9);
    const times = listed.map((m) => Date.parse(m.created_at));
    for (let i = 1; i < times.length; i++) assert.ok(times[i] > times[i - 1], 'created_at strictly increases');
  });
});
