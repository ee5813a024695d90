/**
 * "Yes" to "Shall I place the order?". The confirmation after a change shows the total priced locally
 * (render/estimate.ts): the server prices a draft only when the answer carrying it arrives, so the body of
 * the customer's "yes" brings the server's pricing of exactly the order shown. When that total is the one
 * the customer read (the amount appears in the message that asked, ours or the LLM engine's), the order is placed; when it differs (a discount code, a rule the local estimate does
 * not know), the server's figures are shown with "Place order" again and nothing is placed. Problems are
 * answered by confirmPlacement, and a placement the platform still refuses comes back as `order_problems`.
 */
import { checkout } from '../render/draft.js';
import type { Turn } from '../turn.js';
import { confirmPlacement } from './orders.js';

function shownText(turn: Turn): string {
  const history = turn.p.history;
  for (let i = history.length - 1; i >= 0; i--) if (history[i].direction === 'outbound') return history[i].text ?? '';
  return '';
}

export function confirmShown(turn: Turn): void {
  const q = turn.p.quote;
  const priced = !turn.draftChanged && turn.items.length > 0 && q && q.problems.length === 0 && q.total;
  if (priced && q.total && !shownText(turn).includes(turn.money(q.total))) {
    checkout(turn, turn.t.finalPrice);
    return;
  }
  confirmPlacement(turn);
}
