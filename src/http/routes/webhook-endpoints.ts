import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Deleted, errorResponses, ListOf, surfaceOperationId } from '../../contracts/rest/common.js';
import {
  AdminEndpointsQuery,
  AdminWebhookEndpointCreate,
  DeliveriesQuery,
  EndpointsQuery,
  WebhookEndpointCreate,
  WebhookEndpointUpdate,
} from '../../contracts/rest/events.js';
import { IdParam } from '../../contracts/rest/ids.js';
import type { Db } from '../../db/client.js';
import * as deliveries from '../../domain/events/deliveries.js';
import * as endpoints from '../../domain/events/endpoints.js';
import { ownerNamed, ownerOfKey } from '../../domain/events/owners.js';
import { sendCreated } from '../plugins/idempotency.js';
import { listEnvelope } from '../reply.js';

const tags = ['Webhook endpoints'];
const params = IdParam('webhook_endpoint_id');
const deliveryParams = IdParam('webhook_endpoint_id', 'event_delivery_id');
const one = { 200: Type.Ref('WebhookEndpoint'), ...errorResponses };
const withSecret = { 201: Type.Ref('WebhookEndpointWithSecret'), ...errorResponses };
const read = { permission: 'webhook_endpoints.read' };
const write = { permission: 'webhook_endpoints.write' };

/**
 * Both surfaces (docs/events.md): a public key manages its organization's or location's endpoints; an
 * admin key any tenant's, naming the owner in the create body.
 */
export const webhookEndpointRoutes =
  (surface: 'public' | 'admin'): FastifyPluginAsyncTypebox<{ db: Db }> =>
  async (app, { db }) => {
    const op = (name: string) => surfaceOperationId(surface === 'admin' ? '/admin/' : '/', name);
    const check = (url: string) => app.events.checkUrl(url);

    app.post('/webhook_endpoints', {
      schema: {
        tags,
        operationId: op('createWebhookEndpoint'),
        summary: 'Create a webhook endpoint; its signing secret is in this response',
        description:
          'A replay with the same Idempotency-Key answers the same endpoint and secret. The URL is checked now (400 `url`) and at every send.',
        body: surface === 'admin' ? AdminWebhookEndpointCreate : WebhookEndpointCreate,
        response: withSecret,
      },
      config: { idempotent: true, ...write },
      handler: (req, reply) =>
        sendCreated(db, req, reply, async (tx) => {
          const owner =
            surface === 'admin'
              ? await ownerNamed(tx, req.body as { organization_id?: string; location_id?: string })
              : await ownerOfKey(tx, req.principal);
          return endpoints.createEndpoint(tx, req.principal, owner, req.body, check);
        }),
    });

    app.get('/webhook_endpoints', {
      schema: {
        tags,
        operationId: op('listWebhookEndpoints'),
        summary: 'List webhook endpoints',
        querystring: surface === 'admin' ? AdminEndpointsQuery : EndpointsQuery,
        response: { 200: ListOf(Type.Ref('WebhookEndpoint')), ...errorResponses },
      },
      config: read,
      handler: async (req) => listEnvelope(req, await endpoints.listEndpoints(db, req.principal, req.query)),
    });

    app.get('/webhook_endpoints/:webhook_endpoint_id', {
      schema: {
        tags,
        operationId: op('getWebhookEndpoint'),
        summary: 'Retrieve a webhook endpoint',
        params,
        response: one,
      },
      config: read,
      handler: async (req) => endpoints.getEndpoint(db, req.principal, req.params.webhook_endpoint_id),
    });

    app.patch('/webhook_endpoints/:webhook_endpoint_id', {
      schema: {
        tags,
        operationId: op('updateWebhookEndpoint'),
        summary: 'Update a webhook endpoint: URL, event types, description, status',
        description: 'Disabling it fails its deliveries still open; enabling it clears `disabled_reason`.',
        params,
        body: WebhookEndpointUpdate,
        response: one,
      },
      config: write,
      handler: async (req) =>
        db.transaction((tx) =>
          endpoints.updateEndpoint(tx, req.principal, req.params.webhook_endpoint_id, req.body, check),
        ),
    });

    app.delete('/webhook_endpoints/:webhook_endpoint_id', {
      schema: {
        tags,
        operationId: op('deleteWebhookEndpoint'),
        summary: 'Delete a webhook endpoint and its deliveries',
        params,
        response: { 200: Deleted('webhook_endpoint'), ...errorResponses },
      },
      config: { ...write, answersResource: false },
      handler: async (req) =>
        db.transaction((tx) => endpoints.deleteEndpoint(tx, req.principal, req.params.webhook_endpoint_id)),
    });

    app.post('/webhook_endpoints/:webhook_endpoint_id/rotate_secret', {
      schema: {
        tags,
        operationId: op('rotateWebhookEndpointSecret'),
        summary: 'Rotate the signing secret; the previous one signs beside it for 24 hours',
        params,
        response: withSecret,
      },
      config: { idempotent: true, ...write },
      handler: (req, reply) =>
        sendCreated(db, req, reply, (tx) => endpoints.rotateSecret(tx, req.principal, req.params.webhook_endpoint_id)),
    });

    app.get('/webhook_endpoints/:webhook_endpoint_id/deliveries', {
      schema: {
        tags,
        operationId: op('listWebhookEndpointDeliveries'),
        summary: "An endpoint's deliveries, newest first, each with every attempt",
        params,
        querystring: DeliveriesQuery,
        response: { 200: ListOf(Type.Ref('EventDelivery')), ...errorResponses },
      },
      config: read,
      handler: async (req) =>
        listEnvelope(
          req,
          await deliveries.listEndpointDeliveries(db, req.principal, req.params.webhook_endpoint_id, req.query),
        ),
    });

    app.get('/webhook_endpoints/:webhook_endpoint_id/deliveries/:event_delivery_id', {
      schema: {
        tags,
        operationId: op('getWebhookEndpointDelivery'),
        summary: 'A delivery with every attempt',
        params: deliveryParams,
        response: { 200: Type.Ref('EventDelivery'), ...errorResponses },
      },
      config: read,
      handler: async (req) =>
        deliveries.getEndpointDelivery(db, req.principal, req.params.webhook_endpoint_id, req.params.event_delivery_id),
    });

    app.post('/webhook_endpoints/:webhook_endpoint_id/deliveries/:event_delivery_id/retry', {
      schema: {
        tags,
        operationId: op('retryWebhookEndpointDelivery'),
        summary: 'Send an ended delivery again (the same event and webhook-id)',
        description:
          'A fresh attempt budget. Only a succeeded or failed delivery of an enabled endpoint: anything else is 409 resource_conflict.',
        params: deliveryParams,
        response: { 200: Type.Ref('EventDelivery'), ...errorResponses },
      },
      config: write,
      handler: async (req) =>
        db.transaction((tx) =>
          deliveries.resendDelivery(tx, req.principal, req.params.webhook_endpoint_id, req.params.event_delivery_id),
        ),
    });
  };
