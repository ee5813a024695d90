import { type TObject, type TProperties, Type } from '@sinclair/typebox';
import { DAYS } from '../../domain/hours.js';
import { SERVICE_TYPES } from '../../domain/orders/status.js';
import { AI_GREETING_MAX, AI_INSTRUCTIONS_MAX } from '../../domain/settings/ai-instructions.js';
import { POSTAL_CODES_PER_LOCATION_MAX, POSTAL_CODES_PER_ZONE_MAX } from '../../domain/settings/delivery-settings.js';
import { PAYMENT_METHODS } from '../../domain/settings/order-settings.js';
import { Money, Nullable, OneOf, StringEnum, Timestamp } from './common.js';

// No top-level defaults here: PATCH bodies are partial, and a default would overwrite stored values.

const orderSettings = {
  accepting_orders: Type.Boolean({ description: 'Off pauses new orders whatever the hours say' }),
  service_types: Type.Array(StringEnum(SERVICE_TYPES), { uniqueItems: true, maxItems: 3 }),
  payment_methods: Type.Array(StringEnum(PAYMENT_METHODS), { uniqueItems: true, minItems: 1, maxItems: 3 }),
  preparation_time_minutes: Type.Integer({ minimum: 0, maximum: 240 }),
  minimum_order: Nullable(Money),
  scheduled_orders_max_days_ahead: Type.Integer({
    minimum: 0,
    maximum: 30,
    description: '0: as soon as possible only',
  }),
  customer_notes_allowed: Type.Boolean(),
};

const Period = Type.Object(
  {
    day: StringEnum(DAYS),
    opens: Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM, local time' }),
    closes: Type.String({
      pattern: '^(([01]\\d|2[0-3]):[0-5]\\d|24:00)$',
      description: 'HH:MM, local time; at or before `opens` means the next day',
    }),
  },
  { additionalProperties: false },
);
const openingHours = { periods: Type.Array(Period, { maxItems: 70 }) };

const Coordinates = Type.Object(
  { latitude: Type.Number({ minimum: -90, maximum: 90 }), longitude: Type.Number({ minimum: -180, maximum: 180 }) },
  { additionalProperties: false },
);
const RadiusArea = Type.Object(
  {
    type: Type.Literal('radius'),
    radius_meters: Type.Integer({ minimum: 100, maximum: 50_000 }),
    center: Type.Optional(Nullable(Coordinates, { default: null, description: "null: the location's address" })),
  },
  { additionalProperties: false },
);
const PolygonArea = Type.Object(
  {
    type: Type.Literal('polygon'),
    coordinates: Type.Array(
      Type.Tuple([Type.Number({ minimum: -90, maximum: 90 }), Type.Number({ minimum: -180, maximum: 180 })]),
      { minItems: 3, maxItems: 500, description: '[latitude, longitude] points of the outline' },
    ),
  },
  { additionalProperties: false },
);
// Formats are checked by the location's country (src/domain/postal-codes/check.ts), with messages naming it.
const PostalCodesArea = Type.Object(
  {
    type: Type.Literal('postal_codes'),
    postal_codes: Type.Array(
      Type.String({
        minLength: 1,
        maxLength: 20,
        description: "A postal code of the location's country (`10115`, `NW1 6XE`) or a prefix ending in `*` (`101*`)",
      }),
      {
        minItems: 1,
        maxItems: POSTAL_CODES_PER_ZONE_MAX,
        description: `Matched ignoring letter case, spaces and hyphens; no two alike; at most ${POSTAL_CODES_PER_LOCATION_MAX} over all zones. Stored trimmed and upper-case`,
      },
    ),
  },
  { additionalProperties: false },
);
const Zone = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    area: OneOf([RadiusArea, PolygonArea, PostalCodesArea], 'type'),
    fee: Money,
    minimum_order: Money,
    free_delivery_threshold: Type.Optional(Nullable(Money, { default: null })),
    estimated_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 300, default: 45 })),
  },
  { additionalProperties: false },
);
const deliverySettings = {
  enabled: Type.Boolean(),
  zones: Type.Array(Zone, {
    maxItems: 50,
    description:
      'First match wins: list inner zones first. An address without coordinates can only match a postal-code zone',
  }),
};

