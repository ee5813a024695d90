import { Type } from '@sinclair/typebox';
import { CURRENCIES, EMAIL_MAX } from '../../domain/locations.js';
import { Nullable, PageQuery, StringEnum, Timestamp } from './common.js';
import { conversationSchemas } from './conversations.js';
import { FeeSchedule, FinancialRecord, ProductAnalytics } from './insights.js';
import { Menu, MenuAvailability } from './menus.js';
import { Order, PaymentEvent } from './orders.js';
import { SETTINGS_SCHEMAS } from './settings.js';

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

const expandList = Type.Array(StringEnum(['locations'] as const), { maxItems: 5 });
export const ExpandQuery = Type.Object(
  { 'expand[]': Type.Optional(expandList), expand: Type.Optional(expandList) },
  { additionalProperties: false },
);
export const ListExpandQuery = Type.Object(
  { ...PageQuery, 'expand[]': Type.Optional(expandList), expand: Type.Optional(expandList) },
  { additionalProperties: false },
);
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

export const ApiKey = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('api_key'),
    type: StringEnum(['public', 'admin'] as const),
    name: Nullable(Type.String()),
    prefix: Type.String({ description: 'svc_org_ or svc_admin_' }),
    last4: Type.String(),
    redacted_key: Type.String({ description: 'Prefix and last four characters' }),
    organization_id: Nullable(Type.String()),
    location_id: Nullable(Type.String()),
    permissions: Type.Array(Type.String()),
    revoked: Type.Boolean(),
    revoked_at: Nullable(Timestamp),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'ApiKey' },
);

/** Schemas with an $id: registered once at the root, referenced by routes and in OpenAPI components. */
export const sharedSchemas = [
  Location,
  Organization,
  SpecialClosing,
  ApiKey,
  ...Object.values(SETTINGS_SCHEMAS).map((s) => s.out),
  Order,
  PaymentEvent,
  FinancialRecord,
  FeeSchedule,
  ProductAnalytics,
  Menu,
  MenuAvailability,
  ...conversationSchemas,
];
