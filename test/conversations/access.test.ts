import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { setConversationLocation } from '../../src/domain/conversations/conversations.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { assertError, issue, newTenant, type Tenant } from '../helpers/fixtures.js';
import { fuzzBody, locationKey, newLocation } from '../http/_support.js';
import { createTestAccount, digits, say } from './_support.js';

let h: Harness;
let t: Tenant;
let other: Tenant;
/** Messages: at the first location, at the second, through the organization's account, and in another org. */
let atFirst: any;
let atSecond: any;
let viaOrg: any;
let elsewhere: any;

const ids = (res: { body: any }) => res.body.data.map((x: any) => x.id).sort();

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  other = await newTenant(h);
  const first = await createTestAccount(h, { location_id: t.locationIds[0] });
  const second = await createTestAccount(h, { location_id: t.locationIds[1] });
  const org = await createTestAccount(h, { organization_id: t.orgId });
  const foreign = await createTestAccount(h, { location_id: other.locationIds[0] });
  atFirst = await say(h, first, `+49${digits(10)}`, 'first location');
  atSecond = await say(h, second, `+49${digits(10)}`, 'second location');
  viaOrg = await say(h, org, `+49${digits(10)}`, 'organization number');
  elsewhere = await say(h, foreign, `+49${digits(10)}`, 'other organization');
});

