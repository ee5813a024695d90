/**
 * Payment status moves from CONTRACT.md ("Orders"), as data. `partially_refunded → partially_refunded` is
 * allowed because each further partial refund is a move of its own. Targets are listed in CONTRACT order.
 */
export const PAYMENT_STATUSES = [
  'authorized',
  'captured',
  'pending',
  'failed',
  'cancelled',
  'partially_refunded',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const PAYMENT_MOVES: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['authorized', 'failed'],
  authorized: ['captured', 'cancelled'],
  captured: ['partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  failed: [],
  cancelled: [],
  refunded: [],
};

export function allowedPaymentMoves(from: PaymentStatus): PaymentStatus[] {
  return [...(PAYMENT_MOVES[from] ?? [])];
}

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return (PAYMENT_MOVES[from] ?? []).includes(to);
}
