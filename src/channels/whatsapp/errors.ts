/**
 * What a Graph API error means for a message, by Meta's error code: Meta asks integrators to decide on
 * `code` (and `error_data.details`), not on the HTTP status, which is 400 for a rate limit as for a bad
 * parameter. Source: Meta's "WhatsApp error codes" reference,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes/
 * (authorization, throttling, integrity, and the 13xxxx Cloud API codes), as of June 2026.
 *
 * - `transient`: Meta's side was unwell; the same request may succeed later (the usual schedule).
 * - `rate_limited`: a throughput, pair or spam limit; the same request succeeds once the limit has passed,
 *   so it waits longer (RATE_LIMIT_SCHEDULE) and honours a Retry-After.
 * - `needs_template`: the 24-hour customer-service window is closed; only a template message may go.
 * - `final`: the request or the account is wrong; sending it again fails again.
 * A code not in the table is decided by the HTTP status (429 and 5xx transient, else final).
 */
import type { RetrySchedule } from '../../db/queue/retry.js';

export type GraphErrorKind = 'transient' | 'rate_limited' | 'needs_template' | 'final';

/** Meta's codes, one per line with its title, so a reader can check each against the reference. */
export const GRAPH_ERROR_CODES: Readonly<Record<number, GraphErrorKind>> = {
  0: 'final', // AuthException: the access token is not accepted
  1: 'transient', // API Unknown: possibly a server error
  2: 'transient', // API Service: downtime or overload
  3: 'final', // API Method: capability or permission missing
  4: 'rate_limited', // API Too Many Calls: the app's call rate limit
  10: 'final', // Permission Denied
  33: 'final', // Parameter value is not valid: the business phone number was deleted
  100: 'final', // Invalid parameter
  190: 'final', // Access token has expired
  368: 'final', // Temporarily blocked for policies violations
  80007: 'rate_limited', // Rate limit issues: the WhatsApp Business Account's rate limit
  130429: 'rate_limited', // Rate limit hit: Cloud API message throughput reached
  130472: 'final', // User's number is part of an experiment
  130497: 'final', // Business account is restricted from messaging users in this country
  131000: 'transient', // Something went wrong
  131005: 'final', // Access denied
  131008: 'final', // Required parameter is missing
  131009: 'final', // Parameter value is not valid
  131016: 'transient', // Service unavailable
  131021: 'final', // Recipient cannot be sender
  131026: 'final', // Message undeliverable (not on WhatsApp, old app, terms not accepted)
  131030: 'final', // Recipient phone number not in allowed list (test numbers)
  131031: 'final', // Account has been locked
  131037: 'final', // WhatsApp provided number needs display name approval
  131042: 'final', // Business eligibility payment issue
  131045: 'final', // Incorrect certificate (phone number not registered)
  131047: 'needs_template', // Re-engagement message: more than 24 hours since the customer last wrote
  131048: 'rate_limited', // Spam rate limit hit: the number's quality restricts its messages for a while
  131049: 'final', // Meta chose not to deliver (ecosystem engagement): not to be repeated at once
  131050: 'final', // The customer stopped marketing messages
  131051: 'final', // Unsupported message type
  131052: 'final', // Media download error
  131053: 'final', // Media upload error
  131056: 'rate_limited', // (Business account, consumer account) pair rate limit hit
  131057: 'transient', // Account in maintenance mode
  131062: 'final', // Business-scoped user id recipients not supported for this message (a username's BSUID)
  132000: 'final', // Template parameter count mismatch
  132001: 'final', // Template does not exist (in that language)
  132005: 'final', // Template hydrated text too long
  132007: 'final', // Template format character policy violated
  132012: 'final', // Template parameter format mismatch
  132015: 'final', // Template is paused
  132016: 'final', // Template is disabled
  132068: 'final', // Flow is blocked
  132069: 'final', // Flow is throttled
  133004: 'transient', // Server temporarily unavailable
  133010: 'final', // Phone number not registered
  135000: 'final', // Generic user error
};

/** Codes 200 to 299 are Meta's "API Permission" family: all final. */
const PERMISSION_RANGE = [200, 299] as const;

/** What an error with this code (and HTTP status) means; an unknown code falls back to the status. */
export function classifyGraphError(code: number | undefined, httpStatus: number): GraphErrorKind {
  if (code !== undefined) {
    const known = GRAPH_ERROR_CODES[code];
    if (known) return known;
    if (code >= PERMISSION_RANGE[0] && code <= PERMISSION_RANGE[1]) return 'final';
  }
  if (httpStatus === 429) return 'rate_limited';
  return httpStatus >= 500 ? 'transient' : 'final';
}

/**
 * Waits before the next attempt after a rate-limit error, longer than the usual schedule: Meta's pair
 * limit lets about one message every 6 seconds reach one customer, and throughput and spam limits pass
 * within minutes. Six attempts after the first over about an hour; then the message is failed.
 */
export const RATE_LIMIT_SCHEDULE: RetrySchedule = {
  delaysMs: [6_000, 30_000, 120_000, 600_000, 900_000, 1_800_000],
  repeatLast: false,
};

/** Meta's error body: `{"error": {message, type, code, error_subcode, error_data: {details}, fbtrace_id}}`. */
export interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_data?: { messaging_product?: string; details?: string };
  fbtrace_id?: string;
}

/** The `error` of a Graph API answer body, or null when the body is not Meta's error format. */
export function parseGraphError(body: string): GraphError | null {
  try {
    const e = (JSON.parse(body) as { error?: unknown }).error;
    if (typeof e !== 'object' || e === null || Array.isArray(e)) return null;
    const r = e as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    const int = (v: unknown) => (Number.isSafeInteger(v) ? (v as number) : undefined);
    const data =
      typeof r.error_data === 'object' && r.error_data !== null ? (r.error_data as Record<string, unknown>) : {};
    return {
      message: str(r.message),
      type: str(r.type),
      code: int(r.code),
      error_subcode: int(r.error_subcode),
      error_data: { messaging_product: str(data.messaging_product), details: str(data.details) },
      fbtrace_id: str(r.fbtrace_id),
    };
  } catch {
    return null;
  }
}

/** The error's words to keep on the message: its message and code, Meta's details, and the trace id support asks for. */
export function describeGraphError(e: GraphError | null, body: string): string {
  if (!e || (!e.message && e.code === undefined)) return body.slice(0, 200);
  let text = `${e.message ?? 'error'}${e.code !== undefined ? ` (code ${e.code})` : ''}`;
  const details = e.error_data?.details;
  if (details && details !== e.message) text += `: ${details}`;
  if (e.fbtrace_id) text += ` [fbtrace_id ${e.fbtrace_id}]`;
  return text;
}
