/**
 * WhatsApp notifications and test-channel messages, each built with the answer docs/conversations.md
 * promises for it: which fields a `400` may name, or what a `200`/`201` stores.
 */
import {
  BAD_PHONES,
  codePoints,
  coordinate,
  garbage,
  hasUnstorable,
  hostileText,
  MAX_MESSAGE_ID,
  PROTO_TRAPS,
  phoneSpelling,
  randomText,
  storable,
  TIMESTAMPS,
  type Verdict,
} from './conversation-inputs.js';
import { setOwn } from './mutate.js';
import type { Rng } from './random.js';
import { NASTY_STRINGS } from './values.js';

/** What one stored message must read back as. */
export interface StoredMessage {
  channelMessageId: string;
  /** `+` and the customer's digits. */
  phone: string;
  type: string;
  text: string | null;
}

export interface Expectation {
  /** Fields a `400` may name; a `400` must name one of them when `anyParam` is false. */
  bad: Set<string>;
  /** A refusal whose param the docs leave open (unknown fields, exclusive fields). */
  anyParam: boolean;
  /** Some value the docs leave open: a `400` for it is as right as taking it. */
  either: boolean;
  labels: string[];
}

const expectation = (): Expectation => ({ bad: new Set(), anyParam: false, either: false, labels: [] });

function judge(e: Expectation, verdict: Verdict, param: string, label: string) {
  if (verdict === 'bad') e.bad.add(param);
  if (verdict === 'either') {
    e.either = true;
    e.bad.add(param);
  }
  if (verdict !== 'ok') e.labels.push(`${param}: ${label}`);
}

const setIf = (o: Record<string, unknown>, key: string, value: unknown) => {
  if (value !== undefined) o[key] = value;
};

// ---- WhatsApp

export interface WhatsAppTarget {
  phoneNumberId: string;
  /** Channel message ids stored on this account (as stored), for duplicates. */
  seen: Set<string>;
  /** Channel message ids of our own outbound messages, for status updates. */
  outbound: string[];
}

export interface NotificationCase extends Expectation {
  body: unknown;
  messages: number;
  duplicates: number;
  statuses: number;
  ignored: number;
  stored: StoredMessage[];
}

const STATUSES = ['sent', 'delivered', 'read', 'failed'];

/** An id's verdict: at least one character, at most the documented number of them. */
const idVerdict = (id: string): Verdict => (id === '' || codePoints(id) > MAX_MESSAGE_ID ? 'bad' : 'ok');

/** A valid, odd or broken message id; `null` when the id is bad. */
function messageId(rng: Rng, t: WhatsAppTarget, local: string[]): [unknown, Verdict, string] {
  return rng.weighted<() => [unknown, Verdict, string]>([
    [70, () => [`wamid.${rng.chars(48)}`, 'ok', 'fresh']],
    [8, () => (t.seen.size > 0 ? [rng.pick([...t.seen]), 'ok', 'seen before'] : [`wamid.${rng.chars(9)}`, 'ok', 'x'])],
    [4, () => (local.length > 0 ? [rng.pick(local), 'ok', 'twice in one'] : [`wamid.${rng.chars(9)}`, 'ok', 'x'])],
    [
      6,
      () => {
        const h = hostileText(rng).value;
        return [h, idVerdict(h), 'hostile'];
      },
    ],
    [
      4,
      () => {
        const id = randomText(rng, rng.pick([300, MAX_MESSAGE_ID, MAX_MESSAGE_ID + 1, 3000, 12_000]));
        return [id, idVerdict(id), `random of ${codePoints(id)} characters`];
      },
    ],
    [
      4,
      () => {
        const v = rng.pick<unknown>(['', 5, null, undefined, [], {}, ...PROTO_TRAPS]);
        return [v, 'bad', `id ${JSON.stringify(v)}`];
      },
    ],
  ])();
}

interface Content {
  fields: Record<string, unknown>;
  type: string;
  text: string | null;
}

