import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';
import type { DraftInput } from '../../domain/drafts/normalize.js';
import { type DraftQuote, quoteDraft } from '../../domain/drafts/service.js';
import { errorResponses, IdParam } from '../schemas/common.js';
import { OrderDraft, OrderQuote } from '../schemas/drafts.js';

function render(q: DraftQuote) {
  const zone = q.delivery_zone;
  return {
    object: 'order_quote' as const,
    location_id: q.location_id,
    valid: q.problems.length === 0,
    currency: q.currency,
    items: q.items,
    item_totals: q.item_totals,
    subtotal: q.subtotal,
    discounts: q.discounts,
    charges: q.charges,
    total: q.total,
    // The zone's terms, not its outline.
    delivery_zone: zone && {
      name: zone.name,
      fee: zone.fee,
      minimum_order: zone.minimum_order,
      free_delivery_threshold: zone.free_delivery_threshold,
      estimated_minutes: zone.estimated_minutes,
    },
    expected_time: q.expected_time,
    problems: q.problems,
    quoted_at: q.quoted_at,
  };
}

/**
 * Prices a draft without placing it, on both surfaces. It creates nothing, so it takes no
 * Idempotency-Key; the public surface needs `menu.read`, as it reveals only what the menu and the
 * ordering settings already say.
 */
export const orderQuoteRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post('/locations/:location_id/order_quotes', {
    schema: {
      tags: ['Orders'],
      summary: 'Price and check an order draft',
      description:
        'Prices the draft from the menu and checks it against the location settings now. A draft with problems is still a 200: `valid` is false and `problems` lists each one with its code and draft field. Creates nothing; no Idempotency-Key.',
      params: IdParam('location_id'),
      body: OrderDraft,
      response: { 200: OrderQuote, ...errorResponses },
    },
    config: { permission: 'menu.read' },
    handler: async (req) => render(await quoteDraft(db, req.params.location_id, req.body as DraftInput)),
  });
};
