/**
 * What one WhatsApp message says, by Meta's type (docs/conversations.md has the table): read (text,
 * location, a reply), stored and shown only (reaction, system), or stored as unsupported with what it
 * held (media by id, contact cards, orders…), so the chatbot can say what it reads.
 */
import type { InboundMessage, MessageExtras } from '../../domain/conversations/types.js';
import { clip, MAX_CHANNEL_MESSAGE_ID, storable } from '../untrusted-text.js';
import { coordinate, errorsText, isObj, loose, type Obj, obj, optStr, str } from './read.js';

type Content = Pick<InboundMessage, 'type' | 'text' | 'location' | 'reply' | 'unsupported_type'> & {
  extras?: MessageExtras;
};

/** Meta's type names are short; a longer one is kept as a label only, not whole. */
const MAX_TYPE_NAME = 100;
const MEDIA = new Set(['image', 'audio', 'video', 'document', 'sticker']);
/** Types this adapter knows; any other is stored as unsupported and counted as unknown. */
export const KNOWN_TYPES = new Set([
  'text',
  'location',
  'interactive',
  'button',
  'reaction',
  'system',
  'contacts',
  'order',
  'unsupported',
  ...MEDIA,
]);

const unsupported = (name: string, extras?: MessageExtras): Content => ({
  type: 'unsupported',
  text: null,
  unsupported_type: clip(name, MAX_TYPE_NAME),
  extras,
});
const flag = (v: unknown) => (typeof v === 'boolean' ? v : null);

/**
 * A media message whose media part Meta sent broken is still the customer's message: stored, without the
 * reference (`media: null`), rather than refused. The same for contact cards and reactions below.
 */
function media(type: string, m: Obj): Content {
  const o = m[type];
  const id = isObj(o) ? loose(o.id, 200) : null;
  if (!isObj(o) || id === null) return unsupported(type);
  const ref = {
    id,
    mime_type: loose(o.mime_type, 200),
    sha256: loose(o.sha256, 200),
    caption: loose(o.caption, 4096),
    filename: loose(o.filename, 500),
    voice: flag(o.voice),
    animated: flag(o.animated),
  };
  return unsupported(type, { media: ref });
}

function contacts(m: Obj): Content {
  const cards = (Array.isArray(m.contacts) ? m.contacts : [])
    .filter(isObj)
    .slice(0, 20)
    .map((c) => ({
      name: loose(isObj(c.name) ? c.name.formatted_name : null, 200),
      phones: (Array.isArray(c.phones) ? c.phones : [])
        .map((p) => loose(isObj(p) ? p.phone : null, 50))
        .filter((p): p is string => p !== null)
        .slice(0, 10),
    }));
  return unsupported('contacts', { contacts: cards });
}

function interactive(m: Obj, path: string): Content {
  const i = obj(m.interactive, `${path}.interactive`);
  const kind = i.type;
  if (kind === 'button_reply' || kind === 'list_reply') {
    const r = obj(i[kind], `${path}.interactive.${kind}`);
    const reply = {
      id: str(r.id, `${path}.interactive.${kind}.id`),
      title: str(r.title, `${path}.interactive.${kind}.title`),
      description: optStr(r.description, `${path}.interactive.${kind}.description`),
    };
    return { type: 'reply', text: reply.title, reply };
  }
  // Anything else (a Flow's nfm_reply…), even without a readable kind, is a message all the same.
  return unsupported(typeof kind === 'string' && kind.length > 0 ? `interactive.${storable(kind)}` : 'interactive');
}

/** The message's content by its type; `type` is already checked to be a non-empty string. */
export function content(type: string, m: Obj, path: string): Content {
  if (type === 'text') return { type, text: str(obj(m.text, `${path}.text`).body, `${path}.text.body`) };
  if (type === 'location') {
    const l = obj(m.location, `${path}.location`);
    const location = {
      latitude: coordinate(l.latitude, `${path}.location.latitude`, 90),
      longitude: coordinate(l.longitude, `${path}.location.longitude`, 180),
      name: optStr(l.name, `${path}.location.name`),
      address: optStr(l.address, `${path}.location.address`),
    };
    return { type, text: null, location };
  }
  if (type === 'interactive') return interactive(m, path);
  if (type === 'button') {
    // A quick-reply button of a template message.
    const b = obj(m.button, `${path}.button`);
    const title = str(b.text, `${path}.button.text`);
    return { type: 'reply', text: title, reply: { id: optStr(b.payload, `${path}.button.payload`) ?? title, title } };
  }
  if (type === 'reaction') {
    const r = isObj(m.reaction) ? m.reaction : {};
    const target = loose(r.message_id, MAX_CHANNEL_MESSAGE_ID);
    // Removing a reaction is the same notification with no emoji (absent or empty).
    const reaction = target === null ? null : { channel_message_id: target, emoji: loose(r.emoji, 50) };
    return { type, text: null, extras: { reaction } };
  }
  if (type === 'system') {
    const s = isObj(m.system) ? m.system : {};
    const system = {
      type: loose(s.type, 100),
      body: loose(s.body, 1000),
      new_wa_id: loose(s.new_wa_id ?? s.wa_id, 50),
    };
    return { type, text: null, extras: { system } };
  }
  if (MEDIA.has(type)) return media(type, m);
  if (type === 'contacts') return contacts(m);
  if (type === 'unsupported') {
    // Meta's placeholder for what the Cloud API cannot pass on (an edit, a poll…): its kind, when named.
    const kind = isObj(m.unsupported) ? loose(m.unsupported.type, 50) : null;
    return unsupported(kind ? `unsupported.${kind}` : 'unsupported', {
      channel_errors: errorsText(m.errors, 500, true),
    });
  }
  // order (a catalog cart: our menus are not Meta catalogs) and any type this adapter does not know.
  return unsupported(type);
}
