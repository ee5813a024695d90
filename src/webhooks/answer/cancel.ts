import type { Queryable } from '../../db/client.js';
import { lockOrder, moveOrder } from '../../domain/orders/lifecycle.js';
import { type ActionResult, done, refused } from './action.js';
import type { AnswerContext } from './context.js';

interface OrderRef {
  id: string;
  location_id: string;
}

/**
 * The order to cancel: `orderId` among the customer's orders, else their newest in this conversation's scope.
 * Not locked here: see cancelOrder.
 */
async function findOrder(tx: Queryable, ctx: AnswerContext, orderId: string | undefined) {
  const c = ctx.conversation;
  if (orderId !== undefined) {
    const [row] = await tx.query<OrderRef>('SELECT id, location_id FROM orders WHERE id = $1 AND customer_id = $2', [
      orderId,
      c.customer_id,
    ]);
    return row;
  }
  const [column, value] =
    c.mode === 'businessOrganization' ? ['organization_id', c.organization_id] : ['location_id', c.location_id];
  const [row] = await tx.query<OrderRef>(
    `SELECT id, location_id FROM orders WHERE customer_id = $1 AND ${column} = $2
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [c.customer_id, value],
  );
  return row;
}

/**
 * cancel_order: only while the restaurant has not accepted the order (status `received`), through the
 * orders' own status change, so its history records why. Otherwise nothing changes and the problem says why.
 */
export async function cancelOrder(tx: Queryable, ctx: AnswerContext, orderId?: string): Promise<ActionResult> {
  const found = await findOrder(tx, ctx, orderId);
  if (!found) {
    const message = orderId ? `The customer has no order '${orderId}'.` : 'The customer has no order to cancel.';
    return refused({ code: 'order_not_found', param: null, message, details: { order_id: orderId ?? null } });
  }
  // Locked as every status change locks it, its conversation first: the order may be another conversation's,
  // and a staff change of it holding that conversation while this held the order would deadlock. Its status
  // is that of the locked row, which may have moved since it was found.
  const order = await lockOrder(tx, found.location_id, found.id);
  if (order.status !== 'received') {
    return refused({
      code: 'order_not_cancellable',
      param: null,
      message: `The order '${order.id}' is '${order.status}': only an order the restaurant has not accepted yet can be cancelled.`,
      details: { order_id: order.id, status: order.status },
    });
  }
  await moveOrder(tx, order, { status: 'cancelled', reason: 'cancelled by the customer' }, { origin: 'customer' });
  return done(order.id);
}
