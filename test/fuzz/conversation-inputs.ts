/**
 * Hostile input for the two customer channels (issue 19): texts, timestamps, phone numbers, and WhatsApp
 * notifications and test-channel messages built together with what each must answer (an oracle from
 * docs/conversations.md), so a wrong 200 or a wrong 400 is found as surely as a 500.
 */
import type { Rng } from './random.js';
import { NASTY_STRINGS, raw } from './values.js';

/** What the server must do with a value: take it, refuse it (400), or either (the docs leave it open). */
export type Verdict = 'ok' | 'bad' | 'either';

/** The same replacement the WhatsApp adapter applies: PostgreSQL holds neither NUL nor half a pair. */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const storable = (s: string) => s.replace(UNSTORABLE, '\uFFFD');
export const hasUnstorable = (s: string) => new RegExp(UNSTORABLE.source).test(s);
/** Length as JSON Schema counts it (code points). */
export const codePoints = (s: string) => [...s].length;
/** The longest channel message id taken, in characters (docs/conversations.md): longer is a 400 naming it. */
export const MAX_MESSAGE_ID = 512;

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i)).join('');
const CONTROL = range(0x01, 0x1f) + range(0x7f, 0x9f);
const BIDI = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c';
const ZERO_WIDTH = '\u200b\u200c\u200d\u2060\ufeff\u180e';
/** Letters of several scripts, emoji (surrogate pairs) and combining marks: text that does not compress. */
const MIXED = `abcdefghijklmnopqrstuvwxyzÄÖÜßéñ中文字日本語한국어עבריתالعربية🍕🍔👨‍👩‍👧🇩🇪\u0301\u0308${BIDI}${ZERO_WIDTH}`;
const MIXED_CHARS = [...MIXED];

export function randomText(rng: Rng, codePointCount: number, chars: readonly string[] = MIXED_CHARS): string {
  let out = '';
  for (let i = 0; i < codePointCount; i++) out += chars[rng.int(chars.length)];
  return out;
}

/** An object whose own keys shadow what String() and template literals call: String(it) throws. */
export const PROTO_TRAPS: readonly unknown[] = [
  { toString: 1 },
  { toString: null, valueOf: 1 },
  { valueOf: {}, toString: {} },
  JSON.parse('{"__proto__":{"toString":1}}'),
];

/** Texts of every hostile kind, labelled. */
export function hostileText(rng: Rng): { value: string; label: string } {
  const [label, make] = rng.pick<[string, () => string]>([
    ['control chars', () => rng.chars(rng.between(1, 40), CONTROL)],
    ['4096 control chars', () => rng.chars(4096, CONTROL)],
    ['NUL', () => rng.pick(['\u0000', 'a\u0000b', '\u0000'.repeat(50)])],
    ['lone surrogate', () => rng.pick(['\ud800', 'x\udfff', 'a\ud83db', '\udc00\ud800', `${'\ud800'.repeat(20)}z`])],
    ['RTL override', () => rng.pick(['\u202eredro ym\u202c', `\u2067${rng.chars(10)}\u2069`, '\u200f\u061c\u202b'])],
    ['zero-width', () => rng.chars(rng.between(1, 30), ZERO_WIDTH)],
    ['whitespace only', () => rng.pick([' ', '\t\n', '\u00a0', '\u2028\u2029', '\u3000 \u205f'])],
    ['combining pile', () => `e${'\u0301\u0308\u0327'.repeat(rng.between(10, 300))}`],
    ['emoji 4096', () => '🍕'.repeat(4096)],
    ['emoji 4097', () => '🍕'.repeat(4097)],
    ['mixed 4096', () => randomText(rng, 4096)],
    ['mixed 4097', () => randomText(rng, 4097)],
    ['mixed 20000', () => randomText(rng, 20_000)],
    ['ascii 4096', () => rng.chars(4096)],
    ['ascii 4097', () => rng.chars(4097)],
    ['nasty', () => rng.pick(NASTY_STRINGS)],
    ['mixture', () => `${rng.chars(3, CONTROL)}${rng.chars(2, BIDI)}\u0000${rng.chars(2, ZERO_WIDTH)}\ud800🍕`],
    ['plain', () => rng.pick(['Hallo!', 'Eine Margherita bitte', 'two pizzas to Main St 1'])],
  ]);
  return { value: make(), label };
}

