/**
 * Quoting and placing drafts. A quote prices a draft as the menu and settings stand; placing prices it
 * again inside the caller's transaction and, when nothing is wrong, creates the order through the same
 * order service as the admin ingestion route, so financial records and analytics include it.
 */
import type { Queryable } from '../../db/client.js';
import type { Geocoder } from '../../lib/geocoder/types.js';
import { ApiError } from '../errors.js';
import type { Order } from '../orders/render.js';
import { createOrder, getOrder } from '../orders/service.js';
import type { Geocoding } from './address-lookup.js';
import { loadPricingInput } from './load.js';
import { type DraftInput, normalizeDraft } from './normalize.js';
import { type PricedDraft, priceDraft } from './price.js';
import type { Draft } from './types.js';

export interface DraftQuote extends PricedDraft {
  location_id: string;
  draft: Draft;
  quoted_at: string;
}

export async function quoteDraft(
  db: Queryable,
  locationId: string,
  input: DraftInput | null,
  now = new Date(),
  geocoding?: Geocoding,
): Promise<DraftQuote> {
  const draft = normalizeDraft(input);
  const priced = priceDraft(await loadPricingInput(db, locationId, draft, now, geocoding));
  return { location_id: locationId, draft, ...priced, quoted_at: now.toISOString() };
}

/** The contact details an order carries (spec: `customer`); each may be null or left out. */
export interface OrderContact {
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  email?: string | null;
  language?: string | null;
}

export interface PlaceDraftInput {
  locationId: string;
  draft: DraftInput | null;
  /** The conversation's channel (`whatsapp`, `test`, …): the order's `channel`. */
  channel: string;
  customerId: string | null;
  /** The conversation it is placed in: the order's status changes are told to the customer there. */
  conversationId?: string | null;
  customer?: OrderContact | null;
  /**
   * The caller's reference for this placement (say, the webhook delivery that asked for it). Placing
   * again with the same reference at the same location returns the first order instead of a second.
   */
  reference?: string | null;
  now?: Date;
  /**
   * Typed addresses are read from the geocoder's cache only (this runs in a transaction): fill it first
   * by quoting the draft outside the transaction with the geocoder (./address-lookup.ts).
   */
  geocoder?: Geocoder | null;
}

export interface Placement {
  order: Order;
  /** The quote the order was created from; null when `replayed`. */
  quote: DraftQuote | null;
  replayed: boolean;
}

export const draftInvalid = (quote: Pick<PricedDraft, 'problems'>) =>
  new ApiError(
    'invalid_request_error',
    'order_draft_invalid',
    `The order draft cannot be placed: ${quote.problems.map((p) => p.code).join(', ')}.`,
    { details: { problems: quote.problems } },
  );

/** The typed address, with the point the geocoder found for it (drivers navigate by it). */
function deliveryAddress({ draft, geocoded_address }: DraftQuote) {
  const a = draft.delivery_address;
  if (a === null || geocoded_address === null) return a;
  return { ...a, ...geocoded_address.point };
}

function orderBody(input: PlaceDraftInput, quote: DraftQuote) {
  const { draft } = quote;
  const delivery = draft.service_type === 'delivery';
  return {
    channel: input.channel,
    service_type: draft.service_type,
    expected_time: quote.expected_time,
    expected_pickup_time: draft.service_type === 'collection' ? quote.expected_time : null,
    expected_delivery_time: delivery ? quote.expected_time : null,
    customer: input.customer ?? null,
    fulfillment: {
      type: draft.service_type,
      address: delivery ? deliveryAddress(quote) : null,
      customer_notes: draft.customer_notes,
      delivery_notes: delivery ? draft.delivery_notes : null,
      collection_code: null,
    },
    items: quote.items,
    discounts: quote.discounts,
    charges: quote.charges,
    private_charges: [],
    // Nothing is paid yet: cash on delivery, or a card or online payment still to come.
    payment: { status: 'pending', amount: quote.total },
    payment_method: draft.payment_method,
    total: quote.total,
    delivery: null,
  };
}

/**
 * Call inside a transaction. Throws `400 order_draft_invalid` with `details.problems` when the draft
 * cannot be placed as things stand now.
 */
export async function placeDraft(tx: Queryable, input: PlaceDraftInput): Promise<Placement> {
  const reference = input.reference ?? null;
  if (reference !== null) {
    // Two placements with one reference queue here, so the second finds the first's order.
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `order_placement:${input.locationId}:${reference}`,
    ]);
    const [existing] = await tx.query<{ id: string }>(
      'SELECT id FROM orders WHERE location_id = $1 AND placement_reference = $2',
      [input.locationId, reference],
    );
    if (existing) {
      return { order: await getOrder(tx, { locationId: input.locationId }, existing.id), quote: null, replayed: true };
    }
  }
  const quote = await quoteDraft(tx, input.locationId, input.draft, input.now, {
    geocoder: input.geocoder ?? null,
    network: false,
  });
  if (quote.problems.length > 0) throw draftInvalid(quote);
  const order = await createOrder(tx, input.locationId, orderBody(input, quote), {
    customerId: input.customerId,
    placementReference: reference,
    conversationId: input.conversationId ?? null,
  });
  return { order, quote, replayed: false };
}
