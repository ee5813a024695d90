import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, surfaceOperationId } from '../../contracts/rest/common.js';
import { OrderDraft, OrderQuote } from '../../contracts/rest/drafts.js';
import { IdParam } from '../../contracts/rest/ids.js';
import type { Db } from '../../db/client.js';
import type { DraftInput } from '../../domain/drafts/normalize.js';
import { toOrderQuote } from '../../domain/drafts/render.js';
import { quoteDraft } from '../../domain/drafts/service.js';

/**
 * Prices a draft without placing it, on both surfaces. It creates nothing, so it takes no
 * Idempotency-Key; the public surface needs `menu.read`, as it reveals only what the menu and the
 * ordering settings already say.
 */
export const orderQuoteRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post('/locations/:location_id/order_quotes', {
    schema: {
      tags: ['Orders'],
      operationId: surfaceOperationId(app.prefix, 'createOrderQuote'),
      summary: 'Price and check an order draft',
      description:
        'Prices the draft from the menu and checks it against the location settings now. A draft with problems is still a 200: `valid` is false and `problems` lists each one with its code and draft field. A delivery address without coordinates that no postal-code zone takes is looked up with the geocoder when the server has one (`geocoded_address`). Creates nothing; no Idempotency-Key.',
      params: IdParam('location_id'),
      body: OrderDraft,
      response: { 200: OrderQuote, ...errorResponses },
    },
    config: { permission: 'menu.read' },
    handler: async (req) => {
      const geocoding = { geocoder: app.geocoder, network: true };
      return toOrderQuote(await quoteDraft(db, req.params.location_id, req.body as DraftInput, new Date(), geocoding));
    },
  });
};
