/** A real conversation (test channel), a delivery row for its message, and the answer applier under test. */
import assert from 'node:assert/strict';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../src/db/client.js';
import { createAnswerApplier } from '../../src/webhooks/answer/index.js';
import type { AnswerOutcome, DeliveryRef } from '../../src/webhooks/contract.js';
import { digits, messagesOf, say } from '../conversations/_support.js';
import type { Harness } from '../helpers/app.js';

/** A logger that keeps what was said at warn and above. */
export function captureLog() {
  const warnings: unknown[][] = [];
  const keep = (...args: unknown[]) => warnings.push(args);
  const noop = () => {};
  const log = {
    level: 'info',
    warn: keep,
    error: keep,
    fatal: keep,
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, warnings };
}

export function applier(db: Db) {
  const { log, warnings } = captureLog();
  return { apply: createAnswerApplier({ db, log }), warnings };
}

/** The delivery of a customer message, as the outbox writes it (src/db/migrations/0007_webhooks.sql). */
/**
 * The delivery the outbox wrote with the message, as a worker would hold it: claimed, first attempt. No
 * worker runs in these tests (no CHATBOT_URL), so the answer is applied by the test alone.
 */
export async function insertDelivery(db: Db, message: { id: string; conversation_id: string; created_at: string }) {
  const [row] = await db.query<{ id: string }>(
    `UPDATE webhook_deliveries SET status = 'delivering', attempts = 1, updated_at = now()
     WHERE message_id = $1 AND event = 'message' RETURNING id`,
    [message.id],
  );
  assert.ok(row, `the outbox wrote no delivery for ${message.id}`);
  const id = row.id;
  const ref: DeliveryRef = {
    deliveryId: id,
    conversationId: message.conversation_id,
    messageId: message.id,
    event: 'message',
    problems: null,
    previousLocationId: null,
    addressLookup: null,
    attempt: 1,
  };
  return ref;
}

export interface Chat {
  phone: string;
  message: any;
  ref: DeliveryRef;
  conversationId: string;
  customerId: string;
}

/** A fresh customer writes to the account; returns the conversation and the delivery of that message. */
export async function chat(h: Harness, db: Db, accountId: string, from: Record<string, unknown> = {}): Promise<Chat> {
  const phone = `+49170${digits(7)}`;
  const res = await h.call('POST', `/admin/v1/channel_accounts/${accountId}/inbound_messages`, {
    body: { from: { phone, ...from }, text: 'Hallo' },
  });
  assert.equal(res.status, 201, res.raw);
  const message = res.body;
  const ref = await insertDelivery(db, message);
  return { phone, message, ref, conversationId: message.conversation_id, customerId: message.customer_id };
}

/** The next customer message in the same conversation, with its delivery. */
export async function next(h: Harness, db: Db, accountId: string, c: Chat, text = 'Noch was'): Promise<Chat> {
  const message = await say(h, accountId, c.phone, text);
  return { ...c, message, ref: await insertDelivery(db, message) };
}

/** A 200 JSON answer. */
export const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });

export const outbound = async (h: Harness, conversationId: string) =>
  (await messagesOf(h, conversationId)).filter((m) => m.direction === 'outbound');

export async function conversation(h: Harness, id: string) {
  const res = await h.call('GET', `/admin/v1/conversations/${id}`);
  assert.equal(res.status, 200, res.raw);
  return res.body;
}

export async function customer(h: Harness, id: string) {
  const res = await h.call('GET', `/admin/v1/customers/${id}`);
  assert.equal(res.status, 200, res.raw);
  return res.body;
}

export async function deliveriesOf(db: Db, conversationId: string) {
  return db.query<any>('SELECT * FROM webhook_deliveries WHERE conversation_id = $1 ORDER BY queue_at, id', [
    conversationId,
  ]);
}

/** Nothing happened: the outcome of an answer with nothing to do. */
export const NOTHING: AnswerOutcome = {
  applied: true,
  rejected_reason: null,
  replies_sent: 0,
  draft: 'unchanged',
  location_id: null,
  customer_updated: false,
  order_id: null,
  placement_problems: null,
  redelivered: false,
  fallback_sent: false,
};
