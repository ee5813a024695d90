// A key's prefix may be shown; whatever follows it is secret, however truncated or malformed.
const KEY_BODY = /(svc_(?:org|admin)_)[A-Za-z0-9]+/g;
const OTHER_KEYISH = /svc_(?!(?:org|admin)_(?![A-Za-z0-9]))[A-Za-z0-9_]+/g;
// Meta's webhook handshake carries a channel account's verify token in the query string.
const VERIFY_TOKEN = /(hub(?:\.|%2e)verify_token=)[^&\s"#]*/gi;

/** Replaces key-like substrings (and verify tokens) so no secret reaches a response or a log line. */
export function redactSecrets(text: string): string {
  return text
    .replace(KEY_BODY, '$1[redacted]')
    .replace(OTHER_KEYISH, 'svc_[redacted]')
    .replace(VERIFY_TOKEN, '$1[redacted]');
}
