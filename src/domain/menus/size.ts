/**
 * How large a menu may be: it travels in every message webhook body of its location, which the reference
 * chatbot (and the server, CHATBOT_BODY_MAX_BYTES) bounds at 1,000,000 bytes by default. Half of that is the
 * menu's; the rest is the history (at most 100,000 bytes), the customer's message, the organization's other
 * locations without their menus, the draft and the orders (docs/message-webhook.md, "Size").
 */
import { ApiError } from '../errors.js';
import type { MenuDocument } from './types.js';

export const MENU_MAX_BYTES = 500_000;

/**
 * What the body adds per item beside the stored document: `"available":false,"unavailableUntil":"…"` on
 * every product, bundle and option (a time is 24 characters with its quotes), rounded up.
 */
const RENDERED_PER_ITEM = 64;
/** The menu resource's own fields: object, locationId, currency, version, createdAt, updatedAt. */
const RENDERED_FIXED = 256;

/** The menu's size in a body, from above: the stored JSON (camelCase names are never longer) plus what rendering adds. */
export function renderedMenuBytes(doc: MenuDocument): number {
  const items =
    doc.products.length + doc.bundles.length + doc.modifier_groups.reduce((n, g) => n + g.options.length, 0);
  return Buffer.byteLength(JSON.stringify(doc)) + items * RENDERED_PER_ITEM + RENDERED_FIXED;
}

export function checkMenuSize(doc: MenuDocument): void {
  const bytes = renderedMenuBytes(doc);
  if (bytes > MENU_MAX_BYTES) {
    // The document as a whole: no one field is at fault (param left out).
    throw new ApiError(
      'invalid_request_error',
      'parameter_invalid',
      `The menu is too large: about ${bytes} bytes in a message webhook body, at most ${MENU_MAX_BYTES}. It travels with every message to the chatbot.`,
      { details: { max_bytes: MENU_MAX_BYTES, bytes } },
    );
  }
}
