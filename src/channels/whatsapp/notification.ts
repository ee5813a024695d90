import { normalizePhone } from '../../domain/conversations/phone.js';
import type { InboundMessage } from '../../domain/conversations/types.js';
import { clip, longerThan, MAX_CHANNEL_MESSAGE_ID, storable } from '../untrusted-text.js';

/** A notification that is not what Meta sends; `param` is the dot path of the offending field. */
export class NotificationError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
  }
}

export interface StatusUpdate {
  channel_message_id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  error: string | null;
}

export interface ParsedNotification {
  messages: InboundMessage[];
  statuses: StatusUpdate[];
  /** What was left aside, and why (other fields, other numbers, unknown statuses), for the log. */
  ignored: string[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Meta's type names are short; a longer one is kept as a label only, not whole. */
const MAX_TYPE_NAME = 100;
/** As long as the Graph API's errors kept on a message we failed to send. */
const MAX_STATUS_ERROR = 500;

/** A value of any JSON kind as a short text for the log: never String() of it, which an object's own keys can break. */
function shown(v: unknown): string {
  if (typeof v === 'string') return `'${clip(v, 60)}'`;
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return JSON.stringify(v);
  return Array.isArray(v) ? 'an array' : v === undefined ? 'none' : 'an object';
}
/** A string as is, a finite number as its digits; anything else has no text. */
const textOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;

function obj(v: unknown, path: string): Obj {
  if (!isObj(v)) throw new NotificationError(path, `${path} must be an object.`);
  return v;
}
function list(v: unknown, path: string): unknown[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new NotificationError(path, `${path} must be an array.`);
  return v;
}
function str(v: unknown, path: string): string {
  if (typeof v !== 'string' || v.length === 0) throw new NotificationError(path, `${path} must be a non-empty string.`);
  return storable(v);
}
const optStr = (v: unknown, path: string) => (v === undefined || v === null ? null : str(v, path));
/** A message id goes into a unique index, which holds rows of a bounded size only. */
function messageId(v: unknown, path: string): string {
  const id = str(v, path);
  if (longerThan(id, MAX_CHANNEL_MESSAGE_ID)) {
    throw new NotificationError(path, `${path} must be at most ${MAX_CHANNEL_MESSAGE_ID} characters.`);
  }
  return id;
}
function coordinate(v: unknown, path: string, max: number): number {
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || Math.abs(n) > max) {
    throw new NotificationError(path, `${path} must be a number from -${max} to ${max}.`);
  }
  return n;
}

// Meta sends Unix seconds as a string of digits. Anything else, or a time outside what an RFC 3339
// timestamp (four-digit year) can say, is malformed: stored, it would break every list of the
// conversation (issue 19), so it is refused before anything is stored, as any malformed field is.
const LAST_SECOND = Date.UTC(9999, 11, 31, 23, 59, 59) / 1000;
function sentAt(v: unknown, path: string): Date {
  const digits = typeof v === 'number' && Number.isInteger(v) ? String(v) : v;
  const seconds = typeof digits === 'string' && /^[0-9]{1,12}$/.test(digits) ? Number(digits) : Number.NaN;
  if (!(seconds >= 1 && seconds <= LAST_SECOND)) {
    throw new NotificationError(path, `${path} must be Unix seconds from 1 to ${LAST_SECOND} (year 9999).`);
  }
  return new Date(seconds * 1000);
}

function content(
  m: Obj,
  path: string,
): Pick<InboundMessage, 'type' | 'text' | 'location' | 'reply' | 'unsupported_type'> {
  const type = str(m.type, `${path}.type`);
  if (type === 'text') return { type, text: str(obj(m.text, `${path}.text`).body, `${path}.text.body`) };
  if (type === 'location') {
    const l = obj(m.location, `${path}.location`);
    const location = {
      latitude: coordinate(l.latitude, `${path}.location.latitude`, 90),
      longitude: coordinate(l.longitude, `${path}.location.longitude`, 180),
      name: optStr(l.name, `${path}.location.name`),
      address: optStr(l.address, `${path}.location.address`),
    };
    return { type, text: null, location };
  }
  if (type === 'interactive') {
    const i = obj(m.interactive, `${path}.interactive`);
    const kind = i.type;
    if (kind === 'button_reply' || kind === 'list_reply') {
      const r = obj(i[kind], `${path}.interactive.${kind}`);
      const reply = {
        id: str(r.id, `${path}.interactive.${kind}.id`),
        title: str(r.title, `${path}.interactive.${kind}.title`),
        description: optStr(r.description, `${path}.interactive.${kind}.description`),
      };
      return { type: 'reply', text: reply.title, reply };
    }
    // Anything else, even without a readable kind, is a message all the same: kept as unsupported.
    const name = typeof kind === 'string' && kind.length > 0 ? `interactive.${storable(kind)}` : 'interactive';
    return { type: 'unsupported', text: null, unsupported_type: clip(name, MAX_TYPE_NAME) };
  }
  if (type === 'button') {
    // A quick-reply button of a template message.
    const b = obj(m.button, `${path}.button`);
    const title = str(b.text, `${path}.button.text`);
    return { type: 'reply', text: title, reply: { id: optStr(b.payload, `${path}.button.payload`) ?? title, title } };
  }
  return { type: 'unsupported', text: null, unsupported_type: clip(type, MAX_TYPE_NAME) };
}

function message(m: unknown, path: string, names: Map<string, string>): InboundMessage {
  const o = obj(m, path);
  const from = str(o.from, `${path}.from`);
  let phone: string;
  try {
    phone = normalizePhone(from);
  } catch (err) {
    throw new NotificationError(`${path}.from`, (err as Error).message);
  }
  return {
    from: { phone, name: names.get(from) ?? null },
    channel_message_id: messageId(o.id, `${path}.id`),
    sent_at: o.timestamp === undefined ? undefined : sentAt(o.timestamp, `${path}.timestamp`),
    ...content(o, path),
  };
}

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

function status(s: unknown, path: string): StatusUpdate | string {
  const o = obj(s, path);
  const value = str(o.status, `${path}.status`);
  const id = str(o.id, `${path}.id`);
  if (!STATUSES.has(value)) return `status ${shown(value)} of ${shown(id)}`;
  const errors = list(o.errors, `${path}.errors`).filter(isObj);
  return { channel_message_id: id, status: value as StatusUpdate['status'], error: statusError(errors) };
}

/** Meta's errors of a status as one text for the message: what is neither text nor a number is left out. */
function statusError(errors: Obj[]): string | null {
  if (errors.length === 0) return null;
  const described = errors.map((e) => {
    const title = textOf(e.title) ?? textOf(e.message) ?? 'unknown error';
    const code = textOf(e.code);
    return code === null ? title : `${title} (code ${code})`;
  });
  return clip(storable(described.join('; ')), MAX_STATUS_ERROR);
}

/**
 * A webhook notification of the WhatsApp Business Cloud API, for the account's phone_number_id, as
 * customer messages and status updates of our own messages. Anything malformed throws
 * NotificationError, so a notification is stored whole or not at all.
 */
export function parseNotification(body: unknown, phoneNumberId: string): ParsedNotification {
  const root = obj(body, 'body');
  if (root.object !== 'whatsapp_business_account') {
    throw new NotificationError('object', "object must be 'whatsapp_business_account'.");
  }
  const out: ParsedNotification = { messages: [], statuses: [], ignored: [] };
  list(root.entry, 'entry').forEach((e, i) => {
    list(obj(e, `entry.${i}`).changes, `entry.${i}.changes`).forEach((c, j) => {
      const path = `entry.${i}.changes.${j}`;
      const change = obj(c, path);
      if (change.field !== 'messages') {
        out.ignored.push(`field ${shown(change.field)}`);
        return;
      }
      const value = obj(change.value, `${path}.value`);
      const target = obj(value.metadata, `${path}.value.metadata`).phone_number_id;
      // Meta sends a string; a number of the same digits names the same account.
      if (textOf(target) !== phoneNumberId) {
        out.ignored.push(`phone_number_id ${shown(target)} is not this account's`);
        return;
      }
      const names = new Map<string, string>();
      list(value.contacts, `${path}.value.contacts`).forEach((ct, k) => {
        const contact = obj(ct, `${path}.value.contacts.${k}`);
        const name = isObj(contact.profile) ? contact.profile.name : undefined;
        if (typeof contact.wa_id === 'string' && typeof name === 'string' && name.length > 0) {
          names.set(contact.wa_id, storable(name));
        }
      });
      list(value.messages, `${path}.value.messages`).forEach((m, k) => {
        out.messages.push(message(m, `${path}.value.messages.${k}`, names));
      });
      list(value.statuses, `${path}.value.statuses`).forEach((s, k) => {
        const parsed = status(s, `${path}.value.statuses.${k}`);
        if (typeof parsed === 'string') out.ignored.push(parsed);
        else out.statuses.push(parsed);
      });
    });
  });
  return out;
}
