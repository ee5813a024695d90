import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Db } from '../../src/db/client.js';
import { createTestAccount } from '../conversations/_support.js';
import { setUpLocation } from '../drafts/_support.js';
import { getHarness, type Harness, type Res } from '../helpers/app.js';
import { someoneWaitsFor, testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { applier, chat, json } from '../webhooks/_answer.js';
import { patchStatus } from './_support.js';

/**
 * A staff status change chosen as a deadlock's victim (40P01) runs again (src/db/retry.ts) instead of
 * answering 500. The deadlock is a real one: another transaction holds the order and then asks for its
 * conversation while the PATCH (lockOrder: the conversation first, then the order) holds the conversation
 * and waits for the order.
 */
let h: Harness;
let db: Db;
let t: Tenant;
let loc: string;
let account: string;
let apply: ReturnType<typeof applier>['apply'];

const POSTGRES = process.env.DATABASE_URL
  ? false
  : 'PGlite has one connection: no transaction can stay open beside another';

before(async () => {
  if (POSTGRES) return;
  h = await getHarness();
  db = await testDb();
  t = await newTenant(h);
  loc = t.locationIds[0];
  await setUpLocation(h, t.orgKey, loc);
  account = await createTestAccount(h, { location_id: loc });
  ({ apply } = applier(db));
});

const DRAFT = {
  items: [{ type: 'product', productId: 'margherita', options: [{ optionId: 'size-26' }] }],
  serviceType: 'collection',
  paymentMethod: 'cash',
};

/** An order placed in a conversation: a status change locks the conversation before the order. */
async function orderOfAConversation() {
  const c = await chat(h, db, account, { name: 'Ada Lovelace', language: 'en' });
  const placed = await apply(c.ref, json({ orderDraft: DRAFT, action: 'place_order' }));
  assert.ok(placed.order_id, JSON.stringify(placed));
  return { conversationId: c.conversationId, orderId: placed.order_id as string };
}

async function orderOf(id: string) {
  const res = await h.call('GET', `/v1/locations/${loc}/orders/${id}`, { key: t.orgKey });
  assert.equal(res.status, 200, res.raw);
  return res.body;
}

const code = (err: unknown) => (err as { code?: unknown } | null)?.code;

/**
 * One deadlock between the PATCH and a transaction T of the test. 'patch' when PostgreSQL rolled the
 * PATCH's transaction back (the case under test); 'other' when it chose T instead (its deadlock check ran
 * first), in which case the PATCH never needed a second run.
 */
async function deadlock(conversationId: string, orderId: string): Promise<{ victim: 'patch' | 'other'; res: Res }> {
  let patch: Promise<Res> | undefined;
  let answered: Res | undefined;
  // Asserted wider: set inside T's callback, which narrowing does not follow.
  let victim = 'patch' as 'patch' | 'other';
  try {
    await db.transaction(async (tx) => {
      const [{ pid }] = await tx.query<{ pid: number }>(
        'SELECT pg_backend_pid() AS pid FROM orders WHERE id = $1 FOR UPDATE',
        [orderId],
      );
      patch = patchStatus(h, t.orgKey, loc, orderId, { status: 'accepted' });
      patch.then(
        (res) => {
          answered = res;
        },
        () => {}, // thrown again where it is awaited, below
      );
      // The PATCH has its conversation's lock and waits for the order's, which T holds.
      assert.ok(
        await someoneWaitsFor(db, pid, { stop: () => answered !== undefined }),
        'the PATCH never waited for the order',
      );
      // T asks for the conversation: the cycle. The PATCH waited first, so its deadlock check (deadlock_timeout
      // after its wait began) finds the cycle first and rolls its own transaction back, releasing the conversation.
      try {
        await tx.query('SELECT id FROM conversations WHERE id = $1 FOR UPDATE', [conversationId]);
      } catch (err) {
        if (code(err) !== '40P01') throw err;
        victim = 'other';
        throw err;
      }
      // T has the conversation, which the PATCH's first run held: that run is over. The PATCH, still
      // unanswered, runs again and waits for T; without the retry it has answered 500 by now.
      assert.ok(
        (await someoneWaitsFor(db, pid, { stop: () => answered !== undefined })) && answered === undefined,
        `the PATCH did not run again after its deadlock: ${answered?.status} ${answered?.raw}`,
      );
    });
  } catch (err) {
    if (victim !== 'other') throw err;
  } finally {
    // Never left running past the test, whatever went wrong above (T has ended: nothing holds it back).
    if (patch) answered = await patch;
  }
  assert.ok(answered);
  return { victim, res: answered };
}

describe('a staff status change chosen as a deadlock victim', () => {
  test('PostgreSQL: runs again once the other transaction has committed, and succeeds once', {
    skip: POSTGRES,
  }, async () => {
    const victims: string[] = [];
    // PostgreSQL may pick T instead when the PATCH's deadlock check comes too late; another order then.
    for (let round = 0; round < 3 && !victims.includes('patch'); round++) {
      const { conversationId, orderId } = await orderOfAConversation();
      const was = await orderOf(orderId);
      assert.equal(was.status, 'received');
      const { victim, res } = await deadlock(conversationId, orderId);
      victims.push(victim);
      assert.equal(res.status, 200, res.raw);
      assert.equal(res.body.status, 'accepted');
      assert.equal(res.body.status_version, was.status_version + 1);
      // The deadlocked run left nothing behind: one change, one history entry.
      const now = await orderOf(orderId);
      assert.equal(now.status, 'accepted');
      assert.equal(now.status_version, was.status_version + 1);
      assert.deepEqual(
        now.status_history.map((e: any) => e.status),
        [...was.status_history.map((e: any) => e.status), 'accepted'],
      );
      const rows = await db.query<{ status: string }>(
        'SELECT status FROM order_status_history WHERE order_id = $1 ORDER BY status_version',
        [orderId],
      );
      assert.deepEqual(
        rows.map((r) => r.status),
        ['received', 'accepted'],
      );
    }
    assert.ok(victims.includes('patch'), `PostgreSQL never chose the PATCH as the victim: ${victims.join(', ')}`);
  });
});
