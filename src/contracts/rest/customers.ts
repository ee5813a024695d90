/** Customers as a restaurant keeps them: one per phone number and organization (or standalone location). */
import { Type } from '@sinclair/typebox';
import { exampleList, Nullable, PageQuery, Timestamp } from './common.js';
import { IdFilter } from './ids.js';

export const Customer = Type.Object(
  {
    id: Type.String({ description: '`cus_…`' }),
    object: Type.Literal('customer'),
    organization_id: Nullable(Type.String()),
    location_id: Nullable(Type.String({ description: 'Set for customers of a standalone location' })),
    phone: Nullable(Type.String(), {
      description: 'E.164; null for a WhatsApp user who writes without a phone number (whatsapp_user_id then)',
    }),
    whatsapp_user_id: Nullable(Type.String(), {
      description:
        "WhatsApp's business-scoped user id (from_user_id), when the channel gave one; the customer's address when phone is null",
    }),
    name: Nullable(Type.String()),
    language: Nullable(Type.String()),
    notes: Nullable(Type.String()),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Customer' },
);

export const CustomerUpdate = Type.Object(
  {
    name: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    language: Type.Optional(Nullable(Type.String({ minLength: 2, maxLength: 35 }))),
    notes: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
  },
  { additionalProperties: false },
);

const PhoneFilter = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 40,
    description: 'Only the customer with this phone number, in any form the channels accept (`+41 79 123 45 67`)',
  }),
);
export const CustomersQuery = Type.Object({ ...PageQuery, phone: PhoneFilter }, { additionalProperties: false });
export const AdminCustomersQuery = Type.Object(
  {
    ...PageQuery,
    phone: PhoneFilter,
    organization_id: IdFilter('organization_id'),
  },
  { additionalProperties: false },
);

// Examples for the OpenAPI document (src/http/openapi-examples.ts names them): taken from the API's own
// answers to a run of the test fixtures; test/http/openapi.test.ts checks each against its schema.

export const CustomerExample = {
  id: 'cus_01m89661dr8ef3ydn283g7e6rw',
  object: 'customer',
  organization_id: 'org_01m896606tyn1y7j3efvkztnh3',
  location_id: null,
  phone: '+49301234567',
  whatsapp_user_id: null,
  name: 'Anna Schmidt',
  language: 'de',
  notes: 'Allergic to nuts. Usually orders a Margherita.',
  created_at: '2026-11-25T11:06:49.144Z',
  updated_at: '2026-11-25T11:06:49.301Z',
};
/** The customer as listed before the notes above were written. */
export const CustomerListExample = exampleList('/admin/v1/customers', [
  { ...CustomerExample, notes: null, updated_at: '2026-11-25T11:06:49.144Z' },
]);
export const CustomerUpdateExample = { notes: 'Allergic to nuts. Usually orders a Margherita.' };
