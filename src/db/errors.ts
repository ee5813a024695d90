/**
 * Tells a database that is unreachable (down, restarting, cut off) from a query that failed on its
 * own merits. The first is worth a retry a moment later; the second is a bug or a conflict.
 */

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTCONN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATE codes: class 08 (connection exception), and the server going away or not yet accepting
 * connections: 57P01 admin_shutdown (a fast stop), 57P02 crash_shutdown, 57P03 cannot_connect_now
 * (starting up, shutting down, in recovery).
 */
const SERVER_GONE = new Set(['57P01', '57P02', '57P03']);

// node-postgres and PGlite say it in words only.
const MESSAGES = [
  /^Connection terminated/, // "…unexpectedly", "…due to connection timeout"
  /timeout exceeded when trying to connect/, // waiting for a pooled connection
  /is not queryable/, // a client whose connection already broke, or was closed
  /^PGlite is closed/,
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** True when `err` says the database could not be reached or the connection to it broke. */
export function isConnectionFailure(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as ErrorLike;
  if (typeof e.code === 'string') {
    if (NETWORK_CODES.has(e.code) || SERVER_GONE.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  if (typeof e.message === 'string' && MESSAGES.some((m) => m.test(e.message as string))) return true;
  // Node reports a failed connect to every address of a host as an AggregateError.
  if (Array.isArray(e.errors) && e.errors.some((inner) => isConnectionFailure(inner, depth + 1))) return true;
  return isConnectionFailure(e.cause, depth + 1);
}
