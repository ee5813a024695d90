import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, ListOf } from '../../contracts/rest/common.js';
import { IdParam } from '../../contracts/rest/ids.js';
import { AnalyticsQuery, FinancialRecord, FinancialsQuery, ProductAnalytics } from '../../contracts/rest/insights.js';
import type { Db } from '../../db/client.js';
import { productAnalytics } from '../../domain/analytics/products.js';
import { listFinancials } from '../../domain/financials/records.js';
import { listEnvelope } from '../reply.js';

export const insightRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/organizations/:organization_id/orders/financials', {
    schema: {
      tags: ['Financials'],
      operationId: 'listOrderFinancials',
      summary: 'One financial record per order of the organization',
      description: 'Paged on order_id; created_after and created_before are inclusive.',
      params: IdParam('organization_id'),
      querystring: FinancialsQuery,
      response: { 200: ListOf(Type.Ref(FinancialRecord)), ...errorResponses },
    },
    config: { permission: 'financials.read' },
    handler: async (req) => listEnvelope(req, await listFinancials(db, req.params.organization_id, req.query)),
  });

  app.get('/locations/:location_id/analytics/products', {
    schema: {
      tags: ['Analytics'],
      operationId: 'getProductAnalytics',
      summary: 'Product sales of a location',
      description:
        'Counts orders not rejected or cancelled; bundles count through their products. Dates are in the location time zone.',
      params: IdParam('location_id'),
      querystring: AnalyticsQuery,
      response: { 200: Type.Ref(ProductAnalytics), ...errorResponses },
    },
    config: { permission: 'analytics.read' },
    handler: async (req) => productAnalytics(db, req.params.location_id, req.query),
  });
};