/** WhatsApp message timestamps: Unix seconds, a string of digits (or a JSON integer), 1 to 253402300799. */
export const TIMESTAMPS: readonly (readonly [unknown, Verdict])[] = [
  ['1749416383', 'ok'],
  [1749416383, 'ok'],
  ['1', 'ok'],
  ['253402300799', 'ok'],
  [undefined, 'ok'],
  ['253402300800', 'bad'],
  [253402300800, 'bad'],
  ['99999999999999', 'bad'],
  [99999999999999, 'bad'],
  ['1e300', 'bad'],
  [1e300, 'bad'],
  [raw('1e999'), 'bad'],
  [raw('-1e999'), 'bad'],
  [-1, 'bad'],
  ['-1', 'bad'],
  [0, 'bad'],
  ['0', 'bad'],
  [raw('-0'), 'bad'],
  [1.5, 'bad'],
  ['1749416383.5', 'bad'],
  [1749416383.5, 'bad'],
  [raw('1749416383.0'), 'either'],
  ['abc', 'bad'],
  ['', 'bad'],
  [' 1749416383', 'bad'],
  ['1749416383\n', 'bad'],
  ['0x68461ABF', 'bad'],
  ['١٧٤٩٤١٦٣٨٣', 'bad'],
  ['1_749_416_383', 'bad'],
  ['+1749416383', 'bad'],
  [null, 'bad'],
  [true, 'bad'],
  [{}, 'bad'],
  [[], 'bad'],
  [['1749416383'], 'bad'],
  [raw('123456789012345678901234567890'), 'bad'],
  ['9'.repeat(400), 'bad'],
  ...PROTO_TRAPS.map((t) => [t, 'bad'] as const),
];

/** Digits of a customer's number (wa_id), and the ways the same number may be written to reach it. */
export function phoneSpelling(rng: Rng, digits: string): { value: string; label: string } {
  const cc = digits.slice(0, 2);
  const rest = digits.slice(2);
  return rng.pick([
    { value: digits, label: 'wa_id digits' },
    { value: `+${digits}`, label: '+digits' },
    { value: `00${digits}`, label: '00 prefix' },
    { value: `+${cc} ${rest.slice(0, 3)} ${rest.slice(3)}`, label: 'spaces' },
    { value: `+${cc}-${rest.slice(0, 3)}/${rest.slice(3, 6)}.${rest.slice(6)}`, label: 'separators' },
    { value: `+${cc} (0) ${rest}`, label: 'trunk zero' },
    { value: `(+${cc}) ${rest}`, label: 'brackets' },
    { value: `\u00a0+${cc}\u00a0${rest}\t`, label: 'nbsp and tab' },
  ]);
}

/** Phone values no channel may take: `400` naming the field. */
export const BAD_PHONES: readonly unknown[] = [
  '',
  ' ',
  '+',
  '0170 1234567',
  '0',
  'abc',
  '+49 abc 123',
  '123456',
  '1234567890123456',
  '+0049 170 1234567',
  '١٢٣٤٥٦٧٨٩',
  '４９１７０１２３４５６７',
  '+49\u0000170123456',
  '+49\ud800170123456',
  '\u202e7654321071 94+',
  '+49\u200b170123456',
  '9'.repeat(41),
  491701234567,
  null,
  true,
  {},
  ['+491701234567'],
  ...PROTO_TRAPS,
];

/** Latitude or longitude values with their verdict for a bound of `max` (90 or 180). */
export function coordinate(rng: Rng, max: number, channel: 'whatsapp' | 'test'): [unknown, Verdict, string] {
  // WhatsApp's adapter reads numbers sent as strings; the test channel's schema takes numbers only.
  const str: Verdict = channel === 'whatsapp' ? 'ok' : 'bad';
  return rng.pick<[unknown, Verdict, string]>([
    [0, 'ok', '0'],
    [max, 'ok', 'max'],
    [-max, 'ok', '-max'],
    [52.520008, 'ok', 'plain'],
    [5e-324, 'ok', 'denormal'],
    [raw('-0'), 'ok', '-0'],
    [max + 1e-9, 'bad', 'just above'],
    [-max - 0.5, 'bad', 'below'],
    [1e300, 'bad', '1e300'],
    [-1e308, 'bad', '-1e308'],
    [raw('1e999'), 'bad', 'Infinity'],
    [String(max / 2), str, 'numeric string'],
    [`${max + 1}`, 'bad', 'string out of range'],
    ['abc', 'bad', 'non-numeric'],
    ['NaN', 'bad', 'NaN string'],
    ['', channel === 'whatsapp' ? 'either' : 'bad', 'empty string'],
    [null, 'bad', 'null'],
    [true, 'bad', 'true'],
    [[1], 'bad', 'array'],
    [{}, 'bad', 'object'],
    [undefined, 'bad', 'missing'],
    ...PROTO_TRAPS.map((t) => [t, 'bad', 'proto trap'] as [unknown, Verdict, string]),
  ]);
}

/** Any JSON value of the wrong kind, garbage nested a little. */
export function garbage(rng: Rng): unknown {
  return rng.pick<() => unknown>([
    () => null,
    () => rng.pick([0, -1, 1.5, 1e308]),
    () => rng.pick(NASTY_STRINGS),
    () => [],
    () => ({}),
    () => [[[{ a: [null, { b: '\u0000' }] }]]],
    () => JSON.parse('{"__proto__":1,"constructor":{"prototype":1}}'),
    () => rng.pick(PROTO_TRAPS),
    () => raw('1e999'),
  ])();
}
