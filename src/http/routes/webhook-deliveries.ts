import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, ListOf } from '../../contracts/rest/common.js';
import { IdParam } from '../../contracts/rest/ids.js';
import {
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookDeliveryWithAttempts,
  WebhookSettings,
} from '../../contracts/rest/webhook-deliveries.js';
import type { Db } from '../../db/client.js';
import { getDelivery, listDeliveries, retryDelivery } from '../../webhooks/deliveries.js';
import { listEnvelope } from '../reply.js';

const tags = ['Message webhook'];
const params = IdParam('webhook_delivery_id');
const one = { 200: WebhookDeliveryWithAttempts, ...errorResponses };

/** Admin: the message webhook's deliveries, every attempt, a manual retry, and the settings in force. */
export const webhookRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/webhook_deliveries', {
    schema: {
      tags,
      operationId: 'listWebhookDeliveries',
      summary: 'List message webhook deliveries',
      querystring: WebhookDeliveriesQuery,
      response: { 200: ListOf(WebhookDelivery), ...errorResponses },
    },
    handler: async (req) => listEnvelope(req, await listDeliveries(db, req.query)),
  });

  app.get('/webhook_deliveries/:webhook_delivery_id', {
    schema: {
      tags,
      operationId: 'getWebhookDelivery',
      summary: 'Retrieve a delivery with every attempt',
      params,
      response: one,
    },
    handler: async (req) => getDelivery(db, req.params.webhook_delivery_id),
  });

  app.post('/webhook_deliveries/:webhook_delivery_id/retry', {
    schema: {
      tags,
      operationId: 'retryWebhookDelivery',
      summary: 'Deliver a failed delivery again',
      description:
        "Back in its conversation's queue with a fresh attempt budget. Only a failed delivery: anything else is 409 resource_conflict, so repeating the call never delivers twice.",
      params,
      response: one,
    },
    handler: async (req) => retryDelivery(db, req.params.webhook_delivery_id),
  });

  app.get('/webhook_settings', {
    schema: {
      tags,
      operationId: 'getWebhookSettings',
      summary: "The message webhook's receiver, signing secret and queue",
      description:
        'The signing secret is shown so the receiver can verify the Standard Webhooks signature; the bearer token never is.',
      response: { 200: WebhookSettings, ...errorResponses },
    },
    handler: async () => app.webhooks.settings(),
  });
};
