/**
 * Staff passwords, hashed with scrypt (memory-hard, in Node itself: no native addon to build). The stored
 * form names its parameters, so they can be raised later and old hashes still verify:
 * `scrypt$<log2 N>$<r>$<p>$<salt base64>$<hash base64>`.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** N = 2^15, r = 8: 32 MiB and some tens of milliseconds per hash; OWASP's minimum is 2^17 with r = 8 and p = 1 at 128 MiB, or this at p = 3. */
const LOG_N = 15;
const R = 8;
const P = 3;
const KEY_BYTES = 32;

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) =>
    // maxmem above 128 * N * r, which the defaults (32 MiB) would refuse at exactly 32 MiB.
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { N, r, p, maxmem: 256 * N * r }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, LOG_N, R, P);
  return ['scrypt', LOG_N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when `password` is the one hashed; a malformed hash verifies nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(logN), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of nothing anyone knows: an unknown email costs the same time as a wrong password. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => {
  decoy ??= hashPassword(randomBytes(24).toString('base64'));
  return decoy;
};
