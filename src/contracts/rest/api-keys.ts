/** API keys: what a key may do and where, and the secret shown once when it is made. */
import { Type } from '@sinclair/typebox';
import { PERMISSIONS } from '../../domain/api-keys.js';
import { exampleList, Nullable, StringEnum, Timestamp } from './common.js';

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

export const ApiKeyWithSecret = Type.Intersect([
  Type.Ref('ApiKey'),
  Type.Object({ secret: Type.String({ description: 'The full key. Returned once, at creation; store it now.' }) }),
]);

const Permission = StringEnum([...PERMISSIONS, '*'] as const);

export const ApiKeyCreate = Type.Object(
  {
    type: Type.Optional(StringEnum(['public', 'admin'] as const, { default: 'public' })),
    name: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    organization_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    location_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    permissions: Type.Optional(Type.Array(Permission, { maxItems: 50, uniqueItems: true })),
  },
  { additionalProperties: false },
);

// Examples for the OpenAPI document (src/http/openapi-examples.ts names them): taken from the API's own
// answers to a run of the test fixtures; test/http/openapi.test.ts checks each against its schema.

export const ApiKeyExample = {
  id: 'key_01m89660fgkbjk0dpk2wzppmn6',
  object: 'api_key',
  type: 'public',
  name: 'POS integration',
  prefix: 'svc_org_',
  last4: 'Xv0M',
  redacted_key: 'svc_org_…Xv0M',
  organization_id: 'org_01m896606tyn1y7j3efvkztnh3',
  location_id: null,
  permissions: ['*'],
  revoked: false,
  revoked_at: null,
  created_at: '2026-11-25T11:06:48.176Z',
  updated_at: '2026-11-25T11:06:48.176Z',
};
export const ApiKeyListExample = exampleList('/admin/v1/api_keys', [ApiKeyExample]);
export const ApiKeyWithSecretExample = { ...ApiKeyExample, secret: 'svc_org_7QmZp2Lk9VxR4TbN8cWd3FhJ6sGy1AeUo5KiXv0M' };
export const ApiKeyCreateExample = {
  name: 'POS integration',
  organization_id: 'org_01m896606tyn1y7j3efvkztnh3',
  permissions: ['*'],
};