/** The type-specific part of a message at `p`, judged into `e`. */
function content(rng: Rng, p: string, e: Expectation): Content {
  const kind = rng.weighted<string>([
    [40, 'text'],
    [15, 'location'],
    [15, 'interactive'],
    [5, 'button'],
    [12, 'unknown'],
    [5, 'bad type'],
  ]);
  if (kind === 'text') {
    if (rng.chance(0.07)) {
      const text = rng.pick<unknown>([undefined, null, 'hello', [], 5, ...PROTO_TRAPS]);
      judge(e, 'bad', `${p}.text`, 'text not an object');
      // An object with odd own keys is an object: its missing body is what is wrong.
      if (text !== null && typeof text === 'object' && !Array.isArray(text)) e.bad.add(`${p}.text.body`);
      return { fields: { type: 'text', text }, type: 'text', text: null };
    }
    const body = rng.chance(0.06) ? rng.pick<unknown>(['', 5, null, undefined, {}, ['x']]) : hostileText(rng).value;
    const ok = typeof body === 'string' && body !== '';
    judge(e, ok ? 'ok' : 'bad', `${p}.text.body`, 'text.body');
    return { fields: { type: 'text', text: { body } }, type: 'text', text: ok ? storable(body as string) : null };
  }
  if (kind === 'location') {
    const [lat, latV, latL] = coordinate(rng, 90, 'whatsapp');
    const [long, longV, longL] = coordinate(rng, 180, 'whatsapp');
    judge(e, latV, `${p}.location.latitude`, latL);
    judge(e, longV, `${p}.location.longitude`, longL);
    const location: Record<string, unknown> = { latitude: lat, longitude: long };
    for (const field of ['name', 'address']) {
      const v = rng.weighted<() => unknown>([
        [3, () => undefined],
        [1, () => null],
        [4, () => hostileText(rng).value],
        [1, () => rng.pick<unknown>([5, {}, [], true])],
      ])();
      setIf(location, field, v);
      const ok = v === undefined || v === null || (typeof v === 'string' && v !== '');
      judge(e, ok ? 'ok' : 'bad', `${p}.location.${field}`, 'location text');
    }
    if (rng.chance(0.05)) {
      judge(e, 'bad', `${p}.location`, 'location not an object');
      return {
        fields: { type: 'location', location: rng.pick<unknown>([null, 'here', [1, 2]]) },
        type: 'x',
        text: null,
      };
    }
    return { fields: { type: 'location', location }, type: 'location', text: null };
  }
  if (kind === 'interactive') {
    const sub = rng.weighted<unknown>([
      [4, 'button_reply'],
      [4, 'list_reply'],
      [1, 'nfm_reply'],
      [1, rng.pick<unknown>([undefined, null, 5, '', [], {}, '\u0000', ...PROTO_TRAPS])],
    ]);
    if (sub !== 'button_reply' && sub !== 'list_reply') {
      // Anything else interactive is stored as unsupported (docs/conversations.md, Messages).
      return { fields: { type: 'interactive', interactive: { type: sub } }, type: 'unsupported', text: null };
    }
    const bogusId = () =>
      rng.pick<unknown>([
        hostileText(rng).value,
        'delivery',
        'margherita',
        `../../${rng.chars(8)}`,
        randomText(rng, 2000),
        '',
        5,
        null,
      ]);
    const id = bogusId();
    const title = rng.chance(0.9) ? hostileText(rng).value : rng.pick<unknown>([undefined, 7, '']);
    const description = rng.pick<unknown>([undefined, null, hostileText(rng).value, 5]);
    const idOk = typeof id === 'string' && id !== '';
    const titleOk = typeof title === 'string' && title !== '';
    judge(e, idOk ? 'ok' : 'bad', `${p}.interactive.${sub}.id`, 'reply id');
    judge(e, titleOk ? 'ok' : 'bad', `${p}.interactive.${sub}.title`, 'reply title');
    const descOk =
      description === undefined || description === null || (typeof description === 'string' && description !== '');
    judge(e, descOk ? 'ok' : 'bad', `${p}.interactive.${sub}.description`, 'reply description');
    const reply: Record<string, unknown> = { id, title };
    setIf(reply, 'description', description);
    if (rng.chance(0.05)) {
      judge(e, 'bad', `${p}.interactive.${sub}`, 'reply not an object');
      return { fields: { type: 'interactive', interactive: { type: sub, [sub]: 'x' } }, type: 'x', text: null };
    }
    return {
      fields: { type: 'interactive', interactive: { type: sub, [sub]: reply } },
      type: 'reply',
      text: titleOk ? storable(title as string) : null,
    };
  }
  if (kind === 'button') {
    const text = rng.chance(0.9) ? hostileText(rng).value : rng.pick<unknown>([undefined, '', 3]);
    const payload = rng.pick<unknown>([undefined, null, hostileText(rng).value, 4]);
    const textOk = typeof text === 'string' && text !== '';
    judge(e, textOk ? 'ok' : 'bad', `${p}.button.text`, 'button text');
    const payloadOk = payload === undefined || payload === null || (typeof payload === 'string' && payload !== '');
    judge(e, payloadOk ? 'ok' : 'bad', `${p}.button.payload`, 'button payload');
    const button: Record<string, unknown> = { text };
    setIf(button, 'payload', payload);
    return { fields: { type: 'button', button }, type: 'reply', text: textOk ? storable(text as string) : null };
  }
  if (kind === 'unknown') {
    const type = rng.pick([
      'image',
      'sticker',
      'reaction',
      'order',
      'system',
      'unknown',
      'ephemeral',
      '__proto__',
      'constructor',
      'toString',
      'x'.repeat(5000),
      '\u202etxet',
      '\u0000',
      'text ',
      'TEXT',
    ]);
    const fields: Record<string, unknown> = { type };
    setOwn(fields, type, garbage(rng));
    // Issue 22: reactions and system notices keep their type (whatever their part holds); the rest, media
    // with a broken part included, are unsupported.
    return { fields, type: type === 'reaction' || type === 'system' ? type : 'unsupported', text: null };
  }
  judge(e, 'bad', `${p}.type`, 'type');
  return {
    fields: { type: rng.pick<unknown>([undefined, '', 5, null, ['text'], ...PROTO_TRAPS]) },
    type: 'x',
    text: null,
  };
}

