// A key's prefix may be shown; whatever follows it is secret, however truncated or malformed.
const KEY_BODY = /(svc_(?:org|admin)_)[A-Za-z0-9]+/g;
const OTHER_KEYISH = /svc_(?!(?:org|admin)_(?![A-Za-z0-9]))[A-Za-z0-9_]+/g;

/** Replaces key-like substrings so no key value reaches a response or a log line. */
export function redactSecrets(text: string): string {
  return text.replace(KEY_BODY, '$1[redacted]').replace(OTHER_KEYISH, 'svc_[redacted]');
}
