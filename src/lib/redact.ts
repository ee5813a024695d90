// A key's prefix may be shown; whatever follows it is secret, however truncated, malformed or re-cased
// (a path upper-cased by a proxy or a caller still carries the key's digits and letters).
const KEY_BODY = /(svc_(?:org|admin)_)[A-Za-z0-9]+/gi;
const OTHER_KEYISH = /svc_(?!(?:org|admin)_(?![A-Za-z0-9]))[A-Za-z0-9_]+/gi;

/** Replaces key-like substrings so no key value reaches a response or a log line. */
export function redactSecrets(text: string): string {
  return text.replace(KEY_BODY, '$1[redacted]').replace(OTHER_KEYISH, 'svc_[redacted]');
}