function message(
  rng: Rng,
  t: WhatsAppTarget,
  p: string,
  e: Expectation,
  phones: readonly string[],
  local: string[],
): { value: unknown; stored?: StoredMessage; id?: string } {
  if (rng.chance(0.02)) {
    judge(e, 'bad', p, 'message not an object');
    return { value: rng.pick<unknown>([null, 'hi', [], 5]) };
  }
  const digits = rng.pick(phones);
  let from: unknown;
  if (rng.chance(0.1)) {
    from = rng.pick<unknown>([...BAD_PHONES, undefined]);
    judge(e, 'bad', `${p}.from`, `from ${JSON.stringify(from)}`);
  } else from = phoneSpelling(rng, digits).value;
  const [id, idV, idL] = messageId(rng, t, local);
  judge(e, idV, `${p}.id`, idL);
  const [timestamp, tsV] = rng.chance(0.35) ? rng.pick(TIMESTAMPS) : rng.pick(TIMESTAMPS.slice(0, 5));
  judge(e, tsV, `${p}.timestamp`, `timestamp ${JSON.stringify(timestamp)}`);
  const c = content(rng, p, e);
  const value: Record<string, unknown> = {};
  if (rng.chance(0.2)) value.context = { from: '15550783881', id: rng.pick([`wamid.${rng.chars(20)}`, '', 5]) };
  setIf(value, 'from', from);
  setIf(value, 'id', id);
  setIf(value, 'timestamp', timestamp);
  for (const [k, v] of Object.entries(c.fields)) setOwn(value, k, v);
  if (rng.chance(0.1)) setOwn(value, rng.pick(['errors', 'referral', 'identity', 'unknown_field']), garbage(rng));
  if (typeof id !== 'string' || idV === 'bad') return { value };
  const channelMessageId = storable(id);
  local.push(id);
  return { value, id: channelMessageId, stored: { channelMessageId, phone: `+${digits}`, type: c.type, text: c.text } };
}

