import { type Static, type TObject, type TSchema, type TUnion, Type } from '@sinclair/typebox';
import { ERROR_CODES, ERROR_TYPES } from '../../domain/errors-catalogue.js';

export const Nullable = <T extends TSchema>(schema: T, options: Record<string, unknown> = {}) =>
  Type.Union([schema, Type.Null()], options);

/**
 * A tagged union validated with ajv's discriminator, so an error names the bad branch's field
 * (`zones.0.area.radius_meters`) rather than every branch at once.
 */
export const OneOf = <T extends TObject[]>(schemas: [...T], tag: string) =>
  Type.Unsafe<Static<TUnion<T>>>({
    type: 'object',
    required: [tag],
    discriminator: { propertyName: tag },
    oneOf: schemas,
  });

/** A string enum that validates with `enum`, so errors can list allowed_values. */
export const StringEnum = <T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601 date-time, UTC in responses' });

export const Id = (prefix: string) =>
  Type.String({ description: `\`${prefix}_…\` identifier`, minLength: 1, maxLength: 64 });

const Since = (field: string, side: 'after' | 'before') =>
  Type.Optional({
    ...Timestamp,
    description: `Only objects whose \`${field}\` is strictly ${side} this instant (RFC 3339, e.g. \`2026-05-01T12:00:00Z\`)`,
  });

export const PageQuery = {
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Page size: 1 to 100, default 10' }),
  ),
  starting_after: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'Cursor: the id of the last object of the previous page, for the next page (oldest first)',
    }),
  ),
  ending_before: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'Cursor: the id of the first object of the current page, for the page before it',
    }),
  ),
  created_after: Since('created_at', 'after'),
  created_before: Since('created_at', 'before'),
  updated_after: Since('updated_at', 'after'),
  updated_before: Since('updated_at', 'before'),
};

export const ListQuery = Type.Object(PageQuery, { additionalProperties: false });

export const ListOf = <T extends TSchema>(item: T) =>
  Type.Object({
    object: Type.Literal('list'),
    data: Type.Array(item),
    has_more: Type.Boolean(),
    url: Type.String(),
  });

export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object({
      type: StringEnum(ERROR_TYPES, {
        description: 'The category; it maps to the HTTP status (docs/errors.md). Clients key on it first.',
      }),
      code: StringEnum(ERROR_CODES, {
        description:
          'The specific, stable reason within the type (docs/errors.md). New codes may be added within a type: treat an unknown one as its type.',
      }),
      message: Type.String({ description: 'For humans; its wording may change: never parse it.' }),
      param: Type.Optional(
        Type.String({
          description: 'The parameter at fault, in dot notation (`zones.0.area.radius_meters`), when there is one.',
        }),
      ),
      request_id: Type.String({ description: 'Equals the `X-Request-Id` response header.' }),
      details: Type.Optional(
        Type.Object({}, { additionalProperties: true, description: 'Error-specific, additive, best effort.' }),
      ),
    }),
  },
  { $id: 'Error', description: 'The error envelope of every non-2xx response' },
);

/** Responses every route documents besides its success. */
export const errorResponses = { '4xx': Type.Ref('Error'), '5xx': Type.Ref('Error') };

/**
 * An operationId for a route registered on both surfaces from one piece of code: `name` on /v1,
 * `adminName` on /admin/v1 (operationIds are unique across the document).
 */
export const surfaceOperationId = (prefix: string, name: string) =>
  prefix.startsWith('/admin/') ? `admin${name[0].toUpperCase()}${name.slice(1)}` : name;

export const Money = Type.Object(
  {
    amount: Type.Integer({ minimum: 0, maximum: 100_000_000_00, description: "In the currency's minor unit" }),
    currency: Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code' }),
  },
  { additionalProperties: false },
);

export const Deleted = (object: string) =>
  Type.Object({ id: Type.String(), object: Type.Literal(object), deleted: Type.Literal(true) });

export const ErrorExample = {
  error: {
    type: 'invalid_request_error',
    code: 'parameter_invalid',
    message: 'zones.0.area.radius_meters must be >= 1.',
    param: 'zones.0.area.radius_meters',
    request_id: 'req_01m8965dwmfy4256aajry02zkp',
  },
};

/** A list's example: one page of `data`, as `url` answers it. */
/** An example built from another's fields, in the order given (the document shows keys in that order). */
export const pick = <T extends object, K extends keyof T>(from: T, keys: K[]): Pick<T, K> =>
  Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;
export const exampleList = (url: string, data: unknown[]) => ({ object: 'list', data, has_more: false, url });
