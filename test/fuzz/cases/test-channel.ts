/**
 * A test-channel customer message (../conversation-cases.ts), the body of `inbound_messages`, with what the
 * test channel stores of it.
 */
import {
  BAD_PHONES,
  codePoints,
  coordinate,
  garbage,
  hasUnstorable,
  hostileText,
  PROTO_TRAPS,
  phoneSpelling,
  type Verdict,
} from '../conversation-inputs.js';
import { setOwn } from '../mutate.js';
import type { Rng } from '../random.js';
import { NASTY_STRINGS } from '../values.js';
import { type Expectation, expectation, judge, setIf } from './expectation.js';

export interface InboundCase extends Expectation {
  body: Record<string, unknown>;
  phone: string;
  type: string;
  text: string | null;
  location: { latitude: number; longitude: number; name: string | null; address: string | null } | null;
}

/** A text the test channel's schema takes: well-formed, 1 to `max` code points, not only white space. */
export const textVerdict = (v: unknown, max: number): Verdict =>
  typeof v === 'string' && !hasUnstorable(v) && codePoints(v) >= 1 && codePoints(v) <= max && /\S/u.test(v)
    ? 'ok'
    : 'bad';
/** An optional nullable string of up to `max` code points. */
export const optionalVerdict = (v: unknown, max: number): Verdict =>
  v === undefined || v === null || (typeof v === 'string' && !hasUnstorable(v) && codePoints(v) <= max) ? 'ok' : 'bad';

export const LANGUAGES: readonly (readonly [unknown, Verdict])[] = [
  [undefined, 'ok'],
  [null, 'ok'],
  ['de', 'ok'],
  ['en-US', 'ok'],
  ['pt-BR', 'ok'],
  ['DE', 'ok'],
  ['zh-Hant-TW', 'ok'],
  ['', 'bad'],
  ['a', 'bad'],
  ['x'.repeat(36), 'bad'],
  ['de\u0000', 'bad'],
  ['\ud800de', 'bad'],
  [5, 'bad'],
  [['de'], 'bad'],
  ['zz', 'either'],
  ['de_DE', 'either'],
  ['\u202ede', 'either'],
  ['12', 'either'],
  ['i-klingon', 'either'],
  ['en-US-u-ca-gregory-x-' + 'a'.repeat(8), 'either'],
  ['Deutsch', 'either'],
];

export function num(v: unknown): number {
  if (typeof v === 'string' && v.startsWith('\u0001RAW:')) return Number(v.slice(5, -1));
  return typeof v === 'number' ? v : Number.NaN;
}