function statusUpdate(rng: Rng, t: WhatsAppTarget, p: string, e: Expectation): [unknown, 'status' | 'ignored' | 'bad'] {
  if (rng.chance(0.03)) {
    judge(e, 'bad', p, 'status not an object');
    return [rng.pick<unknown>([null, 'read', []]), 'bad'];
  }
  const status = rng.weighted<unknown>([
    [12, rng.pick(STATUSES)],
    [3, rng.pick(['deleted', 'warning', 'accepted', 'SENT', 'read ', hostileText(rng).value])],
    [1, rng.pick<unknown>(['', 5, null, undefined, ...PROTO_TRAPS])],
  ]);
  const id = rng.weighted<unknown>([
    [6, t.outbound.length > 0 ? rng.pick(t.outbound) : 'wamid.none'],
    [3, `wamid.${rng.chars(30)}`],
    [1, hostileText(rng).value],
    [1, rng.pick<unknown>(['', 7, null, undefined])],
  ]);
  const s: Record<string, unknown> = {
    timestamp: rng.pick(TIMESTAMPS)[0],
    recipient_id: rng.pick<unknown>(['491701234567', garbage(rng)]),
  };
  setIf(s, 'id', id);
  setIf(s, 'status', status);
  const statusOk = typeof status === 'string' && status !== '';
  const idOk = typeof id === 'string' && id !== '';
  judge(e, statusOk ? 'ok' : 'bad', `${p}.status`, 'status value');
  judge(e, idOk ? 'ok' : 'bad', `${p}.id`, 'status id');
  const known = statusOk && STATUSES.includes(status as string);
  if (rng.chance(0.5)) {
    const errors = rng.weighted<unknown>([
      [6, [{ code: 131_047, title: hostileText(rng).value, message: hostileText(rng).value }]],
      [2, [{ code: rng.pick(PROTO_TRAPS), title: rng.pick(PROTO_TRAPS) }]],
      [2, [null, 5, 'x', { title: { nested: [1] } }]],
      [1, rng.pick<unknown>(['oops', 5, {}])],
    ]);
    s.errors = errors;
    // Only a known status's errors are read.
    if (known && !Array.isArray(errors)) judge(e, 'bad', `${p}.errors`, 'errors not an array');
  }
  if (!statusOk || !idOk) return [s, 'bad'];
  return [s, known ? 'status' : 'ignored'];
}

