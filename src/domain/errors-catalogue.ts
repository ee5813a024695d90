/**
 * Every error the API answers with: the spec's "Errors" catalogue and the codes this server adds within
 * those types. The one list the Error schema's `type` and `code` enums (src/contracts/rest/common.ts) are
 * made from; a test checks every code thrown in src/ is here, and docs/errors.md describes each one.
 */
import { ERROR_STATUS, type ErrorType } from './errors.js';

export interface CatalogueEntry {
  type: ErrorType;
  code: string;
  /** The HTTP status it is answered with. */
  status: number;
  /** When it happens. */
  description: string;
}

export const ERROR_CATALOGUE: readonly CatalogueEntry[] = [
  {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    status: 400,
    description: 'A required parameter (body field, query parameter or header) is missing; `param` names it.',
  },
  {
    type: 'invalid_request_error',
    code: 'parameter_invalid',
    status: 400,
    description:
      'A parameter has the wrong type, format or value; `param` names it and `details.allowed_values` may list the values allowed. Also a body that is not JSON, too large, or nested too deeply, and a request the HTTP parser refuses.',
  },
  {
    type: 'invalid_request_error',
    code: 'parameter_unknown',
    status: 400,
    description: 'A parameter the endpoint does not take (query or body); `param` names it.',
  },
  {
    type: 'invalid_request_error',
    code: 'parameters_exclusive',
    status: 400,
    description:
      'Parameters that exclude each other were sent together (for example `starting_after` and `ending_before`).',
  },
  {
    type: 'invalid_request_error',
    code: 'idempotency_key_missing',
    status: 400,
    description: 'A resource-creating POST without the `Idempotency-Key` header.',
  },
  {
    type: 'invalid_request_error',
    code: 'order_draft_invalid',
    status: 400,
    description:
      'A conversation order draft cannot be placed as it stands; `details.problems` lists each problem with its code and draft field.',
  },
  {
    type: 'authentication_error',
    code: 'api_key_missing',
    status: 401,
    description: 'No `x-api-key` header.',
  },
  {
    type: 'authentication_error',
    code: 'api_key_invalid',
    status: 401,
    description: 'The key is malformed, unknown or revoked.',
  },
  {
    type: 'authentication_error',
    code: 'signature_missing',
    status: 401,
    description: 'A WhatsApp notification (`/channels/whatsapp/…`) without `X-Hub-Signature-256`.',
  },
  {
    type: 'authentication_error',
    code: 'signature_invalid',
    status: 401,
    description: "A WhatsApp notification whose `X-Hub-Signature-256` does not match the account's app secret.",
  },
  {
    type: 'authorization_error',
    code: 'api_key_wrong_surface',
    status: 403,
    description: 'An admin key on `/v1`, or an organization or location key on `/admin/v1`.',
  },
  {
    type: 'authentication_error',
    code: 'login_failed',
    status: 401,
    description:
      'Console only: the email or password is wrong, or the user is disabled or locked for 15 minutes after five failures in a row (one answer for all, so a login tells nobody who has an account).',
  },
  {
    type: 'authentication_error',
    code: 'session_missing',
    status: 401,
    description:
      'Console only: no live console session (none, logged out, idle for 12 hours, older than 7 days); an API key is no console login.',
  },
  {
    type: 'authorization_error',
    code: 'csrf_token_invalid',
    status: 403,
    description: "Console only: a change without the session's `X-CSRF-Token`, or from another origin.",
  },
  {
    type: 'authorization_error',
    code: 'role_not_allowed',
    status: 403,
    description:
      "Console only: the user's role does not allow this (a staff member pausing orders, a manager managing users); `details` names the role, the ability and the roles that have it.",
  },
  {
    type: 'authorization_error',
    code: 'session_not_allowed',
    status: 403,
    description: 'A dashboard session (`svc_session` cookie) on the API.',
  },
  {
    type: 'authorization_error',
    code: 'permission_denied',
    status: 403,
    description: 'The key is valid for the surface but lacks the permission, or the resource is outside its scope.',
  },
  {
    type: 'authorization_error',
    code: 'verify_token_invalid',
    status: 403,
    description: "WhatsApp's verification handshake with a `hub.verify_token` that is not the account's.",
  },
  {
    type: 'not_found_error',
    code: 'resource_not_found',
    status: 404,
    description: 'The resource does not exist, or the key cannot see it.',
  },
  {
    type: 'not_found_error',
    code: 'route_not_found',
    status: 404,
    description: 'The method and path match no endpoint.',
  },
  {
    type: 'conflict_error',
    code: 'request_in_flight',
    status: 409,
    description: 'A request with the same `Idempotency-Key` is still being processed.',
  },
  {
    type: 'conflict_error',
    code: 'resource_conflict',
    status: 409,
    description:
      "The request conflicts with the resource's current state (a stale `status_version`, a transition the order's path does not allow, a delivery that has not failed…).",
  },
  {
    type: 'idempotency_error',
    code: 'idempotency_key_reused',
    status: 409,
    description:
      'The `Idempotency-Key` was used earlier with another request (method, path or body); `details.original_request_id` names the first request.',
  },
  {
    type: 'rate_limit_error',
    code: 'rate_limit_exceeded',
    status: 429,
    description: "The window's budget is spent; `Retry-After` says how many seconds until the next window.",
  },
  {
    type: 'api_error',
    code: 'internal_error',
    status: 500,
    description: 'An unexpected failure, logged with the request id.',
  },
  {
    type: 'api_error',
    code: 'service_unavailable',
    status: 503,
    description: 'The database cannot be reached (down or restarting); `Retry-After` says when to retry.',
  },
];

export const ERROR_TYPES = Object.keys(ERROR_STATUS) as ErrorType[];

export const ERROR_CODES = [...new Set(ERROR_CATALOGUE.map((e) => e.code))];
