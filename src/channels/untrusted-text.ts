/**
 * Strings a channel hands us (Meta's notifications, the Graph API's answers) on their way into the
 * database: whatever they hold, storing them must not fail as a 500.
 */

// PostgreSQL text (and jsonb) holds neither NUL nor half a surrogate pair.
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The string with what PostgreSQL cannot hold replaced by U+FFFD. */
export const storable = (s: string) => s.replace(UNSTORABLE, '\uFFFD');

/**
 * The longest channel message id taken, in characters (code points). The id is in a unique B-tree index,
 * whose rows hold at most 2704 bytes: 512 code points are at most 2048 bytes in UTF-8, with room for the
 * account id beside them. Meta's wamids are under 100.
 */
export const MAX_CHANNEL_MESSAGE_ID = 512;

/** Whether `s` has more than `max` code points, without splitting a long string into an array. */
export function longerThan(s: string, max: number): boolean {
  if (s.length <= max) return false;
  let n = 0;
  for (const _ of s) if (++n > max) return true;
  return false;
}

/** At most `max` code points of `s` (never half a pair), and `…` when cut: for texts that only describe. */
export function clip(s: string, max: number): string {
  if (!longerThan(s, max)) return s;
  let out = '';
  let n = 0;
  for (const c of s) {
    if (n++ === max) break;
    out += c;
  }
  return `${out}…`;
}