const acceptanceSettings = {
  mode: StringEnum(['manual', 'automatic'] as const),
  timeout_seconds: Type.Integer({ minimum: 30, maximum: 3600 }),
  timeout_action: StringEnum(['reject', 'accept'] as const),
  timeout_rejection_reason: Nullable(Type.String({ minLength: 1, maxLength: 500 })),
};

const aiInstructions = {
  instructions: Type.String({ maxLength: AI_INSTRUCTIONS_MAX, description: 'Characters, not bytes' }),
  greeting: Nullable(Type.String({ minLength: 1, maxLength: AI_GREETING_MAX })),
  tone: StringEnum(['friendly', 'formal', 'concise'] as const),
  languages: Type.Array(Type.String({ minLength: 2, maxLength: 35 }), { uniqueItems: true, maxItems: 20 }),
};

function output(kind: string, fields: TProperties, extra: TProperties = {}): TObject {
  return Type.Object(
    {
      object: Type.Literal(kind),
      location_id: Type.String(),
      ...fields,
      ...extra,
      created_at: Timestamp,
      updated_at: Timestamp,
    },
    { $id: kind.replace(/(^|_)(\w)/g, (_m, _u, c: string) => c.toUpperCase()) },
  );
}

/**
 * What a GET returned may be written back as it is: a read-only field is accepted and ignored when it holds
 * the value it has (src/domain/settings/read-only.ts checks it, so that any other value is refused with a
 * message saying the field is read-only, not as a type error).
 */
const readOnly = (description: string) =>
  Type.Optional(
    Type.Unknown({
      readOnly: true,
      description: `${description}. Read-only: may be sent back as read and is then ignored; another value is refused.`,
    }),
  );
const readOnlyFields = {
  object: readOnly('The object type'),
  location_id: readOnly('The location'),
  created_at: readOnly('When the settings object was created'),
  updated_at: readOnly('When it was last written; any instant is accepted, as it moves with every write'),
};
const readOnlyHours = {
  ...readOnlyFields,
  timezone: readOnly("The location's time zone (changed on the location)"),
  open_now: readOnly('Open at this instant; any boolean is accepted, as it moves with the clock'),
  current_special_closing_id: readOnly(
    'The special closing in force; any id or null is accepted, as it moves with the clock',
  ),
};

export const SETTINGS_SCHEMAS = {
  order_settings: { fields: orderSettings, readOnly: readOnlyFields, out: output('order_settings', orderSettings) },
  delivery_settings: {
    fields: deliverySettings,
    readOnly: readOnlyFields,
    out: output('delivery_settings', deliverySettings),
  },
  acceptance_settings: {
    fields: acceptanceSettings,
    readOnly: readOnlyFields,
    out: output('acceptance_settings', acceptanceSettings),
  },
  ai_instructions: { fields: aiInstructions, readOnly: readOnlyFields, out: output('ai_instructions', aiInstructions) },
  opening_hours: {
    fields: openingHours,
    readOnly: readOnlyHours,
    out: output('opening_hours', openingHours, {
      timezone: Type.String({ description: "The location's time zone, in which periods are read" }),
      open_now: Type.Boolean({ description: 'Open by its periods at this instant and not in a special closing' }),
      current_special_closing_id: Nullable(Type.String()),
    }),
  },
};

// Examples for the OpenAPI document (src/http/openapi-examples.ts names them): taken from the API's own
// answers to a run of the test fixtures; test/http/openapi.test.ts checks each against its schema.

