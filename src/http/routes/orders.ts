import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, ListOf } from '../../contracts/rest/common.js';
import { IdParam } from '../../contracts/rest/ids.js';
import { Order, OrderStatusUpdate, OrdersQuery } from '../../contracts/rest/orders.js';
import type { Db } from '../../db/client.js';
import { transactionRetrying } from '../../db/retry.js';
import { changeStatus } from '../../domain/orders/lifecycle.js';
import { listOrderNotices } from '../../domain/orders/order-notices.js';
import { getOrder, listOrders } from '../../domain/orders/service.js';
import { listEnvelope, rawListEnvelope } from '../reply.js';

const tags = ['Orders'];
const LocParams = IdParam('location_id');
const LocOrder = IdParam('location_id', 'order_id');
const OrgOrder = IdParam('organization_id', 'order_id');
const one = { 200: Type.Ref(Order), ...errorResponses };

export const publicOrderRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const read = { permission: 'orders.read' };

  app.get('/locations/:location_id/orders', {
    schema: {
      tags,
      operationId: 'listLocationOrders',
      summary: "List a location's orders",
      description:
        'For a reconciliation scan, combine updated_after with one fixed updated_before (a few seconds in the past) on every page.',
      params: LocParams,
      querystring: OrdersQuery,
      response: { 200: ListOf(Type.Ref(Order)), ...errorResponses },
    },
    config: read,
    handler: async (req, reply) => rawListEnvelope(req, reply, await listOrders(db, req.params.location_id, req.query)),
  });

  app.get('/locations/:location_id/orders/:order_id', {
    schema: {
      tags,
      operationId: 'getOrder',
      summary: 'Retrieve an order of a location',
      params: LocOrder,
      response: one,
    },
    config: read,
    handler: async (req) => getOrder(db, { locationId: req.params.location_id }, req.params.order_id),
  });

  app.get('/organizations/:organization_id/orders/:order_id', {
    schema: {
      tags,
      operationId: 'getOrganizationOrder',
      summary: 'Retrieve an order of the organization',
      params: OrgOrder,
      response: one,
    },
    config: read,
    handler: async (req) => getOrder(db, { organizationId: req.params.organization_id }, req.params.order_id),
  });

  // Every notice of one order, in one list (a handful): what became of each, failures with their reason.
  const notices = {
    tags,
    summary: "List an order's status notices to the customer",
    description:
      "Each notice's message as it stands: sent as text inside WhatsApp's 24-hour window or as the channel account's template outside it, pending, or failed with the reason (docs/conversations.md).",
    response: { 200: ListOf(Type.Ref('OrderNotice')), ...errorResponses },
  };
  app.get('/locations/:location_id/orders/:order_id/notices', {
    schema: { ...notices, operationId: 'listOrderNotices', params: LocOrder },
    config: read,
    handler: async (req) =>
      listEnvelope(req, {
        data: await listOrderNotices(db, { locationId: req.params.location_id }, req.params.order_id),
        has_more: false,
      }),
  });

  app.get('/organizations/:organization_id/orders/:order_id/notices', {
    schema: { ...notices, operationId: 'listOrganizationOrderNotices', params: OrgOrder },
    config: read,
    handler: async (req) =>
      listEnvelope(req, {
        data: await listOrderNotices(db, { organizationId: req.params.organization_id }, req.params.order_id),
        has_more: false,
      }),
  });

  app.patch('/locations/:location_id/orders/:order_id', {
    schema: {
      tags,
      operationId: 'updateOrderStatus',
      summary: "Move an order's status",
      description: 'Skips forward along the service type path are allowed; a stale status_version is a 409.',
      params: LocOrder,
      body: OrderStatusUpdate,
      response: one,
    },
    config: { permission: 'orders.write' },
    // A deadlock's victim runs again (src/db/retry.ts): the other transaction was not this request's fault.
    handler: async (req) =>
      transactionRetrying(db, (tx) => changeStatus(tx, req.params.location_id, req.params.order_id, req.body)),
  });
};
