/** Conversations and placed drafts for the acceptance and notice tests. */
import assert from 'node:assert/strict';
import type { Db } from '../../src/db/client.js';
import { placeDraft } from '../../src/domain/drafts/service.js';
import type { JobLog } from '../../src/jobs/types.js';
import { createTestAccount, digits, messagesOf, say } from '../conversations/_support.js';
import { BASE } from '../drafts/_support.js';
import type { Harness } from '../helpers/app.js';

export interface Chat {
  conversationId: string;
  customerId: string;
}

const accounts = new Map<string, string>();

/** A new customer (a fresh phone, in `language` if given) writing to the location's test channel account. */
export async function chatAt(h: Harness, locationId: string, language?: string): Promise<Chat> {
  let account = accounts.get(locationId);
  if (!account) {
    account = await createTestAccount(h, { location_id: locationId });
    accounts.set(locationId, account);
  }
  const from = { phone: `+4915${digits(9)}`, ...(language ? { language } : {}) };
  const message = await say(h, account, from.phone, 'Hello', { from });
  return { conversationId: message.conversation_id, customerId: message.customer_id };
}

let counter = 0;

/** Places a draft in the conversation as the message webhook's answer would, in one transaction. */
export async function placeIn(db: Db, locationId: string, chat: Chat, draft: object = BASE) {
  const { order } = await db.transaction((tx) =>
    placeDraft(tx, {
      locationId,
      draft: draft as never,
      channel: 'test',
      customerId: chat.customerId,
      conversationId: chat.conversationId,
      reference: `test_${process.pid}_${++counter}`,
    }),
  );
  return order;
}

/** The texts the server stored for the customer in the conversation, oldest first. */
export async function noticesIn(h: Harness, chat: Chat): Promise<string[]> {
  const messages = await messagesOf(h, chat.conversationId);
  return messages.filter((m) => m.direction === 'outbound').map((m) => m.text);
}

/** A runner's log that keeps what it says, so a test can assert it said nothing. */
export function recordingLog(): JobLog & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    warn: (obj, msg) => lines.push(`warn ${msg} ${JSON.stringify(obj)}`),
    error: (obj, msg) => lines.push(`error ${msg} ${JSON.stringify(obj)}`),
  };
}

export async function setAcceptance(h: Harness, key: string, locationId: string, body: object) {
  const res = await h.call('PATCH', `/v1/locations/${locationId}/acceptance_settings`, { key, body });
  assert.equal(res.status, 200, res.raw);
  return res.body;
}
