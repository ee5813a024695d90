import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.js';

const NAME = 'webhook_signing_secret';
const SHAPE = /^whsec_[A-Za-z0-9+/]+={0,2}$/;

/** Why a configured signing secret is unusable, or undefined when it is fine (Standard Webhooks form). */
export function signingSecretProblem(secret: string): string | undefined {
  if (!SHAPE.test(secret)) return "must be 'whsec_' followed by base64";
  const bytes = Buffer.from(secret.slice('whsec_'.length), 'base64').length;
  if (bytes < 24 || bytes > 64) return `must hold 24 to 64 bytes, holds ${bytes}`;
  return undefined;
}

export interface SigningSecret {
  value: string;
  /** environment: CHATBOT_SIGNING_SECRET; generated: made by the server once and kept in the database. */
  source: 'environment' | 'generated';
}

/**
 * CHATBOT_SIGNING_SECRET when set; otherwise the secret the server generated the first time it needed one.
 * Insert-if-absent then read: two processes starting together agree on whichever was stored first.
 */
export async function resolveSigningSecret(db: Queryable, configured?: string): Promise<SigningSecret> {
  if (configured) return { value: configured, source: 'environment' };
  const candidate = `whsec_${randomBytes(32).toString('base64')}`;
  await db.query(
    'INSERT INTO platform_secrets (name, value, created_at) VALUES ($1, $2, now()) ON CONFLICT (name) DO NOTHING',
    [NAME, candidate],
  );
  const [row] = await db.query<{ value: string }>('SELECT value FROM platform_secrets WHERE name = $1', [NAME]);
  return { value: row.value, source: 'generated' };
}
