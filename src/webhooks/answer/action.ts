/**
 * What an answer's action came to: the order placed or cancelled, or the problems that kept it from being
 * carried out, in the REST problem shape (docs/order-drafts.md, "Problems"). Besides the drafts' own codes,
 * an action may meet `location_required` (placing before a location is chosen), `order_not_found` and
 * `order_not_cancellable` (cancelling).
 */
export interface ActionProblem {
  code: string;
  param: string | null;
  message: string;
  details?: Record<string, unknown>;
}

export type ActionResult = { orderId: string; problems: null } | { orderId: null; problems: ActionProblem[] };

export const done = (orderId: string): ActionResult => ({ orderId, problems: null });
export const refused = (...problems: ActionProblem[]): ActionResult => ({ orderId: null, problems });
