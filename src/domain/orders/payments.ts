import type { Queryable } from '../../db/client.js';
import { newId } from '../../lib/ids.js';
import { conflict, invalidParam, missingParam } from '../errors.js';
import { orderPaymentStatusChanged } from '../events/orders.js';
import { canMovePayment, type PaymentStatus } from './payment-status.js';
import { getOrderRow } from './service.js';
import type { Money } from './types.js';

export const PAYMENT_EVENT_TYPES = ['authorization', 'failure', 'capture', 'cancellation', 'refund'] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

export interface PaymentEventInput {
  type: PaymentEventType;
  amount?: Money;
}

const TARGET: Record<Exclude<PaymentEventType, 'refund'>, PaymentStatus> = {
  authorization: 'authorized',
  failure: 'failed',
  capture: 'captured',
  cancellation: 'cancelled',
};

const allowedTypes = (from: PaymentStatus) =>
  PAYMENT_EVENT_TYPES.filter((t) =>
    t === 'refund' ? canMovePayment(from, 'partially_refunded') : canMovePayment(from, TARGET[t]),
  );

/**
 * Applies a payment event from the payment provider. Captures may be partial (the captured amount
 * becomes the payment amount); refunds carry an amount and add up to at most what was captured.
 */
export async function recordPaymentEvent(tx: Queryable, locationId: string, orderId: string, e: PaymentEventInput) {
  const order = await getOrderRow(tx, { locationId }, orderId, true);
  if (order.payment_status === null) throw conflict('This order has no payment.', { payment: null });
  const from = order.payment_status;
  const captured = order.payment_amount ?? 0;
  if (e.amount && e.amount.currency !== order.currency) {
    throw invalidParam('amount.currency', `Amounts of this order are in ${order.currency}.`, {
      allowed_values: [order.currency],
    });
  }
  let status: PaymentStatus;
  let amount = captured;
  let refunded = order.refunded_amount;
  if (e.type === 'refund') {
    if (!e.amount) throw missingParam('amount', 'A refund needs an amount.');
    const left = captured - refunded;
    if (canMovePayment(from, 'partially_refunded') && (e.amount.amount < 1 || e.amount.amount > left)) {
      throw invalidParam('amount.amount', `A refund is from 1 to the amount not yet refunded (${left}).`, {
        refundable_amount: left,
      });
    }
    refunded += e.amount.amount;
    status = refunded === captured ? 'refunded' : 'partially_refunded';
  } else {
    status = TARGET[e.type];
    if (e.type === 'capture' && e.amount) {
      if (e.amount.amount < 1 || e.amount.amount > captured) {
        throw invalidParam('amount.amount', `A capture is from 1 to the authorized amount (${captured}).`);
      }
      amount = e.amount.amount;
    } else if (e.amount) {
      throw invalidParam('amount', `A ${e.type} carries no amount.`);
    }
  }
  if (!canMovePayment(from, status)) {
    throw conflict(`A ${e.type} is not possible while the payment is ${from}.`, {
      current_payment_status: from,
      allowed_types: allowedTypes(from),
    });
  }
  const [after] = await tx.query<typeof order>(
    `UPDATE orders SET payment_status = $2, payment_amount = $3, refunded_amount = $4, updated_at = now()
     WHERE id = $1 RETURNING *`,
    [orderId, status, amount, refunded],
  );
  await orderPaymentStatusChanged(tx, order, after);
  const now = new Date();
  const id = newId('payment_event', now.getTime());
  const eventAmount = e.type === 'refund' || e.type === 'capture' ? (e.amount?.amount ?? amount) : null;
  await tx.query(
    `INSERT INTO payment_events (id, order_id, type, amount, payment_status, refunded_amount, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, orderId, e.type, eventAmount, status, refunded, now],
  );
  const money = (a: number) => ({ amount: a, currency: order.currency });
  return {
    id,
    object: 'payment_event' as const,
    order_id: orderId,
    type: e.type,
    amount: eventAmount === null ? null : money(eventAmount),
    payment: { status, amount: money(amount), refunded: money(refunded) },
    created_at: now.toISOString(),
  };
}
