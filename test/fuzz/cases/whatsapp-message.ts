/**
 * One WhatsApp message or status update inside a notification (./whatsapp-notification.ts): its id, sender
 * and time, any of them valid, odd or broken, judged into the case.
 */
import {
  BAD_PHONES,
  codePoints,
  garbage,
  hostileText,
  MAX_MESSAGE_ID,
  PROTO_TRAPS,
  phoneSpelling,
  randomText,
  storable,
  TIMESTAMPS,
  type Verdict,
} from '../conversation-inputs.js';
import { setOwn } from '../mutate.js';
import type { Rng } from '../random.js';
import { type Expectation, judge, type StoredMessage, setIf } from './expectation.js';
import { content } from './whatsapp-content.js';

export interface WhatsAppTarget {
  phoneNumberId: string;
  /** Channel message ids stored on this account (as stored), for duplicates. */
  seen: Set<string>;
  /** Channel message ids of our own outbound messages, for status updates. */
  outbound: string[];
}

export interface NotificationCase extends Expectation {
  body: unknown;
  messages: number;
  duplicates: number;
  statuses: number;
  ignored: number;
  stored: StoredMessage[];
}

export const STATUSES = ['sent', 'delivered', 'read', 'failed'];

/** An id's verdict: at least one character, at most the documented number of them. */
export const idVerdict = (id: string): Verdict => (id === '' || codePoints(id) > MAX_MESSAGE_ID ? 'bad' : 'ok');

/** A valid, odd or broken message id; `null` when the id is bad. */
export function messageId(rng: Rng, t: WhatsAppTarget, local: string[]): [unknown, Verdict, string] {
  return rng.weighted<() => [unknown, Verdict, string]>([
    [70, () => [`wamid.${rng.chars(48)}`, 'ok', 'fresh']],
    [8, () => (t.seen.size > 0 ? [rng.pick([...t.seen]), 'ok', 'seen before'] : [`wamid.${rng.chars(9)}`, 'ok', 'x'])],
    [4, () => (local.length > 0 ? [rng.pick(local), 'ok', 'twice in one'] : [`wamid.${rng.chars(9)}`, 'ok', 'x'])],
    [
      6,
      () => {
        const h = hostileText(rng).value;
        return [h, idVerdict(h), 'hostile'];
      },
    ],
    [
      4,
      () => {
        const id = randomText(rng, rng.pick([300, MAX_MESSAGE_ID, MAX_MESSAGE_ID + 1, 3000, 12_000]));
        return [id, idVerdict(id), `random of ${codePoints(id)} characters`];
      },
    ],
    [
      4,
      () => {
        const v = rng.pick<unknown>(['', 5, null, undefined, [], {}, ...PROTO_TRAPS]);
        return [v, 'bad', `id ${JSON.stringify(v)}`];
      },
    ],
  ])();
}

export function message(
  rng: Rng,
  t: WhatsAppTarget,
  p: string,
  e: Expectation,
  phones: readonly string[],
  local: string[],
): { value: unknown; stored?: StoredMessage; id?: string } {
  if (rng.chance(0.02)) {
    judge(e, 'bad', p, 'message not an object');
    return { value: rng.pick<unknown>([null, 'hi', [], 5]) };
  }
  const digits = rng.pick(phones);
  let from: unknown;
  if (rng.chance(0.1)) {
    from = rng.pick<unknown>([...BAD_PHONES, undefined]);
    judge(e, 'bad', `${p}.from`, `from ${JSON.stringify(from)}`);
  } else from = phoneSpelling(rng, digits).value;
  const [id, idV, idL] = messageId(rng, t, local);
  judge(e, idV, `${p}.id`, idL);
  const [timestamp, tsV] = rng.chance(0.35) ? rng.pick(TIMESTAMPS) : rng.pick(TIMESTAMPS.slice(0, 5));
  judge(e, tsV, `${p}.timestamp`, `timestamp ${JSON.stringify(timestamp)}`);
  const c = content(rng, p, e);
  const value: Record<string, unknown> = {};
  if (rng.chance(0.2)) value.context = { from: '15550783881', id: rng.pick([`wamid.${rng.chars(20)}`, '', 5]) };
  setIf(value, 'from', from);
  setIf(value, 'id', id);
  setIf(value, 'timestamp', timestamp);
  for (const [k, v] of Object.entries(c.fields)) setOwn(value, k, v);
  if (rng.chance(0.1)) setOwn(value, rng.pick(['errors', 'referral', 'identity', 'unknown_field']), garbage(rng));
  if (typeof id !== 'string' || idV === 'bad') return { value };
  const channelMessageId = storable(id);
  local.push(id);
  return { value, id: channelMessageId, stored: { channelMessageId, phone: `+${digits}`, type: c.type, text: c.text } };
}

export function statusUpdate(
  rng: Rng,
  t: WhatsAppTarget,
  p: string,
  e: Expectation,
): [unknown, 'status' | 'ignored' | 'bad'] {
  if (rng.chance(0.03)) {
    judge(e, 'bad', p, 'status not an object');
    return [rng.pick<unknown>([null, 'read', []]), 'bad'];
  }
  const status = rng.weighted<unknown>([
    [12, rng.pick(STATUSES)],
    [3, rng.pick(['deleted', 'warning', 'accepted', 'SENT', 'read ', hostileText(rng).value])],
    [1, rng.pick<unknown>(['', 5, null, undefined, ...PROTO_TRAPS])],
  ]);
  const id = rng.weighted<unknown>([
    [6, t.outbound.length > 0 ? rng.pick(t.outbound) : 'wamid.none'],
    [3, `wamid.${rng.chars(30)}`],
    [1, hostileText(rng).value],
    [1, rng.pick<unknown>(['', 7, null, undefined])],
  ]);
  const s: Record<string, unknown> = {
    timestamp: rng.pick(TIMESTAMPS)[0],
    recipient_id: rng.pick<unknown>(['491701234567', garbage(rng)]),
  };
  setIf(s, 'id', id);
  setIf(s, 'status', status);
  const statusOk = typeof status === 'string' && status !== '';
  const idOk = typeof id === 'string' && id !== '';
  judge(e, statusOk ? 'ok' : 'bad', `${p}.status`, 'status value');
  judge(e, idOk ? 'ok' : 'bad', `${p}.id`, 'status id');
  const known = statusOk && STATUSES.includes(status as string);
  if (rng.chance(0.5)) {
    const errors = rng.weighted<unknown>([
      [6, [{ code: 131_047, title: hostileText(rng).value, message: hostileText(rng).value }]],
      [2, [{ code: rng.pick(PROTO_TRAPS), title: rng.pick(PROTO_TRAPS) }]],
      [2, [null, 5, 'x', { title: { nested: [1] } }]],
      [1, rng.pick<unknown>(['oops', 5, {}])],
    ]);
    s.errors = errors;
    // Only a known status's errors are read.
    if (known && !Array.isArray(errors)) judge(e, 'bad', `${p}.errors`, 'errors not an array');
  }
  if (!statusOk || !idOk) return [s, 'bad'];
  return [s, known ? 'status' : 'ignored'];
}
