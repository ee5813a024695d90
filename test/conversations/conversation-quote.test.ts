import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Db } from '../../src/db/client.js';
import { setConversationLocation, setOrderDraft } from '../../src/domain/conversations/conversations.js';
import { BASE, setUpLocation } from '../drafts/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { createTestAccount, digits, say } from './_support.js';

let h: Harness;
let db: Db;
let t: Tenant;
let loc: string;

before(async () => {
  h = await getHarness();
  db = await testDb();
  t = await newTenant(h);
  loc = t.locationIds[0];
  await setUpLocation(h, t.orgKey, loc);
});

const draftOf = (conversationId: string, draft: unknown) =>
  db.transaction((tx) => setOrderDraft(tx, conversationId, draft as Record<string, unknown>));
const read = async (path: string, key?: string) => {
  const res = await h.call('GET', path, { key });
  assert.equal(res.status, 200, res.raw);
  return res.body;
};
const withoutTimes = ({ quoted_at: _q, expected_time: _e, ...rest }: any) => rest;

describe('reading a conversation shows its draft priced', () => {
  test('order_quote beside order_draft, as POST …/order_quotes prices it, on both surfaces', async () => {
    const account = await createTestAccount(h, { location_id: loc });
    const m = await say(h, account, `+4917${digits(8)}`, 'A pizza');
    const none = await read(`/admin/v1/conversations/${m.conversation_id}`);
    assert.equal(none.order_draft, null);
    assert.equal(none.order_quote, null);

    const draft = { ...BASE, payment_method: 'online', discount_code: 'WELCOME10' };
    await draftOf(m.conversation_id, draft);
    const quote = await h.call('POST', `/v1/locations/${loc}/order_quotes`, { key: t.orgKey, body: draft });
    assert.equal(quote.status, 200, quote.raw);
    for (const [path, key] of [
      [`/admin/v1/conversations/${m.conversation_id}`, undefined],
      [`/v1/conversations/${m.conversation_id}`, t.orgKey],
      [`/v1/conversations/${m.conversation_id}`, t.locationKey],
    ] as const) {
      const c = await read(path, key);
      assert.deepEqual(Object.keys(c).slice(7, 9), ['order_draft', 'order_quote']);
      assert.deepEqual(c.order_draft, draft);
      assert.deepEqual(withoutTimes(c.order_quote), withoutTimes(quote.body));
      assert.equal(c.order_quote.valid, false);
      assert.deepEqual(
        c.order_quote.problems.map((p: any) => p.code),
        ['payment_method_unavailable'],
      );
      assert.equal(c.order_quote.discounts[0].id, 'welcome10');
    }
  });

  test('lists leave the quote out', async () => {
    const account = await createTestAccount(h, { location_id: loc });
    const m = await say(h, account, `+4917${digits(8)}`, 'Hi');
    await draftOf(m.conversation_id, BASE);
    const list = await read(`/admin/v1/conversations?customer_id=${m.customer_id}`);
    assert.equal(list.data.length, 1);
    assert.deepEqual(list.data[0].order_draft, BASE);
    assert.equal('order_quote' in list.data[0], false);
  });

  test('businessOrganization mode: no quote until a location is chosen, then priced there', async () => {
    const account = await createTestAccount(h, { organization_id: t.orgId });
    const m = await say(h, account, `+4917${digits(8)}`, 'Hello');
    await draftOf(m.conversation_id, BASE);
    const before = await read(`/v1/conversations/${m.conversation_id}`, t.orgKey);
    assert.deepEqual(before.order_draft, BASE);
    assert.equal(before.order_quote, null);
    await db.transaction((tx) => setConversationLocation(tx, m.conversation_id, loc));
    const after = await read(`/v1/conversations/${m.conversation_id}`, t.orgKey);
    assert.equal(after.order_quote.location_id, loc);
    assert.equal(after.order_quote.valid, true, JSON.stringify(after.order_quote.problems));
    assert.deepEqual(after.order_quote.total, { amount: 900, currency: 'EUR' });
  });
});
