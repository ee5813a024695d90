import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError } from '../../src/domain/errors.js';
import {
  DEFAULT_FEE_SCHEDULE,
  type FeeSchedule,
  type FinancialInput,
  financialAmounts,
  orderFeeCents,
  paymentFeeCents,
  percentOf,
  validateFeeSchedule,
} from '../../src/domain/financials/fees.js';

const eur = (amount: number) => ({ amount, currency: 'EUR' });
const percentOnly = (order: number, payment: number): FeeSchedule => ({
  order_fee_percent_bps: order,
  order_fee_fixed_cents: 0,
  payment_fee_percent_bps: payment,
  payment_fee_fixed_cents: 0,
});

describe('fee arithmetic', () => {
  test('the documented default schedule', () => {
    assert.deepEqual(
      { ...DEFAULT_FEE_SCHEDULE },
      {
        order_fee_percent_bps: 300,
        order_fee_fixed_cents: 0,
        payment_fee_percent_bps: 140,
        payment_fee_fixed_cents: 25,
      },
    );
    assert.ok(Object.isFrozen(DEFAULT_FEE_SCHEDULE));
  });

  test('rounds half-up exactly at the .5 boundary and down just below it', () => {
    // 1 % of 50 = 0.5 → 1; 1 % of 49 = 0.49 → 0; 1 % of 150 = 1.5 → 2; 1 % of 250 = 2.5 → 3
    assert.equal(percentOf(50, 100), 1);
    assert.equal(percentOf(49, 100), 0);
    assert.equal(percentOf(150, 100), 2);
    assert.equal(percentOf(250, 100), 3);
    assert.equal(percentOf(1, 5000), 1); // 0.5
    assert.equal(percentOf(1, 4999), 0); // 0.4999
    // 3 % of 1250 = 37.5 → 38; 3 % of 1249 = 37.47 → 37; 1.4 % of 2500 = 35 exactly
    assert.equal(percentOf(1250, 300), 38);
    assert.equal(percentOf(1249, 300), 37);
    assert.equal(percentOf(2500, 140), 35);
    // 1.4 % of 1125 = 15.75 → 16; of 1100 = 15.4 → 15
    assert.equal(percentOf(1125, 140), 16);
    assert.equal(percentOf(1100, 140), 15);
  });

  test('zero and negative bases and rates give 0', () => {
    assert.equal(percentOf(0, 300), 0);
    assert.equal(percentOf(1000, 0), 0);
    assert.equal(percentOf(-1000, 300), 0);
  });

  test('large amounts stay exact (no floating point)', () => {
    // 9007199254740991 × 300 / 10000 = 270215977642229.73 → ...230
    assert.equal(percentOf(Number.MAX_SAFE_INTEGER, 300), 270_215_977_642_230);
    assert.equal(percentOf(10 ** 15, 140), 14 * 10 ** 12);
    // Values whose decimal fraction is not exact in binary floating point.
    assert.equal(percentOf(100_500, 1), 10); // 10.05 → 10
    assert.equal(percentOf(105, 1000), 11); // 10.5 → 11
  });

  test('orderFeeCents adds the fixed part, even on a zero total', () => {
    const s: FeeSchedule = { ...percentOnly(300, 0), order_fee_fixed_cents: 10 };
    assert.equal(orderFeeCents(s, 1250), 48);
    assert.equal(orderFeeCents(s, 0), 10);
    assert.equal(orderFeeCents(DEFAULT_FEE_SCHEDULE, 1250), 38);
    assert.equal(orderFeeCents(DEFAULT_FEE_SCHEDULE, 0), 0);
  });

  test('paymentFeeCents is percent + fixed when something was paid, 0 otherwise', () => {
    assert.equal(paymentFeeCents(DEFAULT_FEE_SCHEDULE, 2500), 35 + 25);
    assert.equal(paymentFeeCents(DEFAULT_FEE_SCHEDULE, 1), 0 + 25);
    assert.equal(paymentFeeCents(DEFAULT_FEE_SCHEDULE, 0), 0);
    assert.equal(paymentFeeCents(DEFAULT_FEE_SCHEDULE, -5), 0);
  });

  test('validateFeeSchedule accepts the default and names the first bad field', () => {
    validateFeeSchedule(DEFAULT_FEE_SCHEDULE);
    validateFeeSchedule({ ...percentOnly(10_000, 0) });
    const bad: [Partial<FeeSchedule>, string][] = [
      [{ order_fee_percent_bps: -1 }, 'order_fee_percent_bps'],
      [{ order_fee_percent_bps: 10_001 }, 'order_fee_percent_bps'],
      [{ payment_fee_percent_bps: 1.5 }, 'payment_fee_percent_bps'],
      [{ order_fee_fixed_cents: -1 }, 'order_fee_fixed_cents'],
      [{ payment_fee_fixed_cents: 0.5 }, 'payment_fee_fixed_cents'],
    ];
    for (const [patch, param] of bad) {
      assert.throws(
        () => validateFeeSchedule({ ...DEFAULT_FEE_SCHEDULE, ...patch }),
        (err: unknown) => err instanceof ApiError && err.code === 'parameter_invalid' && err.param === param,
      );
    }
  });
});

/** A delivery order of 25.00 (incl. 3.00 delivery and 0.99 service), paid and captured in full. */
const base = (over: Partial<FinancialInput> = {}): FinancialInput => ({
  status: 'completed',
  service_type: 'delivery',
  total: eur(2500),
  charges: [
    { type: 'delivery', amount: eur(300) },
    { type: 'service', amount: eur(99) },
  ],
  payment: { status: 'captured', amount: eur(2500) },
  delivery_cost_cents: 450,
  ...over,
});

