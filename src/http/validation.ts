import { Ajv, type ErrorObject } from 'ajv';
import formatsPlugin from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { FastifySchemaCompiler } from 'fastify';
import { ApiError } from '../domain/errors.js';
import { isStorableInstant } from '../lib/instants.js';

function ajv(coerce: boolean) {
  const instance = new Ajv({
    // Bodies are JSON and keep their types; query strings and headers are text and need coercion.
    coerceTypes: coerce ? 'array' : false,
    removeAdditional: false,
    useDefaults: true,
    allErrors: false,
    discriminator: true,
    // Errors carry their schema, so a discriminator error can list the tags it accepts.
    verbose: true,
    strict: false,
  });
  // ajv-formats is CommonJS: its plugin is the default export's default.
  const addFormats = (formatsPlugin as unknown as { default: typeof formatsPlugin }).default ?? formatsPlugin;
  (addFormats as unknown as (a: Ajv) => void)(instance);
  // RFC 3339 allows year 0000, leap seconds and offsets that move an instant out of years 1–9999; none of
  // them is an instant that JavaScript and PostgreSQL both hold, so each would fail later as a 500.
  const rfc3339 = fullFormats['date-time'] as { validate: (s: string) => boolean; compare: never };
  instance.addFormat('date-time', {
    ...rfc3339,
    validate: (s: string) => {
      const ms = Date.parse(s);
      return rfc3339.validate(s) && !Number.isNaN(ms) && isStorableInstant(ms);
    },
  });
  return instance;
}

const compilers = { body: ajv(false), querystring: ajv(true), params: ajv(true), headers: ajv(true) };

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const part = (httpPart ?? 'body') as keyof typeof compilers;
  return (compilers[part] ?? compilers.body).compile(schema as object) as never;
};

const HEADER_NAMES: Record<string, string> = { 'idempotency-key': 'Idempotency-Key' };

/** `/zones/0/fee` → `zones.0.fee`; `expand[]` → `expand`. */
function toParam(pointer: string, context: string | undefined, extra?: string): string {
  const segments = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) segments.push(extra);
  const joined = segments.map((s) => s.replace(/\[\]$/, '')).join('.');
  return context === 'headers' ? (HEADER_NAMES[joined] ?? joined) : joined;
}

/** Turns the first schema violation into the spec's invalid_request_error. */
export function validationError(errors: ErrorObject[], context: string | undefined): ApiError {
  const e = errors[0];
  const where = context === 'querystring' ? 'query parameter' : 'parameter';
  if (!e) return new ApiError('invalid_request_error', 'parameter_invalid', 'Invalid request.');
  if (e.keyword === 'required') {
    const param = toParam(e.instancePath, context, (e.params as { missingProperty: string }).missingProperty);
    return new ApiError('invalid_request_error', 'parameter_missing', `Missing required ${where}: ${param}.`, {
      param,
    });
  }
  if (e.keyword === 'additionalProperties') {
    const param = toParam(e.instancePath, context, (e.params as { additionalProperty: string }).additionalProperty);
    return new ApiError('invalid_request_error', 'parameter_unknown', `Unknown ${where}: ${param}.`, { param });
  }
  if (e.keyword === 'discriminator') {
    const tag = (e.params as { tag: string }).tag;
    const param = toParam(e.instancePath, context, tag);
    const branches = ((e.parentSchema as { oneOf?: { properties?: Record<string, { const?: unknown }> }[] })?.oneOf ??
      []) as { properties?: Record<string, { const?: unknown }> }[];
    const allowed_values = branches.map((b) => b.properties?.[tag]?.const).filter((v) => v !== undefined);
    return new ApiError('invalid_request_error', 'parameter_invalid', `Invalid ${where} ${param}.`, {
      param,
      details: { allowed_values },
    });
  }
  // A query parameter is named as sent (`expand`), not by the index of one of its values.
  const path = toParam(e.instancePath, context);
  const param = context === 'querystring' ? path.split('.')[0] : path;
  if (param === '') {
    const what = context === 'body' ? 'The request body' : 'The request';
    return new ApiError('invalid_request_error', 'parameter_invalid', `${what} ${e.message ?? 'is invalid'}.`);
  }
  const allowed = e.keyword === 'enum' ? (e.params as { allowedValues: unknown[] }).allowedValues : undefined;
  const constant = e.keyword === 'const' ? [(e.params as { allowedValue: unknown }).allowedValue] : undefined;
  const allowed_values = allowed ?? constant;
  return new ApiError('invalid_request_error', 'parameter_invalid', `Invalid ${where} ${param}: ${e.message}.`, {
    param,
    details: allowed_values ? { allowed_values } : undefined,
  });
}
