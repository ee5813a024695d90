import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Db } from '../../src/db/client.js';
import { changeStatus } from '../../src/domain/orders/lifecycle.js';
import { createTestAccount } from '../conversations/_support.js';
import { setUpLocation } from '../drafts/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { someoneWaitsFor, testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { applier, chat, deliveriesOf, json, NOTHING } from './_answer.js';

/**
 * cancel_order of an order another conversation of the customer placed (businessOrganization mode): it
 * takes that conversation's lock before the order's, as a staff status change does, so the two never deadlock.
 */
let h: Harness;
let db: Db;
let t: Tenant;
let loc: string;
let orgAccount: string;
let locAccount: string;
let apply: ReturnType<typeof applier>['apply'];

before(async () => {
  h = await getHarness();
  db = await testDb();
  t = await newTenant(h);
  loc = t.locationIds[0];
  await setUpLocation(h, t.orgKey, loc);
  orgAccount = await createTestAccount(h, { organization_id: t.orgId });
  locAccount = await createTestAccount(h, { location_id: loc });
  ({ apply } = applier(db));
});

const DRAFT = {
  items: [{ type: 'product', productId: 'margherita', options: [{ optionId: 'size-26' }] }],
  serviceType: 'collection',
  paymentMethod: 'cash',
};

const orderRow = async (id: string) =>
  (await db.query<any>('SELECT status, status_version FROM orders WHERE id = $1', [id]))[0];

/** An order placed in the location's conversation, and the same customer writing to the organization's account. */
async function orderOfAnotherConversation() {
  const placing = await chat(h, db, locAccount, { name: 'Ada Lovelace', language: 'en' });
  const placed = await apply(placing.ref, json({ orderDraft: DRAFT, action: 'place_order' }));
  assert.ok(placed.order_id, JSON.stringify(placed));
  const c = await chat(h, db, orgAccount, { phone: placing.phone });
  assert.equal(c.customerId, placing.customerId);
  assert.notEqual(c.conversationId, placing.conversationId);
  return { c, orderConversationId: placing.conversationId, orderId: placed.order_id };
}

describe("cancel_order of another conversation's order", () => {
  test('is cancelled as before: the status, the history and its reason', async () => {
    const { c, orderId } = await orderOfAnotherConversation();
    const outcome = await apply(c.ref, json({ action: 'cancel_order', replies: [{ text: 'Cancelled.' }] }));
    assert.deepEqual(outcome, { ...NOTHING, replies_sent: 1, order_id: orderId });
    assert.deepEqual(await orderRow(orderId), { status: 'cancelled', status_version: 1 });
    const res = await h.call('GET', `/v1/locations/${loc}/orders/${orderId}`, { key: t.orgKey });
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(
      res.body.status_history.map((e: any) => [e.status, e.reason]),
      [
        ['received', null],
        ['cancelled', 'cancelled by the customer'],
      ],
    );
  });

  test('PostgreSQL: waits for a staff change holding the order’s conversation, not holding the order, then sees its outcome', {
    skip: process.env.DATABASE_URL ? false : 'PGlite has one connection: no transaction can stay open beside another',
  }, async () => {
    for (const staff of ['accepted', 'nothing'] as const) {
      const { c, orderConversationId, orderId } = await orderOfAnotherConversation();
      let held!: (pid: number) => void;
      const holding = new Promise<number>((r) => {
        held = r;
      });
      let waited!: () => void;
      const cancelWaits = new Promise<void>((r) => {
        waited = r;
      });
      // A staff PATCH stopped between its two locks (lockOrder): the order's conversation taken, the order not yet.
      const staffChange = db.transaction(async (tx) => {
        const [{ pid }] = await tx.query<{ pid: number }>(
          'SELECT pg_backend_pid() AS pid FROM conversations WHERE id = $1 FOR UPDATE',
          [orderConversationId],
        );
        held(pid);
        await cancelWaits;
        try {
          await tx.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE NOWAIT', [orderId]);
        } catch (err) {
          // Waiting for it instead, with the cancel waiting for the conversation, is the deadlock (40P01).
          throw new Error(`the cancel locked the order before its conversation: ${(err as Error).message}`);
        }
        if (staff === 'accepted') await changeStatus(tx, loc, orderId, { status: 'accepted' });
      });
      const pid = await holding;
      const cancel = apply(c.ref, json({ action: 'cancel_order', replies: [{ text: 'Cancelled.' }] }));
      assert.ok(await someoneWaitsFor(db, pid, { tries: 250 }), 'the cancel never waited for the staff change');
      waited();
      await staffChange;
      const outcome = await cancel;
      if (staff === 'accepted') {
        // Found while received, accepted by the time it was locked: refused with the status it has now.
        assert.deepEqual(outcome, { ...NOTHING, placement_problems: ['order_not_cancellable'] });
        assert.deepEqual(await orderRow(orderId), { status: 'accepted', status_version: 1 });
        const again = (await deliveriesOf(db, c.conversationId)).find((d) => d.event === 'order_problems');
        assert.deepEqual(again.problems[0].details, { order_id: orderId, status: 'accepted' });
      } else {
        assert.deepEqual(outcome, { ...NOTHING, replies_sent: 1, order_id: orderId });
        assert.deepEqual(await orderRow(orderId), { status: 'cancelled', status_version: 1 });
      }
    }
  });
});
