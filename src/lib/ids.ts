import { monotonicFactory } from 'ulid';

const ulid = monotonicFactory();

export const ID_PREFIX = {
  organization: 'org',
  location: 'loc',
  special_closing: 'scl',
  api_key: 'key',
  request: 'req',
  order: 'ord',
  customer: 'cus',
  conversation: 'cnv',
  message: 'msg',
  webhook_delivery: 'whd',
  channel_account: 'cha',
  payment_event: 'pev',
} as const;

export type IdKind = keyof typeof ID_PREFIX;

/**
 * Prefix plus a monotonic ULID: ids sort in creation order, even within one millisecond,
 * which keeps `(created_at, id)` keyset order stable.
 */
export function newId(kind: IdKind, now: number = Date.now()): string {
  return `${ID_PREFIX[kind]}_${ulid(now).toLowerCase()}`;
}
