/**
 * The body's `orderDraft`: the conversation's draft priced now (the REST order quote plus the draft, in
 * camelCase), or, before a location is chosen, the draft with the one problem that it needs one.
 */
import { toCamelData } from '../../contracts/message-webhook/camel.js';
import { OrderDraft, OrderQuote } from '../../contracts/rest/drafts.js';
import type { Queryable } from '../../db/client.js';
import type { ConversationRow } from '../../domain/conversations/conversations.js';
import { toOrderQuote } from '../../domain/conversations/order-quote.js';
import { type DraftInput, normalizeDraft } from '../../domain/drafts/normalize.js';
import type { Geocoder } from '../../lib/geocoder/types.js';
import type { LocationData } from './locations-load.js';
import { quoteLoaded } from './pricing.js';
import { camelProblems } from './problems.js';

type Json = Record<string, unknown>;

/** `location`: the loaded data of the location the conversation targets; undefined before one is chosen. */
export async function renderOrderDraft(
  db: Queryable,
  c: ConversationRow,
  location: LocationData | undefined,
  now: Date,
  geocoder: Geocoder | null = null,
): Promise<Json | null> {
  if (c.order_draft === null) return null;
  const draft = c.order_draft as DraftInput;
  if (location === undefined) {
    return {
      object: 'order_quote',
      locationId: null,
      valid: false,
      currency: null,
      items: [],
      itemTotals: [],
      subtotal: null,
      discounts: [],
      charges: [],
      total: null,
      deliveryZone: null,
      expectedTime: null,
      problems: [
        {
          code: 'location_required',
          param: null,
          message: 'Choose a location first (answer locationId): the draft is priced at the location it is for.',
        },
      ],
      quotedAt: now.toISOString(),
      draft: toCamelData(OrderDraft, normalizeDraft(draft)),
    };
  }
  const quote = await quoteLoaded(location, draft, now, { db, geocoding: { geocoder, network: true } });
  const rendered = toCamelData<Json>(OrderQuote, toOrderQuote(quote));
  return {
    ...rendered,
    problems: camelProblems(quote.problems),
    draft: toCamelData(OrderDraft, quote.draft),
  };
}
