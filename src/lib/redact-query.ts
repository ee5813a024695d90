/**
 * Secrets carried as query parameters (Meta's webhook handshake sends the verify token as one), hidden in
 * any text that holds a URL: a request line, a log line's `url`, an error message echoing a path.
 *
 * The parameter's NAME is recognised however it is written, because the server's query parser decodes
 * names before it reads them: `hub.verify%5Ftoken`, `hub%2Everify_token`, `%68ub.verify_token`, any hex
 * case, twice encoded, or with `+` for a space, all reach the handshake as `hub.verify_token` (issue 19).
 * A fixed pattern of the name cannot cover every encoding; decoding each name found can. Every occurrence
 * is hidden (a repeated parameter too), and the whole value, whatever its own encoding.
 */
const SECRET_PARAMS = new Set(['hub.verify_token', 'verify_token', 'access_token', 'app_secret', 'api_key']);

// name=value after the start of a query or a separator; the value runs to the next `&`, blank or quote
// (a JSON log line escapes a quote inside it as \", so escapes are taken whole).
const PARAM = /(^|[?&;\s"'(])([^=&?;\s"'()]+)=((?:\\.|[^&\s"'\\])*)/g;
// The same parameter as a key of a logged JSON object: "hub.verify_token":"…".
const JSON_PARAM = /"([^"\\]{1,200})"\s*:\s*"((?:\\.|[^"\\])*)"/g;

/** A name as the query parser would read it; decoded until it no longer changes (double encoding). */
export function decodedName(name: string): string {
  let current = name;
  for (let i = 0; i < 4; i++) {
    const next = current
      .replace(/\+/g, ' ')
      .replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (next === current) break;
    current = next;
  }
  return current.trim().toLowerCase();
}

const isSecret = (name: string) => SECRET_PARAMS.has(decodedName(name));

// Every secret name holds one of these words once decoded; any encoded form holds a `%`. A line with
// neither (most log lines) is passed through without running the patterns below, which cost ~30 µs a line.
const MAYBE = /token|secret|api_key|%/i;

export function redactQuerySecrets(text: string): string {
  if (!MAYBE.test(text)) return text;
  return text
    .replace(PARAM, (match, lead: string, name: string, value: string) =>
      isSecret(name) && value !== '' ? `${lead}${name}=[redacted]` : match,
    )
    .replace(JSON_PARAM, (match, name: string) => (isSecret(name) ? `"${name}":"[redacted]"` : match));
}
