import { randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** n random base62 characters: the alphabet of a key's secret part. */
export const base62 = (n: number) => Array.from({ length: n }, () => BASE62[randomInt(62)]).join('');

/**
 * Every piece of a key's secret part (what follows the prefix) that must never be shown: each
 * 8-character window, and the last 8 characters. Looking for the whole key only would miss a
 * redaction that hides a fixed number of characters and lets the rest through.
 */
export function secretPieces(secretPart: string): string[] {
  const pieces = new Set<string>([secretPart.slice(-8)]);
  for (let i = 0; i + 8 <= secretPart.length; i++) pieces.add(secretPart.slice(i, i + 8));
  return [...pieces];
}

/** The pieces of the secret part found in a text, empty when none is. */
export const piecesIn = (text: string, secretPart: string) => secretPieces(secretPart).filter((p) => text.includes(p));
