/**
 * What every operation of the document shares and no route schema can say, because the plugins add it
 * to every response or request (request ids, rate limits, idempotency, 429 and 503): declared once in
 * components, referenced from each operation by openapi-extras.ts.
 */

export const HEADERS = '#/components/headers/';
export const PARAMETERS = '#/components/parameters/';
export const RESPONSES = '#/components/responses/';
export const ref = (to: string) => ({ $ref: to });

/** The headers every response of the API carries (health probes aside, which the document leaves out). */
export const everyResponse = {
  'X-Request-Id': ref(`${HEADERS}RequestId`),
  'X-RateLimit-Limit': ref(`${HEADERS}RateLimitLimit`),
  'X-RateLimit-Remaining': ref(`${HEADERS}RateLimitRemaining`),
  'X-RateLimit-Reset': ref(`${HEADERS}RateLimitReset`),
};

/** Response headers, request header parameters and shared error responses, each declared once. */
export const sharedComponents = {
  headers: {
    RequestId: {
      description:
        "The request id, equal to `error.request_id` in an error body: the caller's `x-request-id` when it is 1 to 128 characters of `[A-Za-z0-9._:-]` without `svc_`, otherwise `req_…` made by the server. Quote it when reporting a problem.",
      required: true,
      schema: { type: 'string', minLength: 1, maxLength: 128 },
      example: 'req_01jd8zq4m7x3k5t9v2b6n0c8rh',
    },
    RateLimitLimit: {
      description:
        'Requests allowed in the current 60-second window (per key and surface, or per client address without a valid key).',
      required: true,
      schema: { type: 'integer', minimum: 1 },
      example: 1000,
    },
    RateLimitRemaining: {
      description:
        'Requests left in the current window; at 0, further requests get `429 rate_limit_exceeded` until it resets.',
      required: true,
      schema: { type: 'integer', minimum: 0 },
      example: 997,
    },
    RateLimitReset: {
      description: 'When the current window ends, in Unix seconds (windows are aligned on the minute).',
      required: true,
      schema: { type: 'integer', minimum: 0 },
      example: 1780000020,
    },
    RetryAfter: {
      description: 'Seconds to wait before retrying (at least 1).',
      required: true,
      schema: { type: 'integer', minimum: 1 },
      example: 12,
    },
    IdempotentReplayed: {
      description:
        'Present, `true`, when this is the stored response of an earlier request with the same `Idempotency-Key` and the same body (status and body byte for byte; `X-Request-Id` names this request).',
      schema: { type: 'string', enum: ['true'] },
      example: 'true',
    },
  },
  parameters: {
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description:
        'Makes this resource-creating POST safe to retry: a value unique to the logical request (a UUID works), sent again unchanged on every retry of it. 1 to 255 printable ASCII characters; missing is `400 idempotency_key_missing`. Kept 24 hours per API key: the same key with the same method, path and body answers the first response again (`Idempotent-Replayed: true`); with another request it is `409 idempotency_key_reused`; while the first is still running, `409 request_in_flight` (retry later with the same key).',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
      example: '3f5c2a9e-8d4b-4f61-9c1e-7a2b5d8e0f43',
    },
    RequestId: {
      name: 'X-Request-Id',
      in: 'header',
      required: false,
      description:
        'Your own id for this request, echoed in the `X-Request-Id` response header and `error.request_id` when it is 1 to 128 characters of `[A-Za-z0-9._:-]` and does not contain `svc_`; otherwise the server makes one.',
      schema: { type: 'string', minLength: 1, maxLength: 128 },
      example: 'checkout-7f3a9c',
    },
  },
  responses: {
    RateLimited: {
      description:
        "`rate_limit_error/rate_limit_exceeded`: the window's budget is spent. Wait `Retry-After` seconds, then retry.",
      headers: { ...everyResponse, 'Retry-After': ref(`${HEADERS}RetryAfter`) },
      content: { 'application/json': { schema: ref('#/components/schemas/Error') } },
    },
    ServiceUnavailable: {
      description:
        "`api_error/service_unavailable`: the database cannot be reached (down or restarting); nothing was done, or a write's outcome is unknown. Retry after `Retry-After` seconds, a creating POST with the same `Idempotency-Key`.",
      headers: { ...everyResponse, 'Retry-After': ref(`${HEADERS}RetryAfter`) },
      content: { 'application/json': { schema: ref('#/components/schemas/Error') } },
    },
  },
};
