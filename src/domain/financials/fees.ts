/**
 * The platform's fee schedule and the numeric fields of an order financial record (spec: "Order financial
 * record"; CONTRACT.md: "Financials and analytics"). All amounts are integer minor units ("cents").
 *
 * Fees: `percent_bps` is in basis points (1 bps = 0.01 %). A percentage fee is `base × bps / 10000`,
 * rounded half-up to the nearest minor unit with integer (BigInt) arithmetic, plus the fixed part.
 * A negative base, which order validation prevents, counts as 0.
 *
 * Payment "settled" means the payment status is captured, partially_refunded or refunded. A payment that is
 * null, pending, failed, cancelled or only authorized moved no money, so it counts as unpaid.
 *
 * - customer_paid_total_cents: settled ? payment.amount (the captured amount) − refunded : 0.
 * - customer_service_fee_cents / customer_delivery_fee_cents: sum of the order's public `charges` of type
 *   service / delivery, as listed on the order whatever its status (the record describes the order; cash
 *   movement is in customer_paid_total_cents and payment_refunded_cents).
 * - delivery_count: 1 for a delivery order that is not rejected or cancelled (delivery_failed counts: a
 *   courier was dispatched), else 0.
 * - restaurant_delivery_cost_cents: the delivery provider's cost given by the caller (0 when unknown),
 *   and 0 whenever delivery_count is 0.
 * - service_order_fee_cents: the order fee on the order total; 0 for rejected and cancelled orders.
 * - service_payment_fee_cents: the payment fee on the captured amount (payment.amount) when settled, else 0.
 *   Refunds do not reduce it: processors keep their fee on refunded payments, and so does the platform.
 * - payment_refunded_cents: when settled, the refunded amount given by the caller, or when none is given,
 *   the whole captured amount for `refunded` and 0 otherwise; clamped to 0..captured. 0 when not settled.
 */
import { invalidParam } from '../errors.js';
import type { PaymentStatus } from '../orders/payment-status.js';
import type { OrderStatus, ServiceType } from '../orders/status.js';
import type { Charge, Money } from '../orders/types.js';

export interface FeeSchedule {
  order_fee_percent_bps: number;
  order_fee_fixed_cents: number;
  payment_fee_percent_bps: number;
  payment_fee_fixed_cents: number;
}

/** The documented default: order fee 3.00 % + 0; payment fee 1.40 % + 25 per paid order. */
export const DEFAULT_FEE_SCHEDULE: Readonly<FeeSchedule> = Object.freeze({
  order_fee_percent_bps: 300,
  order_fee_fixed_cents: 0,
  payment_fee_percent_bps: 140,
  payment_fee_fixed_cents: 25,
});

/** 100 % — a higher percentage would charge more than the amount it is taken from. */
export const MAX_FEE_BPS = 10_000;

/** Checks a schedule sent to the admin surface; the param names the first offending field. */
export function validateFeeSchedule(schedule: FeeSchedule): void {
  for (const key of ['order_fee_percent_bps', 'payment_fee_percent_bps'] as const) {
    const v = schedule[key];
    if (!Number.isInteger(v) || v < 0 || v > MAX_FEE_BPS) {
      throw invalidParam(key, `${key} must be an integer from 0 to ${MAX_FEE_BPS}.`);
    }
  }
  for (const key of ['order_fee_fixed_cents', 'payment_fee_fixed_cents'] as const) {
    const v = schedule[key];
    if (!Number.isSafeInteger(v) || v < 0) throw invalidParam(key, `${key} must be a non-negative integer.`);
  }
}

/** `base × bps / 10000`, half-up, exactly. */
export function percentOf(base: number, bps: number): number {
  if (base <= 0 || bps <= 0) return 0;
  return Number((BigInt(base) * BigInt(bps) + 5_000n) / 10_000n);
}

export const orderFeeCents = (schedule: FeeSchedule, base: number): number =>
  percentOf(base, schedule.order_fee_percent_bps) + schedule.order_fee_fixed_cents;

/** The fixed part is per paid order, so nothing paid means no payment fee at all. */
export const paymentFeeCents = (schedule: FeeSchedule, paidAmount: number): number =>
  paidAmount > 0 ? percentOf(paidAmount, schedule.payment_fee_percent_bps) + schedule.payment_fee_fixed_cents : 0;

export const SETTLED_PAYMENT_STATUSES: readonly PaymentStatus[] = ['captured', 'partially_refunded', 'refunded'];

export interface FinancialInput {
  status: OrderStatus;
  service_type: ServiceType | null;
  total: Money;
  charges: readonly Charge[];
  payment: { status: PaymentStatus; amount: Money } | null;
  /** Sum of refunds recorded for the payment; null/omitted when the caller has no refund ledger. */
  refunded_cents?: number | null;
  /** What the delivery provider charges the restaurant; null/omitted when unknown. */
  delivery_cost_cents?: number | null;
}

export interface FinancialAmounts {
  customer_paid_total_cents: number;
  customer_service_fee_cents: number;
  customer_delivery_fee_cents: number;
  delivery_count: number;
  restaurant_delivery_cost_cents: number;
  service_order_fee_cents: number;
  service_payment_fee_cents: number;
  payment_refunded_cents: number;
}

const chargeSum = (charges: readonly Charge[], type: Charge['type']) =>
  charges.reduce((acc, c) => (c.type === type ? acc + c.amount.amount : acc), 0);

export function financialAmounts(
  input: FinancialInput,
  schedule: FeeSchedule = DEFAULT_FEE_SCHEDULE,
): FinancialAmounts {
  const total = Math.max(0, input.total.amount);
  const voided = input.status === 'rejected' || input.status === 'cancelled';
  const settled = input.payment !== null && SETTLED_PAYMENT_STATUSES.includes(input.payment.status);
  // Money moved is the captured amount, which a partial capture makes smaller than the order total.
  const paid = settled ? Math.max(0, input.payment!.amount.amount) : 0;
  const fullRefund = input.payment?.status === 'refunded' ? paid : 0;
  const refunded = settled ? Math.min(paid, Math.max(0, input.refunded_cents ?? fullRefund)) : 0;
  const deliveryCount = input.service_type === 'delivery' && !voided ? 1 : 0;
  return {
    customer_paid_total_cents: paid - refunded,
    customer_service_fee_cents: chargeSum(input.charges, 'service'),
    customer_delivery_fee_cents: chargeSum(input.charges, 'delivery'),
    delivery_count: deliveryCount,
    restaurant_delivery_cost_cents: deliveryCount ? Math.max(0, input.delivery_cost_cents ?? 0) : 0,
    service_order_fee_cents: voided ? 0 : orderFeeCents(schedule, total),
    service_payment_fee_cents: paymentFeeCents(schedule, paid),
    payment_refunded_cents: refunded,
  };
}
