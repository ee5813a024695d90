import { normalizePhone } from '../../domain/conversations/phone.js';
import type { InboundMessage } from '../../domain/conversations/types.js';
import { storable } from '../untrusted-text.js';
import { content, KNOWN_TYPES } from './content.js';
import {
  errorCodes,
  errorsText,
  isObj,
  list,
  loose,
  messageId,
  NotificationError,
  type Obj,
  obj,
  sentAt,
  shown,
  str,
  textOf,
} from './read.js';

export { NotificationError } from './read.js';

export interface StatusUpdate {
  channel_message_id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  error: string | null;
}

/**
 * Something worth a log line and a count, but never a refusal (issue 22): `kind` is one of a few fixed
 * names (the metric's label); `detail` says which (a type's name, a field's path, an error code).
 */
export interface Anomaly {
  kind: 'value_error' | 'message_error' | 'unknown_type' | 'unknown_field' | 'rejected_item' | 'left_aside';
  detail: string;
}

export interface ParsedNotification {
  messages: InboundMessage[];
  statuses: StatusUpdate[];
  /** What was left aside, and why (other fields, other numbers, unknown statuses), for the log. */
  ignored: string[];
  /** Items refused as malformed, each alone: the dot path and why. The rest of the notification is stored. */
  rejected: { param: string; reason: string }[];
  anomalies: Anomaly[];
}

/** As long as the Graph API's errors kept on a message we failed to send. */
const MAX_STATUS_ERROR = 500;
const MESSAGE_KEYS = new Set(['from', 'from_user_id', 'id', 'timestamp', 'type', 'context', 'referral', 'errors']);
const MESSAGE_EXTRA_KEYS = new Set(['identity', 'unsupported', 'from_logical_id']);
const VALUE_KEYS = new Set(['messaging_product', 'metadata', 'contacts', 'messages', 'statuses', 'errors']);

/** Fields Meta added that this adapter does not read: counted, so a new Cloud API version gets noticed. */
function unknownFields(o: Obj, known: (k: string) => boolean, where: string, out: Anomaly[]) {
  for (const k of Object.keys(o)) if (!known(k)) out.push({ kind: 'unknown_field', detail: `${where}.${k}` });
}

/** The customer: a phone from `from` (digits), or a business-scoped user by `from_user_id`, or both. */
function sender(o: Obj, path: string, names: Map<string, string>): InboundMessage['from'] {
  const userId = typeof o.from_user_id === 'string' && o.from_user_id.length > 0 ? o.from_user_id : null;
  const from = typeof o.from === 'string' && o.from.length > 0 ? o.from : null;
  if (from === null && userId === null) {
    throw new NotificationError(`${path}.from`, `${path}.from or ${path}.from_user_id must be a non-empty string.`);
  }
  if (o.from !== undefined && o.from !== null && typeof o.from !== 'string') str(o.from, `${path}.from`);
  let phone: string | null = null;
  if (from !== null) {
    try {
      phone = normalizePhone(from);
    } catch (err) {
      throw new NotificationError(`${path}.from`, (err as Error).message);
    }
  }
  const user = userId === null ? null : str(userId.slice(0, 200), `${path}.from_user_id`);
  const name = (from !== null ? names.get(from) : undefined) ?? (userId !== null ? names.get(userId) : undefined);
  return { phone, whatsapp_user_id: user, name: name ?? null };
}

function context(v: unknown) {
  if (!isObj(v)) return null;
  const product = isObj(v.referred_product) ? loose(v.referred_product.product_retailer_id, 200) : null;
  return {
    channel_message_id: loose(v.id, 512) ?? product,
    from: loose(v.from, 100),
    forwarded: v.forwarded === true,
    frequently_forwarded: v.frequently_forwarded === true,
  };
}

const REFERRAL_KEYS = [
  'source_type',
  'source_id',
  'source_url',
  'headline',
  'body',
  'media_type',
  'image_url',
  'video_url',
  'thumbnail_url',
  'ctwa_clid',
] as const;
const referral = (v: unknown) =>
  isObj(v) ? Object.fromEntries(REFERRAL_KEYS.map((k) => [k, loose(v[k], k === 'body' ? 4096 : 2000)])) : null;

function message(m: unknown, path: string, names: Map<string, string>, anomalies: Anomaly[]): InboundMessage {
  const o = obj(m, path);
  const type = str(o.type, `${path}.type`);
  if (!KNOWN_TYPES.has(type)) anomalies.push({ kind: 'unknown_type', detail: storable(type).slice(0, 100) });
  if (o.errors !== undefined && type !== 'unsupported') {
    for (const code of errorCodes(o.errors)) anomalies.push({ kind: 'message_error', detail: code });
  }
  unknownFields(o, (k) => MESSAGE_KEYS.has(k) || MESSAGE_EXTRA_KEYS.has(k) || k === type, 'message', anomalies);
  const read = content(type, o, path);
  const extras = { ...read.extras, context: context(o.context), referral: referral(o.referral) };
  return {
    from: sender(o, path, names),
    channel_message_id: messageId(o.id, `${path}.id`),
    sent_at: o.timestamp === undefined ? undefined : sentAt(o.timestamp, `${path}.timestamp`),
    ...read,
    extras,
  };
}

