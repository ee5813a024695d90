/**
 * The geocoder's part of an answer, done before the answer's transaction (a lock must not wait on the
 * network). Placing prices the draft again inside that transaction, where a typed address is read from the
 * geocoder's cache only (src/domain/drafts/address-lookup.ts): so the draft to be placed is quoted once
 * with the geocoder first, which fills the cache. And an answer's `lookUpAddress` is looked up here.
 */
import type { MessageWebhookAnswer } from '../../contracts/message-webhook/answer.js';
import { fromCamelData } from '../../contracts/message-webhook/camel.js';
import { OrderDraft } from '../../contracts/rest/drafts.js';
import type { Queryable } from '../../db/client.js';
import type { DraftInput } from '../../domain/drafts/normalize.js';
import { quoteDraft } from '../../domain/drafts/service.js';
import { ApiError } from '../../domain/errors.js';
import { geocodeAddress } from '../../domain/geocoding/lookup.js';
import type { Geocoder } from '../../lib/geocoder/types.js';
import type { StoredAddressLookup } from '../contract.js';

export async function lookUpBeforePlacing(
  db: Queryable,
  geocoder: Geocoder | null,
  conversationId: string,
  answer: MessageWebhookAnswer,
): Promise<void> {
  if (geocoder === null || answer.action !== 'place_order') return;
  const [c] = await db.query<{ location_id: string | null; order_draft: DraftInput | null }>(
    'SELECT location_id, order_draft FROM conversations WHERE id = $1',
    [conversationId],
  );
  const locationId = answer.locationId ?? c?.location_id ?? null;
  const draft =
    answer.orderDraft === undefined
      ? (c?.order_draft ?? null)
      : answer.orderDraft && (fromCamelData(OrderDraft, answer.orderDraft) as DraftInput);
  // Only a typed delivery address can need the geocoder: any other placement is priced once, in the transaction.
  const a = draft?.delivery_address;
  const typed = draft?.service_type === 'delivery' && a != null && (a.latitude == null || a.longitude == null);
  if (locationId === null || draft === null || !typed) return;
  try {
    await quoteDraft(db, locationId, draft, new Date(), { geocoder, network: true });
  } catch (err) {
    // A location or draft the transaction will refuse anyway: it says why, not this look-ahead.
    if (!(err instanceof ApiError)) throw err;
  }
}

/**
 * The address an answer asks about (`lookUpAddress`, with action redeliver), as the address_looked_up
 * delivery keeps it. Without a geocoder the answer is `unavailable`: the chatbot then asks for a postal
 * code or a pin (it is told by each location's `addressLookup: false` not to ask at all).
 */
export async function lookUpAnswerAddress(
  db: Queryable,
  geocoder: Geocoder | null,
  answer: MessageWebhookAnswer,
): Promise<StoredAddressLookup | null> {
  const asked = answer.lookUpAddress;
  if (asked === undefined || answer.action !== 'redeliver') return null;
  const query = {
    line_1: asked.line1 ?? null,
    postal_code: asked.postalCode ?? null,
    city: asked.city ?? null,
    country: asked.country ?? null,
  };
  const result = geocoder
    ? await geocodeAddress(db, geocoder, query)
    : ({ status: 'unavailable', reason: 'error' } as const);
  return { query, result };
}
