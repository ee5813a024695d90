/**
 * The message webhook's hand-off through the Db's offers (src/db/queue/hand-off.ts), the same mechanism
 * as the event deliveries': the statement that stores a customer message asks this process's offer for a
 * slot, tells it what it leased, and the transaction's end says whether to start it. Seen here through an
 * offer of the test's own, on both channels' paths (the test channel's route, the WhatsApp webhook) and
 * for a transaction that fails after the statement.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { offer } from '../../src/db/queue/hand-off.js';
import type { ChannelAccountRow } from '../../src/domain/conversations/channel-accounts.js';
import {
  MESSAGE_DELIVERIES_QUEUE,
  type MessageLease,
  type MessageOffer,
  recordInboundMessage,
} from '../../src/domain/conversations/messages.js';
import {
  createTestAccount,
  createWhatsAppAccount,
  digits,
  fill,
  fixture,
  notify,
  say,
  wamid,
} from '../conversations/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant } from '../helpers/fixtures.js';

let h: Harness;
let testAccount: string;
let location: string;
type Delivery = { id: string; status: string; lease_owner: string | null; attempts: number };
const seen: { takes: number; leased: Array<Record<string, unknown> | null>; ended: boolean[] } = {
  takes: 0,
  leased: [],
  ended: [],
};
let withdraw: () => void;

before(async () => {
  h = await getHarness();
  const t = await newTenant(h);
  location = t.locationIds[0];
  testAccount = await createTestAccount(h, { location_id: location });
  const source: MessageOffer = {
    take: (): MessageLease => {
      seen.takes++;
      return {
        owner: 'test-owner',
        leaseMs: 60_000,
        leased: (d) => seen.leased.push(d),
        end: (committed) => seen.ended.push(committed),
      };
    },
  };
  withdraw = offer(await testDb(), MESSAGE_DELIVERIES_QUEUE, source);
});
after(() => withdraw());

function reset() {
  seen.takes = 0;
  seen.leased = [];
  seen.ended = [];
}

const deliveryOf = async (messageId: string) => {
  const [d] = await (await testDb()).query<Delivery>(
    'SELECT id, status, lease_owner, attempts FROM webhook_deliveries WHERE message_id = $1',
    [messageId],
  );
  return d;
};

test("the test channel's message is leased to the offer by its statement, and started at commit", async () => {
  reset();
  const m = await say(h, testAccount, `+4917${digits(8)}`, 'lease me');
  assert.equal(seen.takes, 1);
  assert.deepEqual(seen.ended, [true]);
  const d = await deliveryOf(m.id);
  assert.deepEqual(
    { status: d.status, lease_owner: d.lease_owner, attempts: d.attempts },
    { status: 'delivering', lease_owner: 'test-owner', attempts: 1 },
  );
  assert.equal(seen.leased.length, 1);
  assert.equal(seen.leased[0]?.id, d.id, 'the offer is told the delivery it was leased');
  // Leave the lease as a crashed worker would: another test's claims are not this file's concern.
});

test("a conversation's next message, with the first still open, is pending: the offer is told nothing was leased", async () => {
  reset();
  const phone = `+4917${digits(8)}`;
  await say(h, testAccount, phone, 'first');
  const second = await say(h, testAccount, phone, 'second');
  assert.equal(seen.takes, 2);
  assert.deepEqual(seen.leased[1], null);
  assert.equal((await deliveryOf(second.id)).status, 'pending');
});

test('a WhatsApp message is handed off the same way, and a duplicate of it leases nothing', async () => {
  const wa = await createWhatsAppAccount(h, { location_id: location });
  const body = fill(fixture('text-message'), {
    PHONE_NUMBER_ID: wa.phoneNumberId,
    WA_ID: `4917${digits(8)}`,
    WAMID: wamid(),
  });
  reset();
  assert.equal((await notify(h, wa.id, body, wa.appSecret)).status, 200);
  assert.equal(seen.takes, 1);
  assert.equal(seen.leased.length, 1);
  assert.ok(seen.leased[0], 'leased');
  assert.deepEqual(seen.ended, [true]);
  reset();
  assert.equal((await notify(h, wa.id, body, wa.appSecret)).status, 200);
  assert.deepEqual(seen.leased, [null], 'a message seen before stores no delivery');
});

test('a transaction that fails after the statement ends the lease as not committed, and leaves no delivery', async () => {
  const db = await testDb();
  const [account] = await db.query<ChannelAccountRow>('SELECT * FROM channel_accounts WHERE id = $1', [testAccount]);
  reset();
  let messageId = '';
  await assert.rejects(
    db.transaction(async (tx) => {
      const r = await recordInboundMessage(tx, account, {
        from: { phone: `+4917${digits(8)}` },
        type: 'text',
        text: 'never stored',
        channel_message_id: `test_${digits(12)}`,
      });
      messageId = r.message.id;
      assert.ok(seen.leased[0], 'the statement leased it');
      throw new Error('rolled back');
    }),
    /rolled back/,
  );
  assert.deepEqual(seen.ended, [false]);
  assert.equal(await deliveryOf(messageId), undefined);
});
