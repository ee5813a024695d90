/** Webhook endpoints, events and their deliveries (docs/events.md): the wire schemas and their examples. */
import { Type } from '@sinclair/typebox';
import { ALL_EVENTS, EVENT_RETENTION_DAYS, EVENT_TYPES, PREVIOUS_SECRET_HOURS } from '../../domain/events/types.js';
import { exampleList, Nullable, PageQuery, StringEnum, Timestamp } from './common.js';
import { IdFilter } from './ids.js';
import { OrderExample } from './orders.js';

const Subscribable = StringEnum([...EVENT_TYPES, ALL_EVENTS] as const);
const EnabledEvents = Type.Array(Subscribable, {
  minItems: 1,
  maxItems: 50,
  description: `Event types this endpoint receives, or \`["${ALL_EVENTS}"]\` for all (types added later included) but the message events (\`message.*\`), which an endpoint receives only by naming them, and only when created or changed by a key with \`conversations.read\``,
});
const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description:
    'https; its host must resolve to public addresses only (not loopback, private, link-local, multicast or metadata), checked now and at every send, unless named in WEBHOOK_ALLOWED_HOSTS (then http too)',
});
const Description = Nullable(Type.String({ maxLength: 500 }));

const endpointFields = {
  id: Type.String({ description: '`whe_…`' }),
  object: Type.Literal('webhook_endpoint'),
  url: Type.String(),
  enabled_events: Type.Array(Type.String()),
  description: Nullable(Type.String()),
  status: StringEnum(['enabled', 'disabled'] as const),
  disabled_reason: Nullable(Type.String(), {
    description: 'Why the server disabled it (every delivery failing for days); null otherwise',
  }),
  organization_id: Nullable(Type.String()),
  location_id: Nullable(Type.String(), { description: "Set: the endpoint receives this location's events only" }),
  previous_secret_expires_at: Nullable(Timestamp, {
    description: `After a rotation: until then the previous secret signs beside the new one (${PREVIOUS_SECRET_HOURS} h)`,
  }),
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const WebhookEndpoint = Type.Object(endpointFields, { $id: 'WebhookEndpoint' });
export const WebhookEndpointWithSecret = Type.Object(
  { ...endpointFields, secret: Type.String({ description: 'The signing secret (`whsec_…`): shown here only' }) },
  { $id: 'WebhookEndpointWithSecret' },
);

export const WebhookEndpointCreate = Type.Object(
  { url: Url, enabled_events: EnabledEvents, description: Type.Optional(Description) },
  { additionalProperties: false },
);
export const AdminWebhookEndpointCreate = Type.Object(
  {
    url: Url,
    enabled_events: EnabledEvents,
    description: Type.Optional(Description),
    organization_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    location_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
export const WebhookEndpointUpdate = Type.Object(
  {
    url: Type.Optional(Url),
    enabled_events: Type.Optional(EnabledEvents),
    description: Type.Optional(Description),
    status: Type.Optional(StringEnum(['enabled', 'disabled'] as const)),
  },
  { additionalProperties: false },
);

const { updated_after: _a, updated_before: _b, ...createdPage } = PageQuery;
export const EndpointsQuery = Type.Object(PageQuery, { additionalProperties: false });
export const AdminEndpointsQuery = Type.Object(
  { ...PageQuery, organization_id: IdFilter('organization_id'), location_id: IdFilter('location_id') },
  { additionalProperties: false },
);

const eventFilters = {
  ...createdPage,
  starting_after: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'Cursor: the last event of the previous page, for older ones',
    }),
  ),
  ending_before: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'Cursor: the first event of the current page, for newer ones',
    }),
  ),
  type: Type.Optional(StringEnum(EVENT_TYPES, { description: 'Only events of this type' })),
};
export const EventsQuery = Type.Object(eventFilters, { additionalProperties: false });
export const AdminEventsQuery = Type.Object(
  { ...eventFilters, organization_id: IdFilter('organization_id'), location_id: IdFilter('location_id') },
  { additionalProperties: false },
);

export const Event = Type.Object(
  {
    id: Type.String({ description: '`evt_…`; the `webhook-id` of every delivery of it' }),
    object: Type.Literal('event'),
    type: StringEnum(EVENT_TYPES),
    created_at: Timestamp,
    organization_id: Nullable(Type.String()),
    location_id: Nullable(Type.String()),
    data: Type.Object({
      object: Type.Object(
        {},
        {
          additionalProperties: true,
          description:
            'The resource as the API shows it after the change: an Order (order.*), a Menu (menu.replaced), a MenuAvailability (menu.availability_changed), a settings object (location.settings_updated), a Location (location.updated), a Message (message.*). Each webhook of the document names its own.',
        },
      ),
      changed_by: Type.Optional(
        StringEnum(['staff', 'automatic', 'timeout', 'customer'] as const, {
          description:
            'order.status_changed: who moved it (an API key, acceptance on arrival, the acceptance timeout, the customer through the chatbot)',
        }),
      ),
      reason: Type.Optional(Nullable(Type.String(), { description: 'order.status_changed: the reason given' })),
    }),
    previous_attributes: Nullable(Type.Object({}, { additionalProperties: true }), {
      description:
        "The changed fields' values before the change (order.status_changed: `status` and `status_version`; order.payment_status_changed: `payment`; location.settings_updated and location.updated: each changed field), or null",
    }),
  },
  {
    $id: 'Event',
    description: `One change, immutable; kept ${EVENT_RETENTION_DAYS} days. Delivered to subscribed endpoints as the body of a POST.`,
  },
);