describe('customers and conversations on the public surface', () => {
  test("an organization key sees the organization's customers and conversations, no others", async () => {
    const customers = await h.call('GET', '/v1/customers?limit=100', { key: t.orgKey });
    assert.equal(customers.status, 200, customers.raw);
    assert.deepEqual(ids(customers), [atFirst.customer_id, atSecond.customer_id, viaOrg.customer_id].sort());
    assert.equal(customers.body.url, '/v1/customers');
    const conversations = await h.call('GET', '/v1/conversations?limit=100', { key: t.orgKey });
    assert.deepEqual(
      ids(conversations),
      [atFirst.conversation_id, atSecond.conversation_id, viaOrg.conversation_id].sort(),
    );
    for (const m of [atFirst, viaOrg]) {
      assert.equal((await h.call('GET', `/v1/customers/${m.customer_id}`, { key: t.orgKey })).status, 200);
      assert.equal((await h.call('GET', `/v1/conversations/${m.conversation_id}`, { key: t.orgKey })).status, 200);
      const messages = await h.call('GET', `/v1/conversations/${m.conversation_id}/messages`, { key: t.orgKey });
      assert.deepEqual(
        messages.body.data.map((x: any) => x.id),
        [m.id],
      );
    }
  });

  test('a location key sees who chatted there, and nothing of its siblings or the organization number', async () => {
    const key = t.locationKey;
    assert.deepEqual(ids(await h.call('GET', '/v1/customers', { key })), [atFirst.customer_id]);
    assert.deepEqual(ids(await h.call('GET', '/v1/conversations', { key })), [atFirst.conversation_id]);
    for (const m of [atSecond, viaOrg, elsewhere]) {
      assertError(
        await h.call('GET', `/v1/customers/${m.customer_id}`, { key }),
        404,
        'not_found_error',
        'resource_not_found',
      );
      assertError(
        await h.call('GET', `/v1/conversations/${m.conversation_id}`, { key }),
        404,
        'not_found_error',
        'resource_not_found',
      );
      assertError(
        await h.call('GET', `/v1/conversations/${m.conversation_id}/messages`, { key }),
        404,
        'not_found_error',
        'resource_not_found',
      );
      assertError(
        await h.call('PATCH', `/v1/customers/${m.customer_id}`, { key, body: { notes: 'x' } }),
        404,
        'not_found_error',
        'resource_not_found',
      );
    }
  });

  test('once an organization conversation chooses a location, that location sees it, and keeps seeing it', async () => {
    const key = await locationKey(h, t.locationIds[1]);
    const db = await testDb();
    await db.transaction((tx) => setConversationLocation(tx, viaOrg.conversation_id, t.locationIds[1]));
    assert.ok(ids(await h.call('GET', '/v1/conversations', { key })).includes(viaOrg.conversation_id));
    assert.equal((await h.call('GET', `/v1/customers/${viaOrg.customer_id}`, { key })).status, 200);
    const conversation = await h.call('GET', `/v1/conversations/${viaOrg.conversation_id}`, { key });
    assert.equal(conversation.body.location_id, t.locationIds[1]);
    await db.transaction((tx) => setConversationLocation(tx, viaOrg.conversation_id, t.locationIds[0]));
    assert.equal((await h.call('GET', `/v1/conversations/${viaOrg.conversation_id}`, { key })).status, 200);
    await assert.rejects(
      db.transaction((tx) => setConversationLocation(tx, viaOrg.conversation_id, other.locationIds[0])),
      /No location/,
    );
  });

  test("another organization's keys see nothing of this one", async () => {
    for (const key of [other.orgKey, other.locationKey]) {
      const list = await h.call('GET', '/v1/customers?limit=100', { key });
      assert.ok(!ids(list).includes(atFirst.customer_id));
      assertError(
        await h.call('GET', `/v1/customers/${atFirst.customer_id}`, { key }),
        404,
        'not_found_error',
        'resource_not_found',
      );
      assertError(
        await h.call('GET', `/v1/conversations?starting_after=${atFirst.conversation_id}`, { key }),
        400,
        'invalid_request_error',
        'parameter_invalid',
        'starting_after',
      );
    }
  });

  test('a standalone location key sees its own customers', async () => {
    const loc = await newLocation(h, null);
    const account = await createTestAccount(h, { location_id: loc.id });
    const m = await say(h, account, `+49${digits(10)}`, 'hi');
    const key = await locationKey(h, loc.id);
    assert.deepEqual(ids(await h.call('GET', '/v1/customers', { key })), [m.customer_id]);
    assert.deepEqual(ids(await h.call('GET', '/v1/conversations', { key })), [m.conversation_id]);
  });

  test('restaurants keep notes about a customer', async () => {
    const res = await h.call('PATCH', `/v1/customers/${atFirst.customer_id}`, {
      key: t.locationKey,
      body: { notes: 'Always extra basil. Nut allergy!', language: 'pt-br' },
    });
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.notes, 'Always extra basil. Nut allergy!');
    assert.equal(res.body.language, 'pt-BR');
    const read = await h.call('GET', `/v1/customers/${atFirst.customer_id}`, { key: t.orgKey });
    assert.equal(read.body.notes, 'Always extra basil. Nut allergy!');
    const cleared = await h.call('PATCH', `/v1/customers/${atFirst.customer_id}`, {
      key: t.orgKey,
      body: { notes: null },
    });
    assert.equal(cleared.body.notes, null);
    assert.equal(cleared.body.language, 'pt-BR');
    assertError(
      await h.call('PATCH', `/v1/customers/${atFirst.customer_id}`, { key: t.orgKey, body: { phone: '+1' } }),
      400,
      'invalid_request_error',
      'parameter_unknown',
    );
    assertError(
      await h.call('PATCH', `/v1/customers/${atFirst.customer_id}`, {
        key: t.orgKey,
        body: { notes: 'x'.repeat(4001) },
      }),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'notes',
    );
    await fuzzBody(h, 'PATCH', `/v1/customers/${atFirst.customer_id}`, t.orgKey);
  });

  test('permissions: customers.read, customers.write, conversations.read', async () => {
    const readOnly = await issue(h, { organization_id: t.orgId, permissions: ['customers.read'] });
    const convOnly = await issue(h, { organization_id: t.orgId, permissions: ['conversations.read'] });
    const none = await issue(h, { organization_id: t.orgId, permissions: ['orders.read'] });
    assert.equal((await h.call('GET', '/v1/customers', { key: readOnly })).status, 200);
    assert.equal((await h.call('GET', '/v1/conversations', { key: convOnly })).status, 200);
    const denied: [string, string, string][] = [
      ['PATCH', `/v1/customers/${atFirst.customer_id}`, readOnly],
      ['GET', '/v1/conversations', readOnly],
      ['GET', '/v1/customers', convOnly],
      ['GET', `/v1/conversations/${atFirst.conversation_id}/messages`, none],
      ['GET', `/v1/customers/${atFirst.customer_id}`, none],
    ];
    for (const [method, url, key] of denied) {
      const res = await h.call(method as 'GET', url, { key, body: method === 'PATCH' ? { notes: 'x' } : undefined });
      assertError(res, 403, 'authorization_error', 'permission_denied');
    }
    assertError(await h.call('GET', '/v1/customers', { key: null }), 401, 'authentication_error', 'api_key_missing');
    assertError(await h.call('GET', '/v1/customers'), 403, 'authorization_error', 'api_key_wrong_surface');
  });

  test('lists page with the usual cursor rules and filters', async () => {
    const account = await createTestAccount(h, { location_id: t.locationIds[1] });
    const since = new Date(Date.now() - 1).toISOString();
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await say(h, account, `+44${digits(10)}`, `hi ${i}`));
    const url = `/v1/customers?limit=2&created_after=${encodeURIComponent(since)}`;
    const page1 = await h.call('GET', url, { key: t.orgKey });
    assert.deepEqual(
      page1.body.data.map((c: any) => c.id),
      made.slice(0, 2).map((m) => m.customer_id),
    );
    assert.equal(page1.body.has_more, true);
    const page2 = await h.call('GET', `${url}&starting_after=${made[1].customer_id}`, { key: t.orgKey });
    assert.deepEqual(
      page2.body.data.map((c: any) => c.id),
      [made[2].customer_id],
    );
    assert.equal(page2.body.has_more, false);
    const byCustomer = await h.call('GET', `/v1/conversations?customer_id=${made[1].customer_id}`, { key: t.orgKey });
    assert.deepEqual(ids(byCustomer), [made[1].conversation_id]);
    const phone = (await h.call('GET', `/v1/customers/${made[2].customer_id}`, { key: t.orgKey })).body.phone;
    const byPhone = await h.call('GET', `/v1/customers?phone=${encodeURIComponent(phone)}`, { key: t.orgKey });
    assert.deepEqual(ids(byPhone), [made[2].customer_id]);
    assertError(
      await h.call('GET', '/v1/customers?phone=abc', { key: t.orgKey }),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'phone',
    );
    assertError(
      await h.call('GET', '/v1/customers?limit=101', { key: t.orgKey }),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'limit',
    );
    assertError(
      await h.call('GET', `/v1/customers?starting_after=${made[0].customer_id}&ending_before=${made[2].customer_id}`, {
        key: t.orgKey,
      }),
      400,
      'invalid_request_error',
      'parameters_exclusive',
    );
  });
});
