import { Type } from '@sinclair/typebox';
import { WEBHOOK_EVENTS } from '../message-webhook/terms.js';
import { exampleList, Nullable, PageQuery, StringEnum, Timestamp } from './common.js';
import { IdFilter } from './ids.js';

const STATUSES = ['pending', 'delivering', 'succeeded', 'failed'] as const;

const Outcome = Type.Object(
  {
    applied: Type.Boolean(),
    rejected_reason: Nullable(Type.String()),
    replies_sent: Type.Integer(),
    draft: StringEnum(['unchanged', 'replaced', 'cleared'] as const),
    location_id: Nullable(Type.String()),
    customer_updated: Type.Boolean(),
    order_id: Nullable(Type.String()),
    placement_problems: Nullable(Type.Array(Type.String())),
    redelivered: Type.Optional(
      Type.Boolean({
        description: 'redeliver: the message goes to the chatbot again (event location_chosen or address_looked_up)',
      }),
    ),
    fallback_sent: Type.Boolean(),
  },
  { description: 'What the answer did, or why nothing was done (and whether the customer got the fallback reply)' },
);

export const WebhookAttempt = Type.Object({
  number: Type.Integer({ description: '1 for the first; numbers go on after a retry' }),
  started_at: Timestamp,
  duration_ms: Type.Integer(),
  status_code: Nullable(Type.Integer(), { description: 'null: no HTTP answer (refused, reset, timed out)' }),
  response_excerpt: Nullable(Type.String({ description: "The answer's first 1,000 characters" })),
  error: Nullable(Type.String()),
  result: StringEnum(['succeeded', 'retry', 'failed'] as const),
});

const deliveryFields = {
  id: Type.String({ description: '`whd_…`, also the `webhook-id` header (the same on every attempt)' }),
  object: Type.Literal('webhook_delivery'),
  conversation_id: Type.String(),
  message_id: Type.String({ description: 'The customer message delivered' }),
  event: StringEnum(WEBHOOK_EVENTS),
  problems: Nullable(Type.Array(Type.Unknown()), { description: "order_problems: the draft's problems" }),
  previous_location_id: Nullable(Type.String(), {
    description: 'location_chosen: the location the conversation targeted before the answer switched it',
  }),
  address_lookup: Nullable(Type.Object({ query: Type.Unknown(), result: Type.Unknown() }), {
    description:
      "address_looked_up: the address the answer asked about (lookUpAddress) and the geocoder's answer, as the body's event.addressLookup shows them",
  }),
  status: StringEnum(STATUSES),
  attempt_count: Type.Integer({ description: 'Attempts since it was created, or since an admin retried it' }),
  next_attempt_at: Nullable(Timestamp, {
    description: 'pending: when it is tried (at the earliest: it waits its turn)',
  }),
  lease_until: Nullable(Timestamp, {
    description: 'delivering: when another process may take it over if this attempt never ends',
  }),
  last_error: Nullable(Type.String()),
  outcome: Nullable(Outcome),
  queue_at: Timestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
  completed_at: Nullable(Timestamp),
};

export const WebhookDelivery = Type.Object(deliveryFields, {
  description: "One customer message on its way to the chatbot's receiver",
});

export const WebhookDeliveryWithAttempts = Type.Object(
  { ...deliveryFields, attempts: Type.Array(WebhookAttempt, { description: 'Every attempt, oldest first' }) },
  { description: 'A delivery with every attempt made' },
);

export const WebhookDeliveriesQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(StringEnum(STATUSES, { description: 'Only deliveries in this status' })),
    conversation_id: IdFilter('conversation_id'),
  },
  { additionalProperties: false },
);

export const WebhookSettings = Type.Object({
  object: Type.Literal('webhook_settings'),
  url: Nullable(Type.String(), {
    description: '`{CHATBOT_URL}/message`; null when CHATBOT_URL is unset (deliveries wait)',
  }),
  token_set: Type.Boolean({ description: 'Whether CHATBOT_TOKEN is set (it is never shown)' }),
  signing_secret: Type.String({ description: 'The Standard Webhooks secret (`whsec_…`) the receiver verifies with' }),
  signing_secret_source: StringEnum(['environment', 'generated'] as const, {
    description: 'environment: CHATBOT_SIGNING_SECRET; generated: made by the server once and kept in the database',
  }),
  timeout_ms: Type.Integer(),
  retry_delays_ms: Type.Array(Type.Integer(), { description: 'The waits before the 2nd, 3rd… attempt (±20 %)' }),
  deliveries: Type.Object({ pending: Type.Integer(), delivering: Type.Integer(), failed: Type.Integer() }),
});

// Examples for the OpenAPI document (src/http/openapi-examples.ts names them): taken from the API's own
// answers to a run of the test fixtures; test/http/openapi.test.ts checks each against its schema.

export const WebhookDeliveryExample = {
  id: 'whd_01m89661dybnq9a0jt1yc4rgt5',
  object: 'webhook_delivery',
  conversation_id: 'cnv_01m89661dr8ef3ydn283g7e6rx',
  message_id: 'msg_01m89661dwrn5hg530p5x9rn5n',
  event: 'message',
  problems: null,
  previous_location_id: null,
  address_lookup: null,
  status: 'pending',
  attempt_count: 0,
  next_attempt_at: '2026-11-25T11:06:49.141Z',
  lease_until: null,
  last_error: null,
  outcome: null,
  queue_at: '2026-11-25T11:06:49.148Z',
  created_at: '2026-11-25T11:06:49.141Z',
  updated_at: '2026-11-25T11:06:49.141Z',
  completed_at: null,
};
export const WebhookDeliveryListExample = exampleList('/admin/v1/webhook_deliveries', [WebhookDeliveryExample]);
export const WebhookDeliveryWithAttemptsExample = { ...WebhookDeliveryExample, attempts: [] };
export const WebhookSettingsExample = {
  object: 'webhook_settings',
  url: 'https://chatbot.example.org',
  token_set: true,
  signing_secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  signing_secret_source: 'generated',
  timeout_ms: 10000,
  retry_delays_ms: [1000, 3000, 10000, 30000, 120000, 300000],
  deliveries: { pending: 1, delivering: 0, failed: 0 },
};
