/**
 * The chatbot's 200 answer, typed by the answer schema the server publishes (openapi.json
 * `webhooks.message`, through ./wire.ts): replies, the new draft, the location, what to keep about the
 * customer, an action (`redeliver` with `lookUpAddress` and no replies: the server looks the address up and
 * delivers the message again as address_looked_up, once per message), an address for the server to look up.
 * Only `orderDraft` is the chatbot's own looser type (./payload-types.ts `Draft`: defaulted fields left
 * out). Builders keep replies inside WhatsApp's limits (3 buttons of 20 characters; a list of 10 rows of
 * 24), which the answer schema enforces; chatbot/server.ts checks every answer against it.
 */
import type { Draft } from './payload-types.js';
import type { WireAnswer, WireReply } from './wire.js';

export type Reply = WireReply;
export type Button = NonNullable<Reply['buttons']>[number];
export type ListRow = NonNullable<Reply['list']>['sections'][number]['rows'][number];

export type Answer = Omit<WireAnswer, 'orderDraft'> & { orderDraft?: Draft | null };

/** Cuts text to `max` characters (code points), with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const chars = [...text.trim()];
  return chars.length <= max
    ? text.trim()
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/**
 * A reply's text, with or without buttons or a list: the server splits a longer interactive text into text
 * messages before the buttons' own (WhatsApp takes 1,024 characters with buttons), so nothing is cut here
 * below the answer schema's 4,096.
 */
const MAX_TEXT = 4096;

export const textReply = (text: string): Reply => ({ text: clip(text, MAX_TEXT) });

export function buttonsReply(text: string, buttons: Button[]): Reply {
  const kept = buttons.slice(0, 3).map((b) => ({ id: clip(b.id, 256), title: clip(b.title, 20) }));
  if (kept.length === 0) return textReply(text);
  return { text: clip(text, MAX_TEXT), buttons: kept };
}

/**
 * A list of at most 10 rows; when there are more, `more` (said in the customer's language) tells the customer
 * to write the name of one that did not fit, so the bot never offers less than it has without saying so.
 */
export function listReply(text: string, button: string, rows: ListRow[], more?: string): Reply {
  if (rows.length > 10 && more) text = `${text}\n\n${more}`;
  const kept = rows.slice(0, 10).map((r) => ({
    id: clip(r.id, 200),
    title: clip(r.title, 24),
    ...(r.description ? { description: clip(r.description, 72) } : {}),
  }));
  if (kept.length === 0) return textReply(text);
  return { text: clip(text, MAX_TEXT), list: { button: clip(button, 20), sections: [{ rows: kept }] } };
}
