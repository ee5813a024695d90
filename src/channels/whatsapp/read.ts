/**
 * Reading Meta's JSON, which is untrusted: each reader checks one field and throws NotificationError
 * naming it. A throw refuses the item it is in (one message or status), never the notification.
 */
import { clip, longerThan, MAX_CHANNEL_MESSAGE_ID, storable } from '../untrusted-text.js';

/** An item that is not what Meta sends; `param` is the dot path of the offending field. */
export class NotificationError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
  }
}

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value of any JSON kind as a short text for the log: never String() of it, which an object's own keys can break. */
export function shown(v: unknown): string {
  if (typeof v === 'string') return `'${clip(v, 60)}'`;
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return JSON.stringify(v);
  return Array.isArray(v) ? 'an array' : v === undefined ? 'none' : 'an object';
}
/** A string as is, a finite number as its digits; anything else has no text. */
export const textOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;

export function obj(v: unknown, path: string): Obj {
  if (!isObj(v)) throw new NotificationError(path, `${path} must be an object.`);
  return v;
}
export function list(v: unknown, path: string): unknown[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new NotificationError(path, `${path} must be an array.`);
  return v;
}
export function str(v: unknown, path: string): string {
  if (typeof v !== 'string' || v.length === 0) throw new NotificationError(path, `${path} must be a non-empty string.`);
  return storable(v);
}
export const optStr = (v: unknown, path: string) => (v === undefined || v === null ? null : str(v, path));
/** A text that only describes (an ad's headline, a media caption): kept if it is one, up to `max`, else null. */
export const loose = (v: unknown, max = 2000): string | null => {
  const t = textOf(v);
  return t === null || t.length === 0 ? null : clip(storable(t), max);
};
/** A message id goes into a unique index, which holds rows of a bounded size only. */
export function messageId(v: unknown, path: string): string {
  const id = str(v, path);
  if (longerThan(id, MAX_CHANNEL_MESSAGE_ID)) {
    throw new NotificationError(path, `${path} must be at most ${MAX_CHANNEL_MESSAGE_ID} characters.`);
  }
  return id;
}
export function coordinate(v: unknown, path: string, max: number): number {
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || Math.abs(n) > max) {
    throw new NotificationError(path, `${path} must be a number from -${max} to ${max}.`);
  }
  return n;
}

// Meta sends Unix seconds as a string of digits. Anything else, or a time outside what an RFC 3339
// timestamp (four-digit year) can say, is malformed: stored, it would break every list of the
// conversation (issue 19), so the message is refused before it is stored, as any malformed field is.
const LAST_SECOND = Date.UTC(9999, 11, 31, 23, 59, 59) / 1000;
export function sentAt(v: unknown, path: string): Date {
  const digits = typeof v === 'number' && Number.isInteger(v) ? String(v) : v;
  const seconds = typeof digits === 'string' && /^[0-9]{1,12}$/.test(digits) ? Number(digits) : Number.NaN;
  if (!(seconds >= 1 && seconds <= LAST_SECOND)) {
    throw new NotificationError(path, `${path} must be Unix seconds from 1 to ${LAST_SECOND} (year 9999).`);
  }
  return new Date(seconds * 1000);
}

/**
 * Meta's `errors` (of a value, a message or a status) as one text: each title (or message) and code, and
 * with `details` its `error_data.details` (a status's text stays as it was before issue 22).
 */
export function errorsText(v: unknown, max = 500, details = false): string | null {
  const errors = Array.isArray(v) ? v.filter(isObj) : [];
  if (errors.length === 0) return null;
  const described = errors.map((e) => {
    const title = textOf(e.title) ?? textOf(e.message) ?? 'unknown error';
    const more = details && isObj(e.error_data) ? textOf(e.error_data.details) : null;
    const code = textOf(e.code);
    const said = more && more !== title ? `${title}: ${more}` : title;
    return code === null ? said : `${said} (code ${code})`;
  });
  return clip(storable(described.join('; ')), max);
}
/** The codes of Meta's errors, for the counters and the log. */
export const errorCodes = (v: unknown): string[] =>
  (Array.isArray(v) ? v.filter(isObj) : []).map((e) => textOf(e.code) ?? 'none');
