import { textReply } from '../../answer.js';
import { TEXTS } from '../i18n/index.js';
import type { Turn } from '../turn.js';

/**
 * How long one "I can read text…" answers for: a customer who sends five photos, or a voice message and
 * a sticker, hears it once (issue 22), and again only after this quiet time.
 */
export const UNSUPPORTED_QUIET_MS = 10 * 60_000;

/** The answer to a message we cannot read: the explanation, unless the history shows it was just given. */
export function unsupportedAnswer(turn: Turn): void {
  const said = new Set(Object.values(TEXTS).map((t) => t.unsupported));
  const since = turn.now.getTime() - UNSUPPORTED_QUIET_MS;
  const recent = turn.p.history.some(
    (m) =>
      m.direction === 'outbound' &&
      m.text !== null &&
      said.has(m.text) &&
      m.createdAt !== null &&
      Date.parse(m.createdAt) >= since,
  );
  if (!recent) turn.say(textReply(turn.t.unsupported));
}
