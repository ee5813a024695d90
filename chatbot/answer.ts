/**
 * The chatbot's 200 answer (src/contracts/message-webhook/answer.ts `MessageWebhookAnswer`): replies, the new draft, the
 * location, what to keep about the customer, an action, an address for the server to look up. Builders keep replies inside WhatsApp's limits
 * (3 buttons of 20 characters; a list of 10 rows of 24), which the answer schema enforces.
 */
import type { AddressQuery, Draft } from './payload-types.js';

export interface Button {
  id: string;
  title: string;
}

export interface ListRow {
  id: string;
  title: string;
  description?: string;
}

export interface Reply {
  text: string;
  buttons?: Button[];
  list?: { button: string; sections: { title?: string; rows: ListRow[] }[] };
}

export interface Answer {
  replies?: Reply[];
  orderDraft?: Draft | null;
  locationId?: string;
  customer?: { name?: string | null; language?: string | null; notes?: string | null };
  action?: 'place_order' | 'cancel_order' | 'redeliver';
  orderId?: string;
  /**
   * With action redeliver and no replies: the server looks this address up and delivers the message again
   * as address_looked_up (businessOrganization mode, before the location is known). Once per message.
   */
  lookUpAddress?: Partial<AddressQuery>;
}

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

const MAX_TEXT = 4096;
const MAX_INTERACTIVE_TEXT = 1024;

export const textReply = (text: string): Reply => ({ text: clip(text, MAX_TEXT) });

export function buttonsReply(text: string, buttons: Button[]): Reply {
  const kept = buttons.slice(0, 3).map((b) => ({ id: clip(b.id, 256), title: clip(b.title, 20) }));
  if (kept.length === 0) return textReply(text);
  return { text: clip(text, MAX_INTERACTIVE_TEXT), buttons: kept };
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
  return { text: clip(text, MAX_INTERACTIVE_TEXT), list: { button: clip(button, 20), sections: [{ rows: kept }] } };
}
