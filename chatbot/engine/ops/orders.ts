/**
 * Order operations: place the draft (only when the customer has seen its final price and it has no
 * problems), cancel an order the restaurant has not accepted yet, look up an order, remember a note.
 */
import type { PastOrder, Problem } from '../../payload-types.js';
import type { Turn } from '../turn.js';

export type PlaceResult =
  | { ok: true }
  | { ok: false; reason: 'changed' | 'empty' | 'unpriced' }
  | { ok: false; reason: 'problems'; problems: Problem[] };

/**
 * Asks the server to place the conversation's draft. Refused when the draft changed in this same turn:
 * the customer has not seen what the server makes of it (total, fees, problems) and must confirm that.
 */
export function placeOrder(turn: Turn): PlaceResult {
  if (turn.draftChanged) return { ok: false, reason: 'changed' };
  if (turn.items.length === 0) return { ok: false, reason: 'empty' };
  const quote = turn.p.quote;
  if (!quote) return { ok: false, reason: 'unpriced' };
  if (quote.problems.length > 0) return { ok: false, reason: 'problems', problems: quote.problems };
  turn.action = 'place_order';
  return { ok: true };
}

/** Only an order still waiting for the restaurant can be cancelled by the customer. */
export const CANCELLABLE = new Set(['received']);

export function findOrder(turn: Turn, idOrNumber?: string | null): PastOrder | null {
  const orders = turn.p.orders;
  if (!idOrNumber) return orders[0] ?? null;
  const n = idOrNumber.replace(/^#/, '');
  return orders.find((o) => o.id === idOrNumber || o.shortId === n) ?? null;
}

/** The order a "cancel" means: the one named, else the newest that can still be cancelled, else the newest. */
export function cancelTarget(turn: Turn, idOrNumber?: string | null): PastOrder | null {
  if (idOrNumber) return findOrder(turn, idOrNumber);
  return turn.p.orders.find((o) => CANCELLABLE.has(o.status)) ?? turn.p.orders[0] ?? null;
}

export type CancelResult = { ok: true; order: PastOrder } | { ok: false; order: PastOrder | null };

export function cancelOrder(turn: Turn, order: PastOrder | null): CancelResult {
  if (!order || !CANCELLABLE.has(order.status)) return { ok: false, order };
  turn.action = 'cancel_order';
  turn.orderId = order.id;
  return { ok: true, order };
}

/** Adds a note to what is kept about the customer (answer `customer.notes`), once. */
export function rememberNote(turn: Turn, note: string): string {
  const current = turn.notes ?? turn.p.customer.notes ?? '';
  const clean = note.trim();
  if (!clean || current.toLowerCase().includes(clean.toLowerCase())) return current;
  turn.notes = (current ? `${current}\n${clean}` : clean).slice(-4000);
  return turn.notes;
}
