import { redactQuerySecrets } from './redact-query.js';

// A key's prefix may be shown; whatever follows it is secret, however long, truncated or malformed,
// however many keys are run together, and with its underscores percent-encoded (%5F), as a raw URL
// echoed in a message may carry them.
const UNDERSCORE = '(?:_|%5f)';
const KEYISH = new RegExp(`svc${UNDERSCORE}(?:[a-z0-9_]|%5f)*`, 'gi');
const PREFIX = new RegExp(`^svc${UNDERSCORE}(?:(?:org|admin)${UNDERSCORE})?`, 'i');

/**
 * Replaces key-like substrings, and secret query parameters in any encoding (redact-query.ts), so no
 * secret reaches a response or a log line.
 */
export function redactSecrets(text: string): string {
  const keys = text.replace(KEYISH, (match) => {
    const prefix = PREFIX.exec(match)?.[0] ?? match;
    return match === prefix ? match : `${prefix}[redacted]`;
  });
  return redactQuerySecrets(keys);
}
