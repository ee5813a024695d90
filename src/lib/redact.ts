// Anything that looks like one of our key values, however truncated or malformed.
const KEYISH = /svc_[A-Za-z0-9_]*/g;

/** Replaces key-like substrings so no key value reaches a response or a log line. */
export function redactSecrets(text: string): string {
  return text.replace(KEYISH, 'svc_[redacted]');
}