export const OpeningHoursExample = {
  object: 'opening_hours',
  location_id: 'loc_01m89660cec5cqzqz0z0v74yg3',
  periods: [
    { day: 'monday', opens: '11:00', closes: '23:00' },
    { day: 'tuesday', opens: '11:00', closes: '23:00' },
    { day: 'wednesday', opens: '11:00', closes: '23:00' },
    { day: 'thursday', opens: '11:00', closes: '23:00' },
    { day: 'friday', opens: '11:00', closes: '23:00' },
    { day: 'saturday', opens: '11:00', closes: '23:00' },
    { day: 'sunday', opens: '11:00', closes: '23:00' },
  ],
  timezone: 'Europe/Berlin',
  open_now: true,
  current_special_closing_id: null,
  created_at: '2026-11-25T11:06:48.078Z',
  updated_at: '2026-11-25T11:06:48.483Z',
};
export const OpeningHoursReplaceExample = {
  periods: [
    { day: 'monday', opens: '11:00', closes: '23:00' },
    { day: 'tuesday', opens: '11:00', closes: '23:00' },
    { day: 'wednesday', opens: '11:00', closes: '23:00' },
    { day: 'thursday', opens: '11:00', closes: '23:00' },
    { day: 'friday', opens: '11:00', closes: '23:00' },
    { day: 'saturday', opens: '11:00', closes: '23:00' },
    { day: 'sunday', opens: '11:00', closes: '23:00' },
  ],
};
export const OrderSettingsExample = {
  object: 'order_settings',
  location_id: 'loc_01m89660cec5cqzqz0z0v74yg3',
  accepting_orders: true,
  service_types: ['delivery', 'collection', 'eat_in'],
  payment_methods: ['cash', 'card'],
  preparation_time_minutes: 20,
  minimum_order: null,
  scheduled_orders_max_days_ahead: 7,
  customer_notes_allowed: true,
  created_at: '2026-11-25T11:06:48.078Z',
  updated_at: '2026-11-25T11:06:48.505Z',
};
export const OrderSettingsUpdateExample = {
  accepting_orders: true,
  service_types: ['delivery', 'collection', 'eat_in'],
  payment_methods: ['cash', 'card'],
  preparation_time_minutes: 20,
  minimum_order: null,
  scheduled_orders_max_days_ahead: 7,
  customer_notes_allowed: true,
};
export const DeliverySettingsExample = {
  object: 'delivery_settings',
  location_id: 'loc_01m89660cec5cqzqz0z0v74yg3',
  enabled: true,
  zones: [
    {
      name: 'Centre',
      area: { type: 'radius', radius_meters: 2000, center: null },
      fee: { amount: 250, currency: 'EUR' },
      minimum_order: { amount: 1500, currency: 'EUR' },
      free_delivery_threshold: { amount: 3000, currency: 'EUR' },
      estimated_minutes: 30,
    },
    {
      name: 'City',
      area: {
        type: 'polygon',
        coordinates: [
          [52.4, 13.2],
          [52.4, 13.6],
          [52.7, 13.6],
          [52.7, 13.2],
        ],
      },
      fee: { amount: 450, currency: 'EUR' },
      minimum_order: { amount: 2500, currency: 'EUR' },
      free_delivery_threshold: null,
      estimated_minutes: 45,
    },
  ],
  created_at: '2026-11-25T11:06:48.078Z',
  updated_at: '2026-11-25T11:06:48.523Z',
};
export const DeliverySettingsUpdateExample = {
  enabled: DeliverySettingsExample.enabled,
  zones: DeliverySettingsExample.zones,
};
export const AcceptanceSettingsExample = {
  object: 'acceptance_settings',
  location_id: 'loc_01m89660cec5cqzqz0z0v74yg3',
  mode: 'manual',
  timeout_seconds: 300,
  timeout_action: 'reject',
  timeout_rejection_reason: 'Not accepted in time',
  created_at: '2026-11-25T11:06:48.078Z',
  updated_at: '2026-11-25T11:06:48.556Z',
};
export const AcceptanceSettingsUpdateExample = {
  mode: 'manual',
  timeout_seconds: 300,
  timeout_action: 'reject',
  timeout_rejection_reason: 'Not accepted in time',
};
export const AiInstructionsExample = {
  object: 'ai_instructions',
  location_id: 'loc_01m89660cec5cqzqz0z0v74yg3',
  instructions: 'Suggest the daily special. Pizzas take 20 minutes.',
  greeting: 'Ciao! What can we cook for you today?',
  tone: 'friendly',
  languages: ['de', 'en', 'it'],
  created_at: '2026-11-25T11:06:48.078Z',
  updated_at: '2026-11-25T11:06:48.577Z',
};
export const AiInstructionsUpdateExample = {
  instructions: 'Suggest the daily special. Pizzas take 20 minutes.',
  greeting: 'Ciao! What can we cook for you today?',
  tone: 'friendly',
  languages: ['de', 'en', 'it'],
};
