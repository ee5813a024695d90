import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isConnectionFailure } from '../../db/errors.js';
import { ApiError, serviceUnavailable } from '../../domain/errors.js';
import { redactSecrets } from '../../lib/redact.js';
import { validationError } from '../validation.js';

export interface ErrorBody {
  error: {
    type: string;
    code: string;
    message: string;
    param?: string;
    request_id: string;
    details?: Record<string, unknown>;
  };
}

/** The envelope; messages and params echo caller input, so anything key-like in them is redacted. */
export function errorBody(err: ApiError, requestId: string): ErrorBody {
  const body: ErrorBody = {
    error: {
      type: err.type,
      code: err.code,
      message: err.message,
      ...(err.param !== undefined ? { param: err.param } : {}),
      request_id: requestId,
      ...(err.details !== undefined ? { details: err.details } : {}),
    },
  };
  return JSON.parse(redactSecrets(JSON.stringify(body)));
}

const invalid = (code: string, message: string, param?: string, details?: Record<string, unknown>) =>
  new ApiError('invalid_request_error', code, message, { param, details });

/** Maps anything thrown (ours, Fastify's, a bug) to the one error type the API speaks. */
export function toApiError(err: FastifyError | ApiError | Error, bodyLimit: number): ApiError {
  if (err instanceof ApiError) return err;
  const fe = err as FastifyError & { validationContext?: string };
  if (fe.validation) return validationError(fe.validation as never, fe.validationContext);
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return invalid(
        'parameter_invalid',
        'Request bodies must be JSON (Content-Type: application/json).',
        'Content-Type',
        {
          allowed_values: ['application/json'],
        },
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return invalid('parameter_invalid', `The request body exceeds ${bodyLimit} bytes.`, undefined, {
        max_bytes: bodyLimit,
      });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return invalid('parameter_invalid', 'The request body is empty but Content-Type is application/json.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return invalid('parameter_invalid', 'The request body is not valid JSON.');
  }
  if (err instanceof SyntaxError || fe.statusCode === 400) {
    return invalid('parameter_invalid', 'The request body is not valid JSON.');
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return invalid('parameter_invalid', 'The request could not be read.');
  }
  // Last: a client that drops its own request body also shows as ECONNRESET, with a 4xx status set above.
  if (isConnectionFailure(err)) return serviceUnavailable();
  return new ApiError('api_error', 'internal_error', 'An unexpected error occurred. It has been logged.');
}

export const routeNotFound = (request: FastifyRequest) =>
  new ApiError('not_found_error', 'route_not_found', `No route for ${request.method} ${request.url.split('?')[0]}.`);

export function sendError(reply: FastifyReply, request: FastifyRequest, err: ApiError) {
  for (const [name, value] of Object.entries(err.headers ?? {})) reply.header(name, value);
  return reply.code(err.status).type('application/json; charset=utf-8').send(errorBody(err, request.id));
}

export default fp(async (app: FastifyInstance) => {
  const bodyLimit = app.initialConfig.bodyLimit ?? 1_048_576;
  app.setErrorHandler((err, request, reply) => {
    const apiError = toApiError(err as Error, bodyLimit);
    // An unreachable database is an outage to watch, not a bug in this request.
    if (apiError.status === 503) request.log.warn({ err: String(err) }, 'database unavailable');
    else if (apiError.status >= 500) request.log.error({ err }, 'request failed');
    return sendError(reply, request, apiError);
  });
  app.setNotFoundHandler((request, reply) => sendError(reply, request, routeNotFound(request)));
});
