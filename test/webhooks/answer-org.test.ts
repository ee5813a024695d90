import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Db } from '../../src/db/client.js';
import { fallbackText } from '../../src/webhooks/fallback.js';
import { createPayloadBuilder } from '../../src/webhooks/payload/index.js';
import { createTestAccount } from '../conversations/_support.js';
import { setUpLocation } from '../drafts/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { LOCATION_BODY, newTenant, type Tenant } from '../helpers/fixtures.js';
import { applier, chat, conversation, deliveriesOf, json, NOTHING, next, outbound } from './_answer.js';

/** businessOrganization mode: the answer's locationId chooses among the organization's active locations. */
let h: Harness;
let db: Db;
let t: Tenant;
let other: Tenant;
let inactive: string;
let account: string;
let apply: ReturnType<typeof applier>['apply'];

before(async () => {
  h = await getHarness();
  db = await testDb();
  t = await newTenant(h);
  other = await newTenant(h);
  await setUpLocation(h, t.orgKey, t.locationIds[0]);
  account = await createTestAccount(h, { organization_id: t.orgId });
  const res = await h.call('POST', `/admin/v1/organizations/${t.orgId}/locations`, {
    body: { ...LOCATION_BODY, name: 'Closed for good' },
  });
  assert.equal(res.status, 201, res.raw);
  inactive = res.body.id;
  const off = await h.call('PATCH', `/admin/v1/locations/${inactive}`, { body: { active: false } });
  assert.equal(off.status, 200, off.raw);
  ({ apply } = applier(db));
});

const DRAFT = {
  items: [{ type: 'product', productId: 'margherita', options: [{ optionId: 'size-26' }] }],
  serviceType: 'eat_in',
  paymentMethod: 'card',
};

describe('locationId in businessOrganization mode', () => {
  test('an active location of the organization is targeted from then on; the customer may switch', async () => {
    const c = await chat(h, db, account);
    assert.equal((await conversation(h, c.conversationId)).location_id, null);
    const outcome = await apply(c.ref, json({ locationId: t.locationIds[1] }));
    assert.deepEqual(outcome, { ...NOTHING, location_id: t.locationIds[1] });
    assert.equal((await conversation(h, c.conversationId)).location_id, t.locationIds[1]);

    // Switched, then the draft placed at the new location, in one answer.
    const c2 = await next(h, db, account, c);
    const placed = await apply(
      c2.ref,
      json({ locationId: t.locationIds[0], orderDraft: DRAFT, action: 'place_order' }),
    );
    assert.ok(placed.order_id, JSON.stringify(placed));
    assert.equal(placed.location_id, t.locationIds[0]);
    const [order] = await db.query<any>('SELECT location_id, conversation_id FROM orders WHERE id = $1', [
      placed.order_id,
    ]);
    assert.deepEqual(order, { location_id: t.locationIds[0], conversation_id: c.conversationId });
  });

  for (const [name, pick] of [
    ['an inactive location', () => inactive],
    ["another organization's location", () => other.locationIds[0]],
    ['an unknown id', () => 'loc_nope'],
  ] as const) {
    test(`${name} is refused, and nothing of the answer applies`, async () => {
      const c = await chat(h, db, account);
      const outcome = await apply(c.ref, json({ locationId: pick(), orderDraft: DRAFT, replies: [{ text: 'Ok' }] }));
      assert.equal(outcome.applied, false);
      assert.match(outcome.rejected_reason ?? '', /^locationId: /);
      const conv = await conversation(h, c.conversationId);
      assert.deepEqual([conv.location_id, conv.order_draft], [null, null]);
      // No customer language, no location yet: the organization's locations speak German.
      assert.deepEqual(
        (await outbound(h, c.conversationId)).map((m) => m.text),
        [fallbackText('de')],
      );
    });
  }

  test('placing before a location is chosen is a problem: the message goes to the chatbot again', async () => {
    const c = await chat(h, db, account);
    const outcome = await apply(c.ref, json({ orderDraft: DRAFT, action: 'place_order', replies: [{ text: 'Ok' }] }));
    assert.deepEqual(outcome, { ...NOTHING, draft: 'replaced', placement_problems: ['location_required'] });
    assert.deepEqual(await outbound(h, c.conversationId), []);
    const again = (await deliveriesOf(db, c.conversationId)).find((d) => d.event === 'order_problems');
    assert.deepEqual(
      again.problems.map((p: any) => [p.code, p.param]),
      [['location_required', null]],
    );
  });
});

describe('redeliver: the message again once the location is chosen (issue 19)', () => {
  test('the location is switched and the message delivered again, at its place, with the location left', async () => {
    const c = await chat(h, db, account);
    await apply(c.ref, json({ locationId: t.locationIds[0], orderDraft: DRAFT }));
    const c2 = await next(h, db, account, c, 'actually the second one, two more');
    const outcome = await apply(c2.ref, json({ locationId: t.locationIds[1], action: 'redeliver' }));
    assert.deepEqual(outcome, { ...NOTHING, location_id: t.locationIds[1], redelivered: true });
    const conv = await conversation(h, c.conversationId);
    assert.equal(conv.location_id, t.locationIds[1]);
    assert.equal(conv.order_draft.items[0].product_id, 'margherita', 'the draft stays for the chatbot to carry');
    const [first, again] = (await deliveriesOf(db, c.conversationId)).filter((d) => d.message_id === c2.message.id);
    assert.equal(again.event, 'location_chosen');
    assert.equal(again.previous_location_id, t.locationIds[0]);
    assert.equal(again.status, 'pending');
    assert.equal(again.queue_at.getTime(), first.queue_at.getTime());

    // That delivery's body: the location chosen with its menu, the one left with what the draft names.
    const ref2 = {
      ...c2.ref,
      deliveryId: again.id,
      event: 'location_chosen' as const,
      previousLocationId: again.previous_location_id,
    };
    const body = await createPayloadBuilder(db)(ref2);
    assert.equal((body.location as any).id, t.locationIds[1]);
    const left = body.event.previousLocation as any;
    assert.equal(left.id, t.locationIds[0]);
    assert.deepEqual(
      left.menu.products.map((p: any) => p.id),
      ['margherita'],
    );
    assert.deepEqual(
      left.menu.modifierGroups.map((g: any) => g.id),
      ['size', 'toppings'],
    );

    // Asking again on the redelivered message: no third delivery; the customer gets the fallback.
    const twice = await apply(
      ref2,
      json({ locationId: t.locationIds[0], action: 'redeliver', replies: [{ text: 'x' }] }),
    );
    assert.deepEqual(twice, { ...NOTHING, location_id: t.locationIds[0], fallback_sent: true });
    const all = (await deliveriesOf(db, c.conversationId)).filter((d) => d.message_id === c2.message.id);
    assert.equal(all.length, 2);
    assert.deepEqual(
      (await outbound(h, c.conversationId)).map((m) => m.text),
      [fallbackText('de')],
    );
  });

  test('redeliver without a locationId is refused', async () => {
    const c = await chat(h, db, account);
    const outcome = await apply(c.ref, json({ action: 'redeliver' }));
    assert.equal(outcome.applied, false);
    assert.match(outcome.rejected_reason ?? '', /redeliver needs a locationId/);
    assert.equal((await deliveriesOf(db, c.conversationId)).length, 1);
  });
});
