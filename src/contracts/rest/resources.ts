import { Type } from '@sinclair/typebox';
import { CURRENCIES, EMAIL_MAX } from '../../domain/locations.js';
import { ApiKey } from './api-keys.js';
import { exampleList, Nullable, PageQuery, pick, StringEnum, Timestamp } from './common.js';
import { conversationSchemas } from './conversations.js';
import { eventSchemas } from './events.js';
import { FeeSchedule, FinancialRecord, ProductAnalytics } from './insights.js';
import { Menu, MenuAvailability } from './menus.js';
import { OrderNotice } from './order-notices.js';
import { Order, PaymentEvent } from './orders.js';
import { SETTINGS_SCHEMAS } from './settings.js';
import { User } from './users.js';

const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const Text = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: '\\S' });

export const Address = Type.Object(
  {
    line1: Text(200),
    line2: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    postal_code: Text(20),
    city: Text(100),
    country: Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' }),
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
  },
  { additionalProperties: false },
);

const AddressOut = Type.Object({
  line1: Type.String(),
  line2: Nullable(Type.String()),
  postal_code: Type.String(),
  city: Type.String(),
  country: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
});

export const Location = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('location'),
    organization_id: Nullable(Type.String()),
    name: Type.String(),
    currency: Type.String(),
    country: Type.String(),
    timezone: Type.String(),
    default_language: Type.String(),
    address: Nullable(AddressOut),
    phone: Nullable(Type.String(), {
      description: "The restaurant's phone number for customers, E.164 (`+493012345678`); null if not set",
    }),
    email: Nullable(Type.String(), {
      description: "The restaurant's e-mail address for customers; null if not set",
    }),
    active: Type.Boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Location' },
);

const locationFields = {
  name: Name,
  currency: StringEnum(CURRENCIES),
  country: Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' }),
  timezone: Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone name' }),
  default_language: Type.String({ minLength: 2, maxLength: 35, description: 'BCP 47 language tag' }),
  address: Type.Optional(Nullable(Address)),
  phone: Type.Optional(
    Nullable(Type.String({ minLength: 1, maxLength: 40 }), {
      description:
        "Phone number for customers: international (`+49 30 1234567`, `0049…`) or national in the location's country (`030 1234567`); stored in E.164. null removes it",
    }),
  ),
  email: Type.Optional(
    Nullable(Type.String({ format: 'email', maxLength: EMAIL_MAX }), {
      description: 'E-mail address for customers (`name@domain.tld`); null removes it',
    }),
  ),
};

export const LocationCreate = Type.Object(locationFields, { additionalProperties: false });
export const AdminLocationCreate = Type.Object(
  { ...locationFields, active: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export const LocationUpdate = Type.Partial(LocationCreate, { additionalProperties: false });
export const AdminLocationUpdate = Type.Partial(AdminLocationCreate, { additionalProperties: false });

export const Organization = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('organization'),
    name: Type.String(),
    location_ids: Type.Array(Type.Union([Type.String(), Type.Ref('Location')]), {
      description: 'Location ids, or location objects with expand[]=locations',
    }),
    active_location_ids: Type.Array(Type.String()),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Organization' },
);

export const OrganizationCreate = Type.Object({ name: Name }, { additionalProperties: false });
export const OrganizationUpdate = Type.Partial(OrganizationCreate, { additionalProperties: false });

const expandList = (description: string) =>
  Type.Optional(Type.Array(StringEnum(['locations'] as const), { maxItems: 5, description }));
const expand = {
  'expand[]': expandList('Referenced objects to inline: `locations` replaces `location_ids` with location objects'),
  expand: expandList('Same as `expand[]`'),
};
export const ExpandQuery = Type.Object(expand, { additionalProperties: false });
export const ListExpandQuery = Type.Object({ ...PageQuery, ...expand }, { additionalProperties: false });
export const wantsLocations = (q: { 'expand[]'?: string[]; expand?: string[] }) =>
  [...(q['expand[]'] ?? []), ...(q.expand ?? [])].includes('locations');

export const SpecialClosing = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('special_closing'),
    location_id: Type.String(),
    starts_at: Timestamp,
    ends_at: Timestamp,
    reason: Type.String(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'SpecialClosing' },
);