/** A notification for the account, most of it Meta's shape, any part of it hostile. */
export function notificationCase(rng: Rng, t: WhatsAppTarget, phones: readonly string[]): NotificationCase {
  const e = expectation();
  const c: NotificationCase = {
    ...e,
    body: undefined,
    messages: 0,
    duplicates: 0,
    statuses: 0,
    ignored: 0,
    stored: [],
  };
  const local: string[] = [];
  const seenHere = new Set<string>();
  const entries: unknown[] = [];
  const entryCount = rng.weighted([
    [10, 1],
    [2, 2],
    [1, 0],
  ]);
  for (let i = 0; i < entryCount; i++) {
    if (rng.chance(0.02)) {
      judge(c, 'bad', `entry.${i}`, 'entry not an object');
      entries.push(rng.pick<unknown>([null, 'entry', []]));
      continue;
    }
    const changes: unknown[] = [];
    const changeCount = rng.weighted([
      [10, 1],
      [2, 2],
    ]);
    for (let j = 0; j < changeCount; j++) {
      const p = `entry.${i}.changes.${j}`;
      const kind = rng.weighted<string>([
        [80, 'messages'],
        [7, 'other field'],
        [7, 'other number'],
        [2, 'broken'],
      ]);
      if (kind === 'broken') {
        judge(c, 'bad', p, 'change not an object');
        changes.push(rng.pick<unknown>([null, 'messages', [{}]]));
        continue;
      }
      if (kind === 'other field') {
        c.ignored++;
        const field = rng.pick<unknown>([
          'account_update',
          'message_template_status_update',
          'Messages',
          '',
          5,
          null,
          undefined,
          ...PROTO_TRAPS,
        ]);
        const change: Record<string, unknown> = { value: garbage(rng) };
        setIf(change, 'field', field);
        c.labels.push(`${p}: field ${JSON.stringify(field)}`);
        changes.push(change);
        continue;
      }
      const metadata: Record<string, unknown> = { display_phone_number: '15550783881' };
      if (kind === 'other number') {
        c.ignored++;
        const other = rng.pick<unknown>(['1', '', null, undefined, 12_345, `${t.phoneNumberId}0`, [], ...PROTO_TRAPS]);
        setIf(metadata, 'phone_number_id', other);
        c.labels.push(`${p}: phone_number_id ${JSON.stringify(other)}`);
        changes.push({ field: 'messages', value: { metadata, messages: garbage(rng), statuses: garbage(rng) } });
        continue;
      }
      metadata.phone_number_id = t.phoneNumberId;
      const value: Record<string, unknown> = { messaging_product: 'whatsapp', metadata };
      if (rng.chance(0.03)) {
        judge(c, 'bad', `${p}.value.metadata`, 'metadata');
        value.metadata = rng.pick<unknown>([null, t.phoneNumberId, []]);
      }
      const messages: unknown[] = [];
      const count = rng.weighted([
        [2, 0],
        [10, 1],
        [3, 2],
        [1, 3],
      ]);
      const usedPhones: string[] = [];
      for (let k = 0; k < count; k++) {
        const m = message(rng, t, `${p}.value.messages.${k}`, c, phones, local);
        messages.push(m.value);
        if (m.stored) usedPhones.push(m.stored.phone.slice(1));
        if (m.id !== undefined) {
          c.messages++;
          if (t.seen.has(m.id) || seenHere.has(m.id)) c.duplicates++;
          else if (m.stored) c.stored.push(m.stored);
          seenHere.add(m.id);
        }
      }
      if (rng.chance(0.03)) {
        judge(c, 'bad', `${p}.value.messages`, 'messages not an array');
        value.messages = rng.pick<unknown>([{}, 'm', 5, null]);
      } else if (messages.length > 0 || rng.chance(0.5)) value.messages = messages;
      if (rng.chance(0.85)) {
        const contacts: unknown[] = usedPhones.map((d) => ({
          profile: rng.chance(0.9) ? { name: hostileText(rng).value } : garbage(rng),
          wa_id: rng.chance(0.9) ? d : garbage(rng),
        }));
        if (rng.chance(0.05)) {
          judge(c, 'bad', `${p}.value.contacts.${contacts.length}`, 'contact not an object');
          contacts.push(rng.pick<unknown>([null, 'Sheena', 7]));
        }
        value.contacts = contacts;
        if (rng.chance(0.02)) {
          judge(c, 'bad', `${p}.value.contacts`, 'contacts not an array');
          value.contacts = { profile: { name: 'x' } };
        }
      }
      if (rng.chance(0.25)) {
        const statuses: unknown[] = [];
        for (let k = 0; k < rng.between(1, 3); k++) {
          const [s, outcome] = statusUpdate(rng, t, `${p}.value.statuses.${k}`, c);
          statuses.push(s);
          if (outcome === 'status') c.statuses++;
          if (outcome === 'ignored') c.ignored++;
        }
        value.statuses = statuses;
      }
      if (rng.chance(0.05)) setOwn(value, rng.pick(['errors', 'unknown', '__proto__']), garbage(rng));
      changes.push({ value, field: 'messages' });
    }
    const entry: Record<string, unknown> = { id: '102290129340398', changes };
    if (rng.chance(0.02)) {
      judge(c, 'bad', `entry.${i}.changes`, 'changes not an array');
      entry.changes = rng.pick<unknown>([{}, 'c', 1]);
    }
    entries.push(entry);
  }
  const root: Record<string, unknown> = { object: 'whatsapp_business_account', entry: entries };
  if (rng.chance(0.03)) {
    judge(c, 'bad', 'object', 'object');
    root.object = rng.pick<unknown>(['page', '', null, undefined, 'WHATSAPP_BUSINESS_ACCOUNT', ...PROTO_TRAPS]);
  }
  if (rng.chance(0.02)) {
    judge(c, 'bad', 'entry', 'entry not an array');
    root.entry = rng.pick<unknown>([{}, 'e', 0]);
  }
  c.body = root;
  if (rng.chance(0.02)) {
    judge(c, 'bad', 'body', 'body not an object');
    c.body = rng.pick<unknown>([null, [root], 'whatsapp', 42, true]);
  }
  return c;
}

// ---- Test channel

export interface InboundCase extends Expectation {
  body: Record<string, unknown>;
  phone: string;
  type: string;
  text: string | null;
  location: { latitude: number; longitude: number; name: string | null; address: string | null } | null;
}

/** A text the test channel's schema takes: well-formed, 1 to `max` code points, not only white space. */
const textVerdict = (v: unknown, max: number): Verdict =>
  typeof v === 'string' && !hasUnstorable(v) && codePoints(v) >= 1 && codePoints(v) <= max && /\S/u.test(v)
    ? 'ok'
    : 'bad';
/** An optional nullable string of up to `max` code points. */
const optionalVerdict = (v: unknown, max: number): Verdict =>
  v === undefined || v === null || (typeof v === 'string' && !hasUnstorable(v) && codePoints(v) <= max) ? 'ok' : 'bad';

const LANGUAGES: readonly (readonly [unknown, Verdict])[] = [
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

function num(v: unknown): number {
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
