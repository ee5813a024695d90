/**
 * The message webhook's vocabulary (docs/message-webhook.md): why the chatbot is called, what its answer may
 * ask for, and how large a body may be. Apart from the schemas so that the delivery store, the admin
 * deliveries resource and the configuration can name them without loading the body's schema.
 */

/**
 * Why the chatbot is called: a customer message; the same message again after a refused placement
 * (order_problems); or again once the location its answer chose is in the body, menu and all
 * (location_chosen), or once the address its answer asked about is looked up (address_looked_up), both
 * asked for by the answer's `redeliver` action.
 */
export const WEBHOOK_EVENTS = ['message', 'order_problems', 'location_chosen', 'address_looked_up'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * Problems an answer's action meets beyond the draft's own (src/domain/drafts/problems.ts): placing before
 * a location is chosen, cancelling an order that is not the customer's or no longer cancellable. They
 * reach the chatbot in an order_problems delivery like the draft's.
 */
export const ACTION_PROBLEM_CODES = ['location_required', 'order_not_found', 'order_not_cancellable'] as const;

/** Actions an answer may ask for beyond replies and draft changes. */
export const ANSWER_ACTIONS = ['place_order', 'cancel_order', 'redeliver'] as const;

/**
 * The largest body the server sends, and the reference chatbot's default limit (CHATBOT_BODY_MAX_BYTES on
 * both sides). A body above it is not sent: the delivery fails with the reason and the customer gets the
 * fallback reply (docs/message-webhook.md, "Size").
 */
export const DEFAULT_BODY_MAX_BYTES = 1_000_000;