export const SpecialClosingCreate = Type.Object(
  {
    starts_at: Timestamp,
    ends_at: Timestamp,
    reason: Type.String({ minLength: 1, maxLength: 1000, description: 'Told to customers by the AI clerk' }),
  },
  { additionalProperties: false },
);
export const SpecialClosingUpdate = Type.Partial(SpecialClosingCreate, { additionalProperties: false });

/** Schemas with an $id: registered once at the root, referenced by routes and in OpenAPI components. */
export const sharedSchemas = [
  Location,
  Organization,
  SpecialClosing,
  ApiKey,
  ...Object.values(SETTINGS_SCHEMAS).map((s) => s.out),
  Order,
  OrderNotice,
  PaymentEvent,
  FinancialRecord,
  FeeSchedule,
  ProductAnalytics,
  Menu,
  MenuAvailability,
  ...conversationSchemas,
  User,
  ...eventSchemas,
];

// Examples for the OpenAPI document (src/http/openapi-examples.ts names them): taken from the API's own
// answers to a run of the test fixtures; test/http/openapi.test.ts checks each against its schema.

export const OrganizationExample = {
  id: 'org_01m896606tyn1y7j3efvkztnh3',
  object: 'organization',
  name: 'Trattoria Centrale GmbH',
  location_ids: [],
  active_location_ids: [],
  created_at: '2026-11-25T11:06:47.898Z',
  updated_at: '2026-11-25T11:06:47.898Z',
};
export const OrganizationListExample = exampleList('/admin/v1/organizations', [OrganizationExample]);
export const OrganizationCreateExample = { name: 'Trattoria Centrale GmbH' };
export const OrganizationUpdateExample = { name: 'Trattoria Centrale GmbH' };
export const LocationExample = {
  id: 'loc_01m89660cec5cqzqz0z0v74yg3',
  object: 'location',
  organization_id: 'org_01m896606tyn1y7j3efvkztnh3',
  name: 'Trattoria Centrale Mitte',
  currency: 'EUR',
  country: 'DE',
  timezone: 'Europe/Berlin',
  default_language: 'de',
  address: {
    line1: 'Hauptstraße 1',
    line2: null,
    postal_code: '10115',
    city: 'Berlin',
    country: 'DE',
    latitude: 52.532,
    longitude: 13.384,
  },
  phone: '+493012345678',
  email: 'mitte@trattoria-centrale.example',
  active: true,
  created_at: '2026-11-25T11:06:48.078Z',
  updated_at: '2026-11-25T11:06:48.078Z',
};
export const LocationListExample = exampleList('/v1/organizations/org_01m896606tyn1y7j3efvkztnh3/locations', [
  LocationExample,
]);
export const LocationCreateExample = pick(LocationExample, [
  'name',
  'currency',
  'country',
  'timezone',
  'default_language',
  'address',
  'phone',
  'email',
]);
/** An admin creates a location with the same fields. */
export const AdminLocationCreateExample = LocationCreateExample;
export const LocationUpdateExample = {
  name: 'Trattoria Centrale Mitte',
  default_language: 'de',
  phone: '030 1234567',
  email: null,
};
export const AdminLocationUpdateExample = { active: true };
export const SpecialClosingExample = {
  id: 'scl_01m89660x74w2ds9jk3nm6wct8',
  object: 'special_closing',
  location_id: 'loc_01m89660cec5cqzqz0z0v74yg3',
  starts_at: '2026-12-24T14:00:00.000Z',
  ends_at: '2026-12-27T06:00:00.000Z',
  reason: 'Christmas holidays',
  created_at: '2026-11-25T11:06:48.615Z',
  updated_at: '2026-11-25T11:06:48.615Z',
};
export const SpecialClosingListExample = exampleList('/v1/locations/loc_01m89660cec5cqzqz0z0v74yg3/special_closings', [
  SpecialClosingExample,
]);
export const SpecialClosingCreateExample = {
  starts_at: '2026-12-24T14:00:00Z',
  ends_at: '2026-12-27T06:00:00Z',
  reason: 'Christmas holidays',
};
export const SpecialClosingUpdateExample = { ends_at: '2026-12-26T22:00:00Z' };
export const DeletedSpecialClosingExample = {
  id: 'scl_01m89660xx866ay30h6309enhg',
  object: 'special_closing',
  deleted: true,
};
