import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignatureCheck = 'valid' | 'missing' | 'invalid';

/** `X-Hub-Signature-256` as Meta sends it: `sha256=` and the hex HMAC-SHA256 of the raw body. */
export function signBody(body: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

/** Compares in constant time, so the answer's timing tells nothing about the expected signature. */
export function checkSignature(body: Buffer, header: string | string[] | undefined, appSecret: string): SignatureCheck {
  if (header === undefined || header === '') return 'missing';
  if (typeof header !== 'string') return 'invalid';
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim());
  if (!match) return 'invalid';
  const given = Buffer.from(match[1].toLowerCase(), 'hex');
  const expected = createHmac('sha256', appSecret).update(body).digest();
  return timingSafeEqual(given, expected) ? 'valid' : 'invalid';
}
