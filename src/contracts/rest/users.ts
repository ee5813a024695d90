/** Staff users of the console (docs/console.md): created and managed on the admin surface. */
import { Type } from '@sinclair/typebox';
import { EMAIL_MAX } from '../../domain/locations.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../domain/users/passwords.js';
import { ROLES } from '../../domain/users/users.js';
import { exampleList, Nullable, PageQuery, StringEnum, Timestamp } from './common.js';
import { IdFilter } from './ids.js';

const Role = StringEnum(ROLES, {
  description:
    'owner: everything for its organization or location, users included; manager: orders, menu switches, settings; staff: orders and conversations',
});

export const User = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('user'),
    email: Type.String({ description: 'The login; lower case, unique across the platform' }),
    name: Type.String(),
    role: Role,
    organization_id: Nullable(Type.String()),
    location_id: Nullable(Type.String()),
    disabled: Type.Boolean({ description: 'A disabled user cannot log in, and their sessions ended' }),
    disabled_at: Nullable(Timestamp),
    last_login_at: Nullable(Timestamp),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'User' },
);

const Password = Type.String({
  minLength: PASSWORD_MIN,
  maxLength: PASSWORD_MAX,
  description: 'Kept only as a scrypt hash; never shown',
});

export const UserCreate = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: EMAIL_MAX }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    role: Role,
    password: Password,
    organization_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    location_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const UserUpdate = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    role: Type.Optional(Role),
    password: Type.Optional(Password),
    disabled: Type.Optional(
      Type.Boolean({ description: 'true: no more logins, every session ended; false: allowed again' }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const UserListQuery = Type.Object(
  {
    ...PageQuery,
    organization_id: IdFilter('organization_id'),
    location_id: IdFilter('location_id'),
  },
  { additionalProperties: false },
);

// Examples for the OpenAPI document (src/http/openapi-examples.ts names them).

export const UserExample = {
  id: 'usr_01m8eq2bm2ht3x0x7m7yq0f2ce',
  object: 'user',
  email: 'giulia@trattoria-centrale.example',
  name: 'Giulia Rossi',
  role: 'owner',
  organization_id: 'org_01m896606tyn1y7j3efvkztnh3',
  location_id: null,
  disabled: false,
  disabled_at: null,
  last_login_at: null,
  created_at: '2026-11-27T14:40:00.000Z',
  updated_at: '2026-11-27T14:40:00.000Z',
};
export const UserListExample = exampleList('/admin/v1/users', [UserExample]);
export const UserCreateExample = {
  email: 'giulia@trattoria-centrale.example',
  name: 'Giulia Rossi',
  role: 'owner',
  password: 'correct horse battery staple',
  organization_id: 'org_01m896606tyn1y7j3efvkztnh3',
};
export const UserUpdateExample = { disabled: true };
