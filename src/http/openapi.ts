import type { SwaggerOptions } from '@fastify/swagger';
import type { OpenAPIV3_1 } from 'openapi-types';
import { DEFAULT_PORT } from '../config.js';
import { MessageWebhookAnswer } from '../contracts/message-webhook/answer.js';
import { MessageWebhookBody } from '../contracts/message-webhook/body.js';
import { completeDocument, documentSchema, markRoute } from './openapi-extras.js';

/**
 * JSON as the document holds it: TypeBox keeps its kinds on symbols, which JSON leaves out anyway; and in
 * JSON Schema 2020-12 form (`documentSchema`), as the rest of the document.
 */
const plain = (schema: object) => documentSchema(JSON.parse(JSON.stringify(schema)));

const header = (name: string, description: string): OpenAPIV3_1.ParameterObject => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
});

/**
 * The outbound call the server makes (spec "Events"; docs/message-webhook.md): OpenAPI 3.1 `webhooks`,
 * whose schemas are the ones the server builds and checks bodies and answers with. They sit inline, not
 * in `components`: @fastify/swagger rewrites component schemas (`const` becomes `enum`), and the document
 * must hold exactly the schema tests validate real bodies against.
 */
const webhooks: Record<string, OpenAPIV3_1.PathItemObject> = {
  message: {
    post: {
      tags: ['Message webhook'],
      summary: 'A customer message, with everything the chatbot needs to answer it',
      description:
        'POSTed to `{CHATBOT_URL}/message` for each customer message, in order within a conversation, retried on network errors, timeouts, 429 and 5xx. The 200 answer is carried out; any other 2xx, or an empty body, means nothing to do.',
      operationId: 'messageWebhook',
      security: [{ chatbotBearer: [] }],
      parameters: [
        header('webhook-id', 'Standard Webhooks: the delivery id (`whd_…`, = `event.id`), the same on every retry'),
        header('webhook-timestamp', 'Standard Webhooks: Unix seconds when this attempt was signed'),
        header(
          'webhook-signature',
          'Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the signing secret (`whsec_…`, CHATBOT_SIGNING_SECRET)',
        ),
      ],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: plain(MessageWebhookBody) } },
      },
      responses: {
        200: {
          description: 'What to do next; every field optional',
          content: { 'application/json': { schema: plain(MessageWebhookAnswer) } },
        },
        401: {
          description:
            'The bearer token (or the signature) was not accepted: not retried, the customer gets the fallback reply',
        },
      },
    },
  },
};

/** The integrator events (docs/events.md): one POST per event to each subscribed endpoint, the `Event` schema as body. */
const SETTINGS_REFS = ['OrderSettings', 'OpeningHours', 'DeliverySettings', 'AcceptanceSettings', 'AiInstructions'];
const refTo = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The `Event` schema with this type and this resource in `data.object`. */
const eventOf = (type: string, object: object) => ({
  allOf: [
    refTo('Event'),
    { type: 'object', properties: { type: { const: type }, data: { type: 'object', properties: { object } } } },
  ],
});

const eventWebhook = (type: string, summary: string, object: object): OpenAPIV3_1.PathItemObject => ({
  post: {
    tags: ['Events'],
    summary,
    description: `The event \`${type}\` POSTed to a webhook endpoint subscribed to it (or to \`*\`). A 2xx acknowledges it; no answer, timeouts, 429 and 5xx are retried for about three days; per endpoint, one order's events arrive in order (docs/events.md).`,
    // Authenticated by its signature (the headers below), not by a scheme the receiver is sent.
    security: [],
    operationId: `${type.replace(/[._](\w)/g, (_, c: string) => c.toUpperCase())}Event`,
    parameters: [
      header('webhook-id', 'Standard Webhooks: the event id (`evt_…`), the same on every attempt'),
      header('webhook-timestamp', 'Standard Webhooks: Unix seconds when this attempt was signed'),
      header(
        'webhook-signature',
        "Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret; during the 24 hours after a rotation, one signature per secret, space-separated",
      ),
    ],
    requestBody: {
      required: true,
      content: { 'application/json': { schema: eventOf(type, object) as never } },
    },
    responses: { 200: { description: 'Any 2xx acknowledges the event; its body is ignored' } },
  },
});

webhooks['order.created'] = eventWebhook('order.created', 'An order was created (status received)', refTo('Order'));
webhooks['order.status_changed'] = eventWebhook(
  'order.status_changed',
  "An order's status changed: who changed it in data.changed_by, the earlier status in previous_attributes",
  refTo('Order'),
);
webhooks['order.payment_status_changed'] = eventWebhook(
  'order.payment_status_changed',
  "An order's payment changed: the earlier payment in previous_attributes",
  refTo('Order'),
);
webhooks['menu.replaced'] = eventWebhook('menu.replaced', "A location's menu was replaced", refTo('Menu'));
webhooks['menu.availability_changed'] = eventWebhook(
  'menu.availability_changed',
  'Items were switched off or on: the items off now',
  refTo('MenuAvailability'),
);
webhooks['location.settings_updated'] = eventWebhook(
  'location.settings_updated',
  "A location's settings object changed: its changed fields' earlier values in previous_attributes",
  { anyOf: SETTINGS_REFS.map(refTo) },
);

webhooks['location.updated'] = eventWebhook(
  'location.updated',
  "A location's own fields changed (PATCH …/locations/{id}): their earlier values in previous_attributes",
  refTo('Location'),
);
webhooks['message.received'] = eventWebhook(
  'message.received',
  "A customer's message was stored (sent only to endpoints that name this type, created by a key with conversations.read)",
  refTo('Message'),
);
webhooks['message.sent'] = eventWebhook(
  'message.sent',
  'A message to a customer (the chatbot, staff or an order notice) was accepted by the channel (sent only to endpoints that name this type)',
  refTo('Message'),
);

/** Where the API runs: `npm start` on this machine (the API reference page adds its own origin). */
export const servers: OpenAPIV3_1.ServerObject[] = [
  {
    url: `http://localhost:${DEFAULT_PORT}`,
    description: `A server started locally with \`npm start\` (PORT, default ${DEFAULT_PORT})`,
  },
];

export const openapiOptions: SwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Ordering Platform API',
      version: '2026-05-01',
      description:
        'Public surface /v1 (organization and location keys, svc_org_) and admin surface /admin/v1 (admin keys, svc_admin_). `webhooks.message` is the call the server makes to the chatbot; the other `webhooks` are the events POSTed to webhook endpoints of integrators.',
      // No LICENSE file and no `license` in package.json: the code is not licensed to others.
      license: { name: 'Proprietary' },
    },
    servers,
    components: {
      securitySchemes: {
        publicKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description:
            'The public surface /v1: an organization key or a location key (`svc_org_…`), scoped to one organization and its locations or to one location, with the permissions it was issued with. Admin keys are refused here (403 api_key_wrong_surface).',
        },
        adminKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description:
            'The admin surface /admin/v1: an admin key (`svc_admin_…`), for the platform itself. Organization and location keys are refused here (403 api_key_wrong_surface).',
        },
        chatbotBearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The message webhook: `Authorization: Bearer <CHATBOT_TOKEN>` sent to the chatbot',
        },
      },
    },
    // No document-wide default: each operation declares its surface's scheme (openapi-security.ts).
    webhooks,
  },
  transform: (route) => markRoute(route as never) as never,
  transformObject: (documentObject) => completeDocument(documentObject as never),
  refResolver: { buildLocalReference: (json, _base, _fragment, i) => (json.$id as string) ?? `def-${i}` },
};
