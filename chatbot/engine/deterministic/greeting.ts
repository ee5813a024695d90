/**
 * The first answer of a session opens with the restaurant's greeting (`ai_instructions.greeting`) when
 * we answer in the language it is written in (the location's default), else with our own welcome.
 */
import { clip } from '../../answer.js';
import type { Turn } from '../turn.js';

const base = (tag: string | null | undefined) => tag?.toLowerCase().split(/[-_]/)[0] ?? '';

export function firstOfSession(turn: Turn): boolean {
  return !turn.p.history.some((m) => m.direction === 'outbound');
}

export function greet(turn: Turn): void {
  const loc = turn.location;
  const first = turn.replies[0];
  if (!loc || !first || !firstOfSession(turn)) return;
  const own = loc.ai.greeting && base(loc.defaultLanguage) === turn.lang ? loc.ai.greeting : null;
  const greeting = own ?? turn.t.welcome(loc.name);
  if (first.text.includes(greeting)) return;
  // The server splits an interactive text over WhatsApp's 1,024 characters: the answer's limit is the one.
  first.text = clip(`${greeting}\n\n${first.text}`, 4096);
}