/** `played`: a voice message of ours was played; it implies read, the furthest a status goes. */
const STATUSES: Record<string, StatusUpdate['status']> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  played: 'read',
  failed: 'failed',
};

function status(s: unknown, path: string): StatusUpdate | string {
  const o = obj(s, path);
  const value = str(o.status, `${path}.status`);
  const id = str(o.id, `${path}.id`);
  const mapped = STATUSES[value];
  if (!mapped) return `status ${shown(value)} of ${shown(id)}`;
  list(o.errors, `${path}.errors`);
  return { channel_message_id: id, status: mapped, error: errorsText(o.errors, MAX_STATUS_ERROR) };
}

/** Each item alone: a malformed one is recorded in `rejected` and the walk goes on. */
function each(items: unknown, path: string, out: ParsedNotification, read: (item: unknown, path: string) => void) {
  let all: unknown[];
  try {
    all = list(items, path);
  } catch (err) {
    return reject(out, err);
  }
  all.forEach((item, k) => {
    try {
      read(item, `${path}.${k}`);
    } catch (err) {
      reject(out, err);
    }
  });
}
function reject(out: ParsedNotification, err: unknown) {
  if (!(err instanceof NotificationError)) throw err;
  out.rejected.push({ param: err.param, reason: err.message });
  out.anomalies.push({ kind: 'rejected_item', detail: err.param.replace(/\.[0-9]+(?=\.|$)/g, '.*') });
}

function change(c: unknown, path: string, phoneNumberId: string, out: ParsedNotification) {
  const ch = obj(c, path);
  if (ch.field !== 'messages') {
    out.ignored.push(`field ${shown(ch.field)}`);
    return;
  }
  const value = obj(ch.value, `${path}.value`);
  const target = obj(value.metadata, `${path}.value.metadata`).phone_number_id;
  // Meta sends a string; a number of the same digits names the same account.
  if (textOf(target) !== phoneNumberId) {
    out.ignored.push(`phone_number_id ${shown(target)} is not this account's`);
    return;
  }
  unknownFields(value, (k) => VALUE_KEYS.has(k), 'value', out.anomalies);
  // Errors Meta reports about the notification itself (e.g. 131000): nothing to store, logged and counted.
  for (const code of errorCodes(value.errors)) out.anomalies.push({ kind: 'value_error', detail: code });
  const names = new Map<string, string>();
  for (const contact of Array.isArray(value.contacts) ? value.contacts.filter(isObj) : []) {
    const name = isObj(contact.profile) ? contact.profile.name : undefined;
    if (typeof name !== 'string' || name.length === 0) continue;
    // A business-scoped user's card has an empty wa_id and their user_id.
    for (const key of [contact.wa_id, contact.user_id]) {
      if (typeof key === 'string' && key.length > 0) names.set(key, storable(name));
    }
  }
  each(value.messages, `${path}.value.messages`, out, (m, p) => out.messages.push(message(m, p, names, out.anomalies)));
  each(value.statuses, `${path}.value.statuses`, out, (s, p) => {
    const parsed = status(s, p);
    if (typeof parsed === 'string') {
      out.ignored.push(parsed);
      out.anomalies.push({ kind: 'left_aside', detail: 'status' });
    } else out.statuses.push(parsed);
  });
}

/**
 * A webhook notification of the WhatsApp Business Cloud API, for the account's phone_number_id, as
 * customer messages and status updates of our own messages. Each entry, change, message and status stands
 * alone: a malformed one is in `rejected`, and never keeps the others from being stored (Meta retries a
 * refused notification whole, for days).
 */
export function parseNotification(body: unknown, phoneNumberId: string): ParsedNotification {
  const out: ParsedNotification = { messages: [], statuses: [], ignored: [], rejected: [], anomalies: [] };
  if (!isObj(body) || body.object !== 'whatsapp_business_account') {
    out.ignored.push(`object ${shown(isObj(body) ? body.object : body)}`);
    out.anomalies.push({ kind: 'left_aside', detail: 'object' });
    return out;
  }
  each(body.entry, 'entry', out, (e, path) =>
    each(obj(e, path).changes, `${path}.changes`, out, (c, p) => change(c, p, phoneNumberId, out)),
  );
  return out;
}
