/**
 * The type-specific part of a WhatsApp message (./whatsapp-message.ts): text, location, interactive reply,
 * button, types the docs store as unsupported, and broken types, each judged into the case.
 */
import { coordinate, garbage, hostileText, PROTO_TRAPS, randomText, storable } from '../conversation-inputs.js';
import { setOwn } from '../mutate.js';
import type { Rng } from '../random.js';
import { type Expectation, judge, setIf } from './expectation.js';

export interface Content {
  fields: Record<string, unknown>;
  type: string;
  text: string | null;
}

/** The type-specific part of a message at `p`, judged into `e`. */
export function content(rng: Rng, p: string, e: Expectation): Content {
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
