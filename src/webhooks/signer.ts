/**
 * Standard Webhooks signatures made with node:crypto. `standardwebhooks` reads the secret (it refuses one
 * that is not a `whsec_` base64 key) and is what receivers verify with; its own `sign` hashes with a pure
 * JavaScript SHA-256, which was 5 % of the server's CPU while delivering events (bench/results/events.md).
 * The signature is the same bytes: HMAC-SHA256 over `{id}.{seconds}.{body}`, base64 (test/webhooks/signer.test.ts
 * checks it against the package's own).
 */
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { boundedMemo } from '../lib/bounded-memo.js';

export interface Signer {
  /** `v1,{base64 signature}` of the body sent with this webhook-id at this time. */
  sign(id: string, at: Date, body: string): string;
}

const PREFIX = 'whsec_';

export class HmacSigner implements Signer {
  private readonly key: Buffer;

  constructor(secret: string) {
    new Webhook(secret); // throws on a secret the package would not take
    this.key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  }

  sign(id: string, at: Date, body: string): string {
    const hmac = createHmac('sha256', this.key);
    hmac.update(`${id}.${Math.floor(at.getTime() / 1000)}.`);
    hmac.update(body);
    return `v1,${hmac.digest('base64')}`;
  }
}

/** An endpoint's signer by its secret: read with every delivery, and making a signer decodes it. */
export type Signers = (secret: string) => Signer;

/** Signers made once per secret, bounded (a tenant may have many endpoints): the oldest goes first. */
export const signersBySecret = (max?: number): Signers => boundedMemo((secret) => new HmacSigner(secret), max);
