/**
 * A hand-off's body (docs/message-webhook.md, "Hand-off"): the statement that stores a customer message
 * and leases its delivery also reads what the body needs beside the rows the storing code holds, so the
 * first attempt reads nothing of its own. What it was handed is what a read after the commit finds.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { offer } from '../../src/db/queue/hand-off.js';
import type { ChannelAccountRow } from '../../src/domain/conversations/channel-accounts.js';
import {
  type HandedRead,
  MESSAGE_DELIVERIES_QUEUE,
  type MessageLease,
  type MessageOffer,
  recordInboundMessage,
} from '../../src/domain/conversations/messages.js';
import { conversationDataOf, loadConversation, readForHandOff } from '../../src/webhooks/payload/conversation.js';
import { createPayloadBuilder } from '../../src/webhooks/payload/index.js';
import { createTestAccount, digits, say } from '../conversations/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant } from '../helpers/fixtures.js';
import { messageRef } from './_payload.js';

let h: Harness;
let account: ChannelAccountRow;

before(async () => {
  h = await getHarness();
  const t = await newTenant(h);
  const id = await createTestAccount(h, { location_id: t.locationIds[0] });
  [account] = await (await testDb()).query<ChannelAccountRow>('SELECT * FROM channel_accounts WHERE id = $1', [id]);
});

/** Ends the deliveries `which` selects, as failed: no worker runs in this test. */
async function closeDeliveries(which: string, param: string) {
  await (await testDb()).query(
    `UPDATE webhook_deliveries SET status = 'failed', lease_owner = NULL, lease_until = NULL, completed_at = now()
     WHERE id IN (${which}) AND status IN ('pending', 'delivering')`,
    [param],
  );
}

/** Stores a customer message in a transaction whose statement is offered a slot; what it handed over. */
async function handOff(phone: string, text: string) {
  const db = await testDb();
  // Nothing of the conversation open (no worker runs here): the new delivery may be leased.
  await closeDeliveries(
    `SELECT d.id FROM webhook_deliveries d JOIN messages m ON m.id = d.message_id
    JOIN customers u ON u.id = m.customer_id WHERE u.phone = $1`,
    phone,
  );
  const at = new Date();
  const got: { delivery?: Record<string, unknown> | null; handed?: HandedRead; committed?: boolean } = {};
  const lease: MessageLease = {
    owner: `test-${process.pid}`,
    leaseMs: 60_000,
    read: readForHandOff(at),
    leased: (delivery, handed) => Object.assign(got, { delivery, handed }),
    end: (committed) => Object.assign(got, { committed }),
  };
  const withdraw = offer<MessageOffer>(db, MESSAGE_DELIVERIES_QUEUE, { take: () => lease });
  try {
    const recorded = await db.transaction((tx) =>
      recordInboundMessage(tx, account, {
        from: { phone },
        type: 'text',
        text,
        channel_message_id: `test_${digits(12)}`,
      }),
    );
    // This test attempts nothing.
    await closeDeliveries('SELECT id FROM webhook_deliveries WHERE message_id = $1', recorded.message.id);
    return { recorded, at, ...got };
  } finally {
    withdraw();
  }
}

describe('the body of a handed-off delivery', () => {
  test("is what a read after the commit finds: the history, the customer, the locations' fingerprints", async () => {
    const phone = `+4917${digits(8)}`;
    for (const text of ['Hallo', 'Habt ihr offen?', 'Eine Pizza bitte']) await say(h, account.id, phone, text);
    const { recorded, at, delivery, handed, committed } = await handOff(phone, 'Und eine Cola');
    assert.equal(committed, true);
    assert.equal(delivery?.status, 'delivering', 'leased by the statement');
    assert.ok(handed, 'the statement read for the body');
    const fromHandOff = conversationDataOf(handed);
    const afterCommit = await loadConversation(await testDb(), messageRef(recorded.message), at);
    // The conversation as locked before the message moved its times; the rest as stored.
    const moved = ['last_message_at', 'last_inbound_at', 'updated_at'] as const;
    for (const k of moved) delete fromHandOff.conversation[k];
    for (const k of moved) delete afterCommit.conversation[k];
    assert.deepEqual(fromHandOff, afterCommit);
    assert.deepEqual(
      fromHandOff.messages.map((m) => m.text),
      ['Hallo', 'Habt ihr offen?', 'Eine Pizza bitte', 'Und eine Cola'],
    );
    const build = createPayloadBuilder(await testDb());
    const body = await build(messageRef(recorded.message), { at, read: handed });
    assert.equal(body.lastMessage.text, 'Und eine Cola');
    assert.equal((body.conversation.messages as unknown[]).length, 4);
  });

  test("a customer's first message is handed its conversation too", async () => {
    const { recorded, at, handed } = await handOff(`+4917${digits(8)}`, 'Erste Nachricht');
    assert.ok(handed);
    const fromHandOff = conversationDataOf(handed);
    const afterCommit = await loadConversation(await testDb(), messageRef(recorded.message), at);
    assert.deepEqual(
      fromHandOff.messages.map((m) => m.id),
      afterCommit.messages.map((m) => m.id),
    );
    assert.deepEqual(fromHandOff.customer, afterCommit.customer);
    assert.deepEqual(fromHandOff.locationFingerprints, afterCommit.locationFingerprints);
  });
});
