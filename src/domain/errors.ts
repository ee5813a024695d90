/** Error types of the spec and the HTTP status each one maps to. */
export const ERROR_STATUS = {
  invalid_request_error: 400,
  authentication_error: 401,
  authorization_error: 403,
  not_found_error: 404,
  conflict_error: 409,
  idempotency_error: 409,
  rate_limit_error: 429,
  api_error: 500,
} as const;

export type ErrorType = keyof typeof ERROR_STATUS;

export interface ErrorOptions {
  param?: string;
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** A status other than the type's, where the spec's table is too coarse (503 is still an api_error). */
  status?: number;
}

/** A failure the API reports to its caller; rendered by the one error handler. */
export class ApiError extends Error {
  readonly status: number;
  readonly param?: string;
  readonly details?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    readonly type: ErrorType,
    readonly code: string,
    message: string,
    options: ErrorOptions = {},
  ) {
    super(message);
    this.status = options.status ?? ERROR_STATUS[type];
    this.param = options.param;
    this.details = options.details;
    this.headers = options.headers;
  }
}

export const invalidParam = (param: string, message: string, details?: Record<string, unknown>) =>
  new ApiError('invalid_request_error', 'parameter_invalid', message, { param, details });

export const missingParam = (param: string, message = `Missing required parameter: ${param}.`) =>
  new ApiError('invalid_request_error', 'parameter_missing', message, { param });

export const notFound = (what: string, id: string) =>
  new ApiError('not_found_error', 'resource_not_found', `No such ${what}: '${id}'.`);

export const permissionDenied = (message = 'This API key may not perform this request.') =>
  new ApiError('authorization_error', 'permission_denied', message);

export const conflict = (message: string, details?: Record<string, unknown>) =>
  new ApiError('conflict_error', 'resource_conflict', message, { details });

/**
 * Customer messages wait longer than they may for the chatbot (the delivery queue is behind): nothing was
 * stored; the channel (Meta, the test channel's caller) sends it again after `retryAfterS`.
 */
export const queueBehind = (retryAfterS: number, lagMs: number) =>
  new ApiError(
    'api_error',
    'service_unavailable',
    `Customer messages are waiting ${(lagMs / 1000).toFixed(1)} s for the chatbot, longer than this server accepts; nothing was stored. Retry after ${retryAfterS} s.`,
    { status: 503, headers: { 'Retry-After': String(retryAfterS) }, details: { queue_lag_ms: Math.round(lagMs) } },
  );

/** Seconds a client waits before retrying while the database is unreachable; a restart takes about that. */
const UNAVAILABLE_RETRY_AFTER = 1;

/** The database is down or restarting: nothing was done (or a write's outcome is unknown); retry shortly. */
export const serviceUnavailable = () =>
  new ApiError(
    'api_error',
    'service_unavailable',
    `The service is temporarily unavailable (its database cannot be reached). Retry after ${UNAVAILABLE_RETRY_AFTER} s; retry a creating POST with the same Idempotency-Key.`,
    { status: 503, headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER) } },
  );
