import { timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../../db/client.js';
import { type ChannelAccountRow, hashVerifyToken } from '../../domain/conversations/channel-accounts.js';
import type { FloodControl } from '../../domain/conversations/flood.js';
import { ApiError, invalidParam, notFound } from '../../domain/errors.js';
import { receiveInbound } from '../inbound.js';
import { NotificationError, type ParsedNotification, parseNotification, type StatusUpdate } from './notification.js';
import { checkSignature } from './signature.js';

/** How an account is found by id: read each time, or from a cache (the API's AccessCache). */
export type AccountLookup = (db: Queryable, id: string) => Promise<ChannelAccountRow | undefined>;

const readAccount: AccountLookup = async (db, id) =>
  (await db.query<ChannelAccountRow>('SELECT * FROM channel_accounts WHERE id = $1', [id]))[0];

async function whatsappAccount(db: Queryable, id: string, lookup = readAccount): Promise<ChannelAccountRow> {
  const account = await lookup(db, id);
  if (account?.channel !== 'whatsapp') throw notFound('whatsapp channel account', id);
  return account;
}

/** Meta's subscription handshake: the challenge back when the verify token is the account's. */
export async function verifySubscription(db: Queryable, accountId: string, query: Record<string, unknown>) {
  const account = await whatsappAccount(db, accountId);
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (mode !== 'subscribe') throw invalidParam('hub.mode', "hub.mode must be 'subscribe'.");
  if (typeof challenge !== 'string' || challenge.length === 0 || challenge.length > 200) {
    throw invalidParam('hub.challenge', 'hub.challenge must be 1 to 200 characters.');
  }
  const given = Buffer.from(hashVerifyToken(typeof token === 'string' ? token : ''), 'hex');
  const expected = Buffer.from(account.verify_token_hash ?? '', 'hex');
  if (expected.length !== given.length || !timingSafeEqual(given, expected)) {
    throw new ApiError(
      'authorization_error',
      'verify_token_invalid',
      "hub.verify_token is not this account's verify token.",
    );
  }
  return challenge;
}

// sent < delivered < read; a late 'sent' or 'delivered' never moves a message back. 'failed' wins over
// everything, and nothing moves a failed message again (a late 'delivered' after it changes nothing).
// Meta's 'played' (a voice message played) arrives here as 'read' (notification.ts).
const RANK: Record<string, number> = { pending: 0, sent: 1, delivered: 2, read: 3 };

async function applyStatus(tx: Queryable, accountId: string, s: StatusUpdate): Promise<boolean> {
  const rows = await tx.query<{ id: string; status: string }>(
    `SELECT id, status FROM messages WHERE channel_account_id = $1 AND channel_message_id = $2 AND direction = 'outbound'
     FOR UPDATE`,
    [accountId, s.channel_message_id],
  );
  const m = rows[0];
  if (!m || m.status === 'failed') return false;
  if (s.status !== 'failed' && RANK[s.status] <= (RANK[m.status] ?? 0)) return false;
  await tx.query(
    'UPDATE messages SET status = $2, last_error = COALESCE($3, last_error), updated_at = now() WHERE id = $1',
    [m.id, s.status, s.error],
  );
  return true;
}

export interface NotificationResult {
  account: ChannelAccountRow;
  parsed: ParsedNotification;
  /** Conversations that got a new customer message (the message webhook starts from these, unless held). */
  stored: { message_id: string; conversation_id: string }[];
  duplicates: number;
  /** New messages flood control held back (stored, not delivered to the chatbot). */
  held: number;
  /** Conversations that got a slow-down reply: their sender is kicked after commit. */
  slowedDown: string[];
}

/** The account named in the path, and the notification's signature checked against its app secret. */
export async function authenticateNotification(
  db: Queryable,
  accountId: string,
  raw: Buffer,
  signature: string | string[] | undefined,
  lookup: AccountLookup = readAccount,
): Promise<ChannelAccountRow> {
  const account = await whatsappAccount(db, accountId, lookup);
  const check = checkSignature(raw, signature, account.app_secret ?? '');
  if (check !== 'valid') {
    throw new ApiError(
      'authentication_error',
      check === 'missing' ? 'signature_missing' : 'signature_invalid',
      check === 'missing'
        ? 'The notification carries no X-Hub-Signature-256 header.'
        : "X-Hub-Signature-256 is not the HMAC-SHA256 of this body with the account's app secret.",
    );
  }
  return account;
}

/** A notification already authenticated (authenticateNotification), parsed whole before anything is stored. */
export function readNotification(account: ChannelAccountRow, raw: Buffer): ParsedNotification {
  let body: unknown;
  try {
    // Only known fields are read, never walked whole, so nesting depth costs nothing here.
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw invalidParam('body', 'The notification is not a JSON document.');
  }
  try {
    return parseNotification(body, account.external_id ?? '');
  } catch (err) {
    if (err instanceof NotificationError) throw invalidParam(err.param, err.message);
    throw err;
  }
}

/**
 * A parsed notification stored item by item: each message in its own transaction (once each, flood
 * control deciding which the chatbot hears of), then the status updates of our own messages. One item
 * that cannot be stored does not keep the others from it; its error is thrown after the rest are stored,
 * so Meta delivers the notification again (the stored messages are then duplicates, stored once).
 */
export async function storeNotification(
  db: Db,
  flood: FloodControl,
  account: ChannelAccountRow,
  parsed: ParsedNotification,
): Promise<NotificationResult> {
  const result: NotificationResult = { account, parsed, stored: [], duplicates: 0, held: 0, slowedDown: [] };
  let failure: unknown = null;
  for (const inbound of parsed.messages) {
    try {
      const {
        recorded: r,
        heldBy,
        replied,
      } = await db.transaction((tx) => receiveInbound(tx, flood, account, inbound));
      if (!r.created) result.duplicates++;
      else result.stored.push({ message_id: r.message.id, conversation_id: r.conversation.id });
      if (r.created && heldBy) result.held++;
      if (replied) result.slowedDown.push(r.conversation.id);
    } catch (err) {
      failure ??= err;
    }
  }
  for (const s of parsed.statuses) {
    try {
      await db.transaction((tx) => applyStatus(tx, account.id, s));
    } catch (err) {
      failure ??= err;
    }
  }
  if (failure) throw Object.assign(failure as Error, { partial: result });
  return result;
}