const DeliveryAttempt = Type.Object({
  number: Type.Integer(),
  started_at: Timestamp,
  duration_ms: Type.Integer(),
  status_code: Nullable(Type.Integer(), { description: 'null: no HTTP answer (refused, reset, timed out)' }),
  response_excerpt: Nullable(Type.String({ description: "The answer's first 1,000 characters" })),
  error: Nullable(Type.String()),
  result: StringEnum(['succeeded', 'retry', 'failed'] as const),
});

export const EventDelivery = Type.Object(
  {
    id: Type.String({ description: '`evd_…`' }),
    object: Type.Literal('event_delivery'),
    endpoint_id: Type.String(),
    event_id: Type.String(),
    event_type: Type.String(),
    status: StringEnum(['pending', 'delivering', 'succeeded', 'failed'] as const),
    next_attempt_at: Nullable(Timestamp),
    last_error: Nullable(Type.String()),
    created_at: Timestamp,
    updated_at: Timestamp,
    completed_at: Nullable(Timestamp),
    attempts: Type.Array(DeliveryAttempt),
  },
  { $id: 'EventDelivery' },
);

export const DeliveriesQuery = Type.Object(
  {
    ...createdPage,
    event_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only deliveries of this event' })),
    status: Type.Optional(
      StringEnum(['pending', 'delivering', 'succeeded', 'failed'] as const, {
        description: 'Only deliveries in this status',
      }),
    ),
  },
  { additionalProperties: false },
);

export const eventSchemas = [WebhookEndpoint, WebhookEndpointWithSecret, Event, EventDelivery];

export const WebhookEndpointExample = {
  id: 'whe_01m8a1c9k2y7x4v3t6r5q8p0nz',
  object: 'webhook_endpoint',
  url: 'https://pos.example.com/hooks/orders',
  enabled_events: ['order.created', 'order.status_changed'],
  description: 'Kitchen screen',
  status: 'enabled',
  disabled_reason: null,
  organization_id: 'org_01m896606tyn1y7j3efvkztnh3',
  location_id: null,
  previous_secret_expires_at: null,
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
};
export const WebhookEndpointWithSecretExample = {
  ...WebhookEndpointExample,
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
};
export const WebhookEndpointListExample = exampleList('/v1/webhook_endpoints', [WebhookEndpointExample]);
export const WebhookEndpointCreateExample = {
  url: 'https://pos.example.com/hooks/orders',
  enabled_events: ['order.created', 'order.status_changed'],
  description: 'Kitchen screen',
};
export const AdminWebhookEndpointCreateExample = {
  ...WebhookEndpointCreateExample,
  organization_id: 'org_01m896606tyn1y7j3efvkztnh3',
};
export const WebhookEndpointUpdateExample = { enabled_events: ['*'], status: 'enabled' };
export const DeletedWebhookEndpointExample = {
  id: 'whe_01m8a1c9k2y7x4v3t6r5q8p0nz',
  object: 'webhook_endpoint',
  deleted: true,
};

export const EventExample = {
  id: 'evt_01m8a1d2f3g4h5j6k7m8n9p0qr',
  object: 'event',
  type: 'order.status_changed',
  created_at: '2026-11-27T10:05:00.000Z',
  organization_id: 'org_01m896606tyn1y7j3efvkztnh3',
  location_id: OrderExample.location_id,
  data: { object: OrderExample, changed_by: 'staff', reason: null },
  previous_attributes: { status: 'received', status_version: 0 },
};
export const EventListExample = exampleList('/v1/events', [EventExample]);

export const EventDeliveryExample = {
  id: 'evd_01m8a1d2f3g4h5j6k7m8n9p0qs',
  object: 'event_delivery',
  endpoint_id: WebhookEndpointExample.id,
  event_id: EventExample.id,
  event_type: EventExample.type,
  status: 'succeeded',
  next_attempt_at: null,
  last_error: null,
  created_at: '2026-11-27T10:05:00.000Z',
  updated_at: '2026-11-27T10:05:06.120Z',
  completed_at: '2026-11-27T10:05:06.120Z',
  attempts: [
    {
      number: 1,
      started_at: '2026-11-27T10:05:00.020Z',
      duration_ms: 10000,
      status_code: null,
      response_excerpt: null,
      error: 'timed out after 10000 ms',
      result: 'retry',
    },
    {
      number: 2,
      started_at: '2026-11-27T10:05:06.100Z',
      duration_ms: 20,
      status_code: 200,
      response_excerpt: '',
      error: null,
      result: 'succeeded',
    },
  ],
};
export const EventDeliveryListExample = exampleList(`/v1/webhook_endpoints/${WebhookEndpointExample.id}/deliveries`, [
  EventDeliveryExample,
]);
