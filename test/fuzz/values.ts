/** Hostile scalar values: strings, numbers and raw JSON tokens that JSON.stringify cannot write. */
import type { Rng } from './random.js';

const RAW = '\u0001RAW:';

/** A placeholder that `toJson` turns into a bare JSON token (`1e999`, `-0`, a 40-digit integer). */
export const raw = (token: string) => `${RAW}${token}\u0001`;

export function toJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001RAW:(.*?)\\u0001"/g, '$1');
}

export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\ud83d',
  '\u202eevil\u202c',
  '\u200b',
  '\ufeffbom',
  '🍕🍕🍕',
  '👨‍👩‍👧‍👦',
  'e\u0301',
  'İıßſ',
  'ＥＵＲ',
  '١٢٣',
  '\u2028\u2029',
  'null',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '0x1F',
  '-0',
  '00012',
  '1,5',
  "' OR '1'='1",
  '"; DROP TABLE organizations; --',
  '$1',
  '%00',
  '%s%n',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the text itself is the hostile input.
  '${jndi:ldap://x}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '\\',
  '\u00ff\u00fe',
  'x'.repeat(201),
  'y'.repeat(5000),
  '2026-02-30T10:00:00Z',
  '0000-01-01T00:00:00Z',
  '2026-06-30T23:59:60Z',
  '9999-12-31T23:59:59-14:00',
  '24:00',
  '25:61',
];

export const NASTY_NUMBERS: readonly unknown[] = [
  0,
  -1,
  1.5,
  -0.000001,
  2 ** 31,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  5e-324,
  raw('1e999'),
  raw('-1e999'),
  raw('-0'),
  raw('1.0'),
  raw('1E2'),
  raw('123456789012345678901234567890123456789'),
  raw('9007199254740993'),
  raw('0.1e-400'),
];

export const NASTY_OTHER: readonly unknown[] = [null, true, false, [], {}, [null], { '': null }, [[[]]]];

/** Any value of the wrong kind: what a mutation puts where a field was. */
export function nastyValue(rng: Rng): unknown {
  return rng.weighted<() => unknown>([
    [5, () => rng.pick(NASTY_STRINGS)],
    [3, () => rng.pick(NASTY_NUMBERS)],
    [2, () => rng.pick(NASTY_OTHER)],
  ])();
}

/** Property names that are no field of ours. */
export const ODD_NAMES: readonly string[] = [
  '',
  'unknown_field',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '\u0000',
  '\ud800',
  'a.b',
  '$where',
  'id',
  'object',
  'created_at',
  '🍕',
  'x'.repeat(300),
];
