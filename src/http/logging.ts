import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Principal } from '../domain/principal.js';
import { redactSecrets } from '../lib/redact.js';

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

const SECRET_HEADERS = new Set(['x-api-key', 'authorization', 'cookie']);
// A run of URL characters holding a percent escape: `%73vc_org_…` is a key too once decoded.
const ENCODED_RUN = /[A-Za-z0-9_.~-]*(?:%[0-9A-Fa-f]{2}[A-Za-z0-9_.~-]*)+/g;

function decodeKeys(run: string): string {
  try {
    const decoded = decodeURIComponent(run);
    return /svc_/.test(decoded) ? redactSecrets(decoded) : run;
  } catch {
    return run;
  }
}

/** The last line of defence: every log line, whoever wrote it, with anything key-like redacted. */
export function redactLogLine(line: string): string {
  const redacted = redactSecrets(line);
  return redacted.includes('%') ? redacted.replace(ENCODED_RUN, decodeKeys) : redacted;
}

const isBinary = (value: unknown) => ArrayBuffer.isView(value) || value instanceof ArrayBuffer;
// What a Buffer nested deeper in an error has become once JSON.stringify called its toJSON.
const isBufferJson = (value: unknown) =>
  typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'Buffer';

/**
 * An error as a plain object. Binary properties are dropped: Node's HTTP parser attaches the request's
 * raw bytes (`rawPacket`, x-api-key included) to its errors, and as a list of numbers no text redaction
 * could recognise a key in them.
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return isBinary(err) ? '[binary]' : err;
  const out: Record<string, unknown> = { type: err.constructor?.name ?? err.name, message: err.message };
  for (const [name, value] of Object.entries(err)) {
    if (name !== 'rawPacket' && !isBinary(value)) out[name] = value;
  }
  out.stack = err.stack;
  if (err.cause !== undefined && depth < 5) out.cause = serializeError(err.cause, depth + 1);
  try {
    return JSON.parse(
      JSON.stringify(out, (_key, value) => (isBinary(value) || isBufferJson(value) ? '[binary]' : value)),
    );
  } catch {
    return { type: out.type, message: err.message, stack: err.stack };
  }
}

export function serializeHeaders(headers: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(headers ?? {}).map(([name, value]) => [
      name,
      SECRET_HEADERS.has(name.toLowerCase()) ? '[redacted]' : value,
    ]),
  );
}

/**
 * Logger options: no key reaches a log line at any level. Serializers keep errors and requests free of
 * raw bytes and secret headers; the stream hook redacts whatever text remains (URLs, messages).
 */
export function loggerOptions(given: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (given === false || given === undefined) return false;
  const options: LoggerOptions = typeof given === 'object' ? given : {};
  const streamWrite = options.hooks?.streamWrite;
  return {
    ...options,
    serializers: {
      ...options.serializers,
      req: (req) => ({ method: req.method, url: redactSecrets(req.url), remoteAddress: req.ip }),
      err: (err) => serializeError(err) as { type: string; message: string; stack: string },
      headers: serializeHeaders,
    },
    hooks: {
      ...options.hooks,
      streamWrite: (line: string) => redactLogLine(streamWrite ? streamWrite(line) : line),
    },
  };
}

/**
 * From authentication on, every line of the request (errors, `request completed`) names the key by its id
 * and the organization or location it is scoped to, never by its secret. Reply and request share the
 * logger Fastify made for the request; both are replaced, as Fastify logs the completion through the reply.
 */
export function bindPrincipal(request: FastifyRequest, reply: FastifyReply, principal: Principal): void {
  const log = request.log.child({
    key_id: principal.keyId,
    ...(principal.organizationId ? { organization_id: principal.organizationId } : {}),
    ...(principal.locationId ? { location_id: principal.locationId } : {}),
  });
  request.log = log;
  reply.log = log;
}
