import { createHash, randomInt } from 'node:crypto';

export const KEY_PREFIX = { public: 'svc_org_', admin: 'svc_admin_' } as const;
export type KeyType = keyof typeof KEY_PREFIX;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 40;
// Keys are at least 32 base62 characters after the prefix; anything far longer is not one of ours.
const KEY_SHAPE = /^svc_(org|admin)_[0-9A-Za-z]{32,128}$/;

export function generateSecret(type: KeyType): string {
  let body = '';
  for (let i = 0; i < SECRET_LENGTH; i++) body += BASE62[randomInt(62)];
  return KEY_PREFIX[type] + body;
}

/** The type a well-formed key claims by its prefix, or null when it is malformed. */
export function keyTypeOf(secret: string): KeyType | null {
  const m = KEY_SHAPE.exec(secret);
  if (!m) return null;
  return m[1] === 'admin' ? 'admin' : 'public';
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
