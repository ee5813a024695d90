/**
 * A conversation's order draft in the console (docs/console.md): priced by the server now, the same quote
 * the API's conversation carries, with what still stops it; only for the user's own conversations.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { setOrderDraft } from '../../src/domain/conversations/conversations.js';
import { createTestAccount, digits, say } from '../conversations/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { sampleMenu } from '../menus/_menu.js';
import { consoleUser } from './_support.js';

let h: Harness;
let t: Tenant;
let conversation: string;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  const put = await h.call('PUT', `/v1/locations/${t.locationIds[0]}/menu`, { key: t.orgKey, body: sampleMenu() });
  assert.equal(put.status, 200, put.raw);
  const account = await createTestAccount(h, { location_id: t.locationIds[0] });
  conversation = (await say(h, account, `+4917${digits(8)}`, 'Two Margherita please')).conversation_id;
});

const setDraft = async (draft: Record<string, unknown> | null) =>
  (await testDb()).transaction((tx) => setOrderDraft(tx, conversation, draft));

test('the draft priced now, as the API shows it; its problems when it cannot be placed', async () => {
  const staff = await consoleUser(h, { role: 'staff', location_id: t.locationIds[0] });
  const empty = await staff.call('GET', `/console/api/conversations/${conversation}/draft`);
  assert.equal(empty.status, 200, empty.raw);
  assert.equal(empty.body.order_quote, null, 'no draft yet');

  await setDraft({
    items: [{ type: 'product', product_id: 'margherita', quantity: 2, options: [{ option_id: 'size-26' }] }],
    service_type: 'eat_in',
    payment_method: 'cash',
  });
  const res = await staff.call('GET', `/console/api/conversations/${conversation}/draft`);
  assert.equal(res.status, 200, res.raw);
  const q = res.body.order_quote;
  assert.equal(q.object, 'order_quote');
  assert.deepEqual(q.total, { amount: 1800, currency: 'EUR' });
  assert.equal(q.items[0].name, 'Pizza Margherita');
  const api = await h.call('GET', `/admin/v1/conversations/${conversation}`);
  assert.deepEqual(q.total, api.body.order_quote.total);
  assert.deepEqual(q.items, api.body.order_quote.items);
  assert.equal(q.valid, api.body.order_quote.valid);

  await setDraft({ items: [{ type: 'product', product_id: 'no-such-dish' }], service_type: 'delivery' });
  const bad = (await staff.call('GET', `/console/api/conversations/${conversation}/draft`)).body.order_quote;
  assert.equal(bad.valid, false);
  assert.ok(bad.problems.length > 0 && bad.problems.every((p: { message: string }) => p.message.length > 0));
});

test("another location's user does not see the draft", async () => {
  const other = await consoleUser(h, { role: 'owner', location_id: t.locationIds[1] });
  const res = await other.call('GET', `/console/api/conversations/${conversation}/draft`);
  assert.equal(res.status, 404, res.raw);
  assert.equal(res.body.error.code, 'resource_not_found');
});
