import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../contracts/rest/common.js';
import { IdParam } from '../../contracts/rest/ids.js';
import { FeeSchedule, FeeScheduleBody } from '../../contracts/rest/insights.js';
import { OrderCreate } from '../../contracts/rest/order-create.js';
import { Order, PaymentEvent, PaymentEventCreate } from '../../contracts/rest/orders.js';
import type { Db } from '../../db/client.js';
import { readFeeSchedule, setFeeSchedule } from '../../domain/financials/schedules.js';
import { recordPaymentEvent } from '../../domain/orders/payments.js';
import { ingestOrder } from '../../domain/orders/service.js';
import { assertOrganizationExists } from '../../domain/organizations.js';
import { sendCreated } from '../plugins/idempotency.js';

const LocParams = IdParam('location_id');
const LocOrder = IdParam('location_id', 'order_id');
const OrgParams = IdParam('organization_id');
const schedule = { 200: Type.Ref(FeeSchedule), ...errorResponses };

export const adminOrderRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post('/locations/:location_id/orders', {
    schema: {
      tags: ['Orders'],
      operationId: 'createOrder',
      summary: 'Ingest an order from a channel other than conversations',
      description:
        'Every amount in the location currency; total = items + charges − discounts + private charges. The answer ' +
        "is the order as it stands once the location's acceptance settings applied: `accepted` in automatic mode.",
      params: LocParams,
      body: OrderCreate,
      response: { 201: Type.Ref(Order), ...errorResponses },
    },
    config: { idempotent: true },
    handler: (req, reply) => sendCreated(db, req, reply, (tx) => ingestOrder(tx, req.params.location_id, req.body)),
  });

  app.post('/locations/:location_id/orders/:order_id/payment_events', {
    schema: {
      tags: ['Orders'],
      operationId: 'createPaymentEvent',
      summary: 'Record a payment event: authorization, failure, capture, cancellation or refund',
      params: LocOrder,
      body: PaymentEventCreate,
      response: { 201: Type.Ref(PaymentEvent), ...errorResponses },
    },
    config: { idempotent: true },
    handler: (req, reply) =>
      sendCreated(db, req, reply, (tx) =>
        recordPaymentEvent(tx, req.params.location_id, req.params.order_id, req.body),
      ),
  });

  app.get('/organizations/:organization_id/fee_schedule', {
    schema: {
      tags: ['Financials'],
      operationId: 'getFeeSchedule',
      summary: "The organization's platform fee schedule",
      params: OrgParams,
      response: schedule,
    },
    handler: async (req) => {
      await assertOrganizationExists(db, req.params.organization_id);
      return readFeeSchedule(db, req.params.organization_id);
    },
  });

  app.put('/organizations/:organization_id/fee_schedule', {
    schema: {
      tags: ['Financials'],
      operationId: 'replaceFeeSchedule',
      summary: 'Set the fee schedule for orders created from now on',
      params: OrgParams,
      body: FeeScheduleBody,
      response: schedule,
    },
    handler: async (req) => {
      await assertOrganizationExists(db, req.params.organization_id);
      return setFeeSchedule(db, req.params.organization_id, req.body);
    },
  });
};