describe('financialAmounts', () => {
  test('a completed, captured delivery order', () => {
    assert.deepEqual(financialAmounts(base()), {
      customer_paid_total_cents: 2500,
      customer_service_fee_cents: 99,
      customer_delivery_fee_cents: 300,
      delivery_count: 1,
      restaurant_delivery_cost_cents: 450,
      service_order_fee_cents: 75,
      service_payment_fee_cents: 35 + 25,
      payment_refunded_cents: 0,
    });
  });

  test('a partial refund lowers the paid total but not the payment fee', () => {
    const r = financialAmounts(
      base({ payment: { status: 'partially_refunded', amount: eur(2500) }, refunded_cents: 700 }),
    );
    assert.equal(r.customer_paid_total_cents, 1800);
    assert.equal(r.payment_refunded_cents, 700);
    assert.equal(r.service_payment_fee_cents, 60);
    assert.equal(r.service_order_fee_cents, 75);
  });

  test('a full refund, given or inferred from the refunded status', () => {
    for (const refunded_cents of [2500, null, undefined]) {
      const r = financialAmounts(base({ payment: { status: 'refunded', amount: eur(2500) }, refunded_cents }));
      assert.equal(r.customer_paid_total_cents, 0);
      assert.equal(r.payment_refunded_cents, 2500);
      assert.equal(r.service_payment_fee_cents, 60);
    }
  });

  test('refunds above the total are clamped to it; a partial refund without an amount counts 0', () => {
    const over = financialAmounts(base({ payment: { status: 'refunded', amount: eur(2500) }, refunded_cents: 9999 }));
    assert.equal(over.payment_refunded_cents, 2500);
    assert.equal(over.customer_paid_total_cents, 0);
    const unknown = financialAmounts(base({ payment: { status: 'partially_refunded', amount: eur(2500) } }));
    assert.equal(unknown.payment_refunded_cents, 0);
  });

  test('no money moved for null, pending, failed, cancelled or only authorized payments', () => {
    const unpaid = [
      null,
      ...(['pending', 'failed', 'cancelled', 'authorized'] as const).map((s) => ({ status: s, amount: eur(2500) })),
    ];
    for (const payment of unpaid) {
      const r = financialAmounts(base({ payment, refunded_cents: 500 }));
      assert.equal(r.customer_paid_total_cents, 0, String(payment?.status));
      assert.equal(r.service_payment_fee_cents, 0);
      assert.equal(r.payment_refunded_cents, 0);
      assert.equal(r.service_order_fee_cents, 75, 'the order fee does not depend on payment');
    }
  });

  test('rejected and cancelled orders carry no order fee and no delivery', () => {
    for (const status of ['rejected', 'cancelled'] as const) {
      const r = financialAmounts(base({ status, payment: null }));
      assert.equal(r.service_order_fee_cents, 0);
      assert.equal(r.delivery_count, 0);
      assert.equal(r.restaurant_delivery_cost_cents, 0);
      assert.equal(r.customer_delivery_fee_cents, 300, 'charges describe the order whatever its status');
    }
  });

  test('delivery_failed and in-progress delivery orders count one delivery and the order fee', () => {
    for (const status of ['delivery_failed', 'received', 'in_delivery'] as const) {
      const r = financialAmounts(base({ status }));
      assert.equal(r.delivery_count, 1);
      assert.equal(r.service_order_fee_cents, 75);
    }
  });

  test('collection, eat-in and unknown service types have no delivery and no delivery cost', () => {
    for (const service_type of ['collection', 'eat_in', null] as const) {
      const r = financialAmounts(base({ service_type, charges: [] }));
      assert.equal(r.delivery_count, 0);
      assert.equal(r.restaurant_delivery_cost_cents, 0);
      assert.equal(r.customer_delivery_fee_cents, 0);
      assert.equal(r.customer_service_fee_cents, 0);
    }
  });

  test('an unknown delivery cost counts as 0; several charges of one type add up', () => {
    const r = financialAmounts(
      base({
        delivery_cost_cents: null,
        charges: [
          { type: 'delivery', amount: eur(200) },
          { type: 'delivery', amount: eur(150) },
          { type: 'service', amount: eur(50) },
        ],
      }),
    );
    assert.equal(r.restaurant_delivery_cost_cents, 0);
    assert.equal(r.customer_delivery_fee_cents, 350);
    assert.equal(r.customer_service_fee_cents, 50);
  });

  test('a zero-total order paid with nothing owes no payment fee', () => {
    const r = financialAmounts(base({ total: eur(0), charges: [], payment: { status: 'captured', amount: eur(0) } }));
    assert.equal(r.service_payment_fee_cents, 0);
    assert.equal(r.service_order_fee_cents, 0);
    assert.equal(r.customer_paid_total_cents, 0);
  });

  test('a custom schedule is applied, including fixed parts', () => {
    const s: FeeSchedule = {
      order_fee_percent_bps: 500,
      order_fee_fixed_cents: 20,
      payment_fee_percent_bps: 250,
      payment_fee_fixed_cents: 30,
    };
    const r = financialAmounts(base({ total: eur(1010), payment: { status: 'captured', amount: eur(1010) } }), s);
    assert.equal(r.service_order_fee_cents, 51 + 20); // 50.5 → 51
    assert.equal(r.service_payment_fee_cents, 25 + 30); // 25.25 → 25
  });

  test('large totals stay exact', () => {
    const big = 1_000_000_000_050;
    const r = financialAmounts(base({ total: eur(big), payment: { status: 'captured', amount: eur(big) } }));
    assert.equal(r.service_order_fee_cents, 30_000_000_002); // 30000000001.5 → ...002
    assert.equal(r.service_payment_fee_cents, 14_000_000_001 + 25); // 14000000000.7 → ...001
    assert.equal(r.customer_paid_total_cents, big);
  });
});
