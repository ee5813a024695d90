import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Db } from '../../src/db/client.js';
import { setConversationLocation, setOrderDraft } from '../../src/domain/conversations/conversations.js';
import { createTestAccount, digits, say } from '../conversations/_support.js';
import { BASE, setUpLocation } from '../drafts/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { LOCATION_BODY, newTenant, type Tenant } from '../helpers/fixtures.js';
import { bodyFor } from './_payload.js';

let h: Harness;
let db: Db;
let t: Tenant;
let account: string;
let inactive: string;

before(async () => {
  h = await getHarness();
  db = await testDb();
  t = await newTenant(h);
  for (const loc of t.locationIds) await setUpLocation(h, t.orgKey, loc);
  const off = await h.call('POST', `/admin/v1/organizations/${t.orgId}/locations`, {
    body: { ...LOCATION_BODY, name: 'Closed for good' },
  });
  assert.equal(off.status, 201, off.raw);
  inactive = off.body.id;
  const patched = await h.call('PATCH', `/admin/v1/locations/${inactive}`, { body: { active: false } });
  assert.equal(patched.status, 200, patched.raw);
  account = await createTestAccount(h, { organization_id: t.orgId });
});

const choose = (conversationId: string, locationId: string) =>
  db.transaction((tx) => setConversationLocation(tx, conversationId, locationId));

describe('message webhook body, businessOrganization mode', () => {
  test('before a location is chosen: the organization with its active locations, no location', async () => {
    const m = await say(h, account, `+4917${digits(8)}`, 'Where are you?');
    const body = await bodyFor(h, db, m);
    assert.equal(body.mode, 'businessOrganization');
    assert.equal('location' in body, false);
    assert.equal(body.conversation.locationId, null);
    assert.equal(body.businessOrganization.id, t.orgId);
    assert.equal(body.businessOrganization.name, 'Test Org');
    const [first, second] = body.businessOrganization.locations;
    assert.deepEqual(
      body.businessOrganization.locations.map((l: any) => l.id),
      t.locationIds,
    );
    assert.equal(first.name, 'First');
    // What finding a location needs, not its menu (issue 19: one large menu made every body too large).
    assert.equal('menu' in second, false);
    assert.deepEqual(second.serviceTypes, ['delivery', 'collection', 'eat_in']);
    assert.equal(first.address.postalCode, '10115');
    assert.equal(body.orderDraft, null);
  });

  test('a draft before a location: kept, unpriced, with the problem location_required', async () => {
    const m = await say(h, account, `+4917${digits(8)}`, 'One pizza, please');
    await db.transaction((tx) => setOrderDraft(tx, m.conversation_id, BASE));
    const { orderDraft } = await bodyFor(h, db, m);
    assert.equal(orderDraft.locationId, null);
    assert.equal(orderDraft.valid, false);
    assert.equal(orderDraft.total, null);
    assert.deepEqual(orderDraft.items, []);
    assert.deepEqual(
      orderDraft.problems.map((p: any) => [p.code, p.param]),
      [['location_required', null]],
    );
    assert.equal(orderDraft.draft.items[0].productId, 'margherita');
    assert.equal(orderDraft.draft.serviceType, 'eat_in');
  });

  test('once a location is chosen: it is `location`, the draft is priced there, and the customer can still switch', async () => {
    const m = await say(h, account, `+4917${digits(8)}`, 'The second one');
    await db.transaction((tx) => setOrderDraft(tx, m.conversation_id, BASE));
    await choose(m.conversation_id, t.locationIds[1]);
    const body = await bodyFor(h, db, m);
    assert.deepEqual(Object.keys(body), [
      'lastMessage',
      'conversation',
      'location',
      'businessOrganization',
      'customer',
      'orderDraft',
      'orders',
      'mode',
      'event',
    ]);
    assert.equal(body.conversation.locationId, t.locationIds[1]);
    assert.equal(body.location.id, t.locationIds[1]);
    // The chosen one is `location` with its menu; in the list, the same without it.
    const { menu, ...summary } = body.location;
    assert.equal(menu.products.length, 4);
    assert.deepEqual(summary, body.businessOrganization.locations[1]);
    assert.equal(body.businessOrganization.locations.length, 2);
    assert.equal(body.orderDraft.locationId, t.locationIds[1]);
    assert.equal(body.orderDraft.valid, true, JSON.stringify(body.orderDraft.problems));
    assert.equal(body.orderDraft.total.amount, 900);

    // Switching changes both; a location switched off after it was chosen stays `location` but is not offered.
    await choose(m.conversation_id, inactive);
    const later = await bodyFor(h, db, m);
    assert.equal(later.location.id, inactive);
    assert.equal(later.location.active, false);
    assert.deepEqual(
      later.businessOrganization.locations.map((l: any) => l.id),
      t.locationIds,
    );
    // That location has no menu and no hours either.
    assert.deepEqual(
      later.orderDraft.problems.map((p: any) => p.code),
      ['location_inactive', 'service_type_unavailable', 'location_closed', 'product_unknown'],
    );
  });

  test("the customer's orders at any of the organization's locations are theirs", async () => {
    const phone = `+4917${digits(8)}`;
    const m = await say(h, account, phone, 'Hi again');
    const ingested = await h.call('POST', `/admin/v1/locations/${t.locationIds[0]}/orders`, {
      body: {
        channel: 'pos',
        customer_id: m.customer_id,
        items: [
          { type: 'product', id: 'cola', name: 'Cola', quantity: 2, unit_price: { amount: 300, currency: 'EUR' } },
        ],
        total: { amount: 600, currency: 'EUR' },
      },
    });
    assert.equal(ingested.status, 201, ingested.raw);
    const locationAccount = await createTestAccount(h, { location_id: t.locationIds[1] });
    const elsewhere = await say(h, locationAccount, phone, 'Hello second');
    assert.equal(elsewhere.customer_id, m.customer_id);
    const body = await bodyFor(h, db, elsewhere);
    assert.equal(body.mode, 'location');
    assert.equal('businessOrganization' in body, false);
    assert.deepEqual(
      body.orders.map((o: any) => [o.id, o.locationId]),
      [[ingested.body.id, t.locationIds[0]]],
    );
    assert.deepEqual(body.customer.preferences.favouriteProducts, [
      { type: 'product', id: 'cola', name: 'Cola', count: 2 },
    ]);
    assert.equal(body.customer.preferences.usualServiceType, null);
  });
});