/** A test-channel customer message: `{from: {phone, name?, language?}, text?, location?, reply?}` and extras. */
export function inboundCase(rng: Rng, phones: readonly string[]): InboundCase {
  const digits = rng.pick(phones);
  const e = expectation();
  const from: Record<string, unknown> = {};
  if (rng.chance(0.12)) {
    const phone = rng.pick<unknown>([...BAD_PHONES, undefined]);
    setIf(from, 'phone', phone);
    judge(e, 'bad', 'from.phone', `phone ${JSON.stringify(phone)}`);
  } else from.phone = phoneSpelling(rng, digits).value;
  const name = rng.weighted<() => unknown>([
    [3, () => undefined],
    [1, () => null],
    [5, () => hostileText(rng).value],
    [1, () => rng.pick<unknown>([5, {}, ['n'], ...PROTO_TRAPS])],
  ])();
  setIf(from, 'name', name);
  judge(e, optionalVerdict(name, 200), 'from.name', 'name');
  const [language, langV] = rng.pick(LANGUAGES);
  setIf(from, 'language', language);
  judge(e, langV, 'from.language', `language ${JSON.stringify(language)}`);
  if (rng.chance(0.04)) {
    setOwn(from, rng.pick(['wa_id', 'email', '__proto__', 'constructor']), garbage(rng));
    e.anyParam = true;
    e.bad.add('from');
    e.labels.push('extra field in from');
  }
  const body: Record<string, unknown> = { from };
  if (rng.chance(0.03)) {
    body.from = rng.pick<unknown>([null, '+491701234567', [], 5]);
    judge(e, 'bad', 'from', 'from not an object');
  }
  const shape = rng.weighted<string>([
    [50, 'text'],
    [15, 'location'],
    [10, 'text+location'],
    [8, 'reply'],
    [3, 'reply+text'],
    [3, 'nothing'],
  ]);
  let text: string | null = null;
  let location: InboundCase['location'] = null;
  let type = 'text';
  if (shape.includes('text')) {
    const t = rng.chance(0.94) ? hostileText(rng).value : rng.pick<unknown>([null, 5, [], {}, ...PROTO_TRAPS]);
    body.text = t;
    const v = textVerdict(t, 4096);
    judge(e, v, 'text', 'text');
    if (v === 'ok') text = t as string;
  }
  if (shape.includes('location')) {
    type = 'location';
    const [lat, latV, latL] = coordinate(rng, 90, 'test');
    const [long, longV, longL] = coordinate(rng, 180, 'test');
    judge(e, latV, 'location.latitude', latL);
    judge(e, longV, 'location.longitude', longL);
    const l: Record<string, unknown> = {};
    setIf(l, 'latitude', lat);
    setIf(l, 'longitude', long);
    const names = { name: 500, address: 1000 } as const;
    const strings: Record<string, string | null> = { name: null, address: null };
    for (const [field, max] of Object.entries(names)) {
      const v = rng.pick<unknown>([undefined, null, hostileText(rng).value, 'x'.repeat(max + 1), 5]);
      setIf(l, field, v);
      const verdict = optionalVerdict(v, max);
      judge(e, verdict, `location.${field}`, field);
      if (typeof v === 'string') strings[field] = v;
    }
    if (rng.chance(0.05)) {
      setOwn(l, rng.pick(['accuracy', 'url', 'timestamp']), garbage(rng));
      e.anyParam = true;
      e.bad.add('location');
    }
    body.location = l;
    location = { latitude: num(lat), longitude: num(long), name: strings.name, address: strings.address };
  }
  if (shape.startsWith('reply')) {
    type = 'reply';
    const id = rng.pick<unknown>([hostileText(rng).value, 'delivery', 'x'.repeat(257), '', 3]);
    const title = rng.pick<unknown>([hostileText(rng).value, 'Lieferung', 'y'.repeat(25), '', null]);
    const description = rng.pick<unknown>([undefined, null, hostileText(rng).value, 'z'.repeat(73)]);
    judge(e, textVerdict(id, 256), 'reply.id', 'reply id');
    judge(e, textVerdict(title, 24), 'reply.title', 'reply title');
    judge(e, optionalVerdict(description, 72), 'reply.description', 'reply description');
    const reply: Record<string, unknown> = { id, title };
    setIf(reply, 'description', description);
    body.reply = reply;
    text = typeof title === 'string' ? title : null;
  }
  if (shape === 'reply+text') {
    e.anyParam = true;
    e.bad.add('reply');
    e.labels.push('reply with text');
  }
  if (shape === 'nothing') judge(e, 'bad', 'text', 'no text, location or reply');
  if (rng.chance(0.08)) {
    const extra = rng.pick(['sent_at', 'timestamp', 'id', 'conversation_id', 'direction', 'unknown_field', 'type']);
    setOwn(
      body,
      extra,
      rng.pick<unknown>(['253402300800', '10000-01-01T00:00:00Z', ...NASTY_STRINGS.slice(0, 6), 1e300]),
    );
    e.anyParam = true;
    e.bad.add(extra);
    e.labels.push(`extra ${extra}`);
  }
  return { ...e, body, phone: `+${digits}`, type, text, location };
}
