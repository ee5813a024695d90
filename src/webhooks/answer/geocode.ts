/**
 * Placing prices the draft again inside the answer's transaction, where a typed address is read from the
 * geocoder's cache only (src/domain/drafts/address-lookup.ts): a lock must not wait on the network. So
 * before that transaction, the draft to be placed is quoted once with the geocoder, which fills the cache.
 */
import type { Queryable } from '../../db/client.js';
import type { DraftInput } from '../../domain/drafts/normalize.js';
import { quoteDraft } from '../../domain/drafts/service.js';
import { ApiError } from '../../domain/errors.js';
import { OrderDraft } from '../../http/schemas/drafts.js';
import type { Geocoder } from '../../lib/geocoder/types.js';
import { fromCamelData } from '../camel.js';
import type { MessageWebhookAnswer } from '../contract.js';

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
  if (locationId === null || draft === null) return;
  try {
    await quoteDraft(db, locationId, draft, new Date(), { geocoder, network: true });
  } catch (err) {
    // A location or draft the transaction will refuse anyway: it says why, not this look-ahead.
    if (!(err instanceof ApiError)) throw err;
  }
}
