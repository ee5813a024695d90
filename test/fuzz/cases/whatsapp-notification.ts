/**
 * A whole WhatsApp notification (../conversation-cases.ts): its entries and changes, the messages, contacts
 * and statuses in them, and the fields of other numbers and other kinds that are ignored.
 */
import { garbage, hostileText, PROTO_TRAPS } from '../conversation-inputs.js';
import { setOwn } from '../mutate.js';
import type { Rng } from '../random.js';
import { expectation, judge, setIf } from './expectation.js';
import { message, type NotificationCase, statusUpdate, type WhatsAppTarget } from './whatsapp-message.js';

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
