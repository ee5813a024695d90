import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError } from '../../src/domain/errors.js';
import {
  allowedPaymentMoves,
  canMovePayment,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '../../src/domain/orders/payment-status.js';
import {
  allowedNextStatuses,
  canMove,
  FINAL_STATUSES,
  ORDER_STATUSES,
  type OrderStatus,
  planStatusChange,
  SERVICE_TYPES,
  type ServiceType,
} from '../../src/domain/orders/status.js';

// Written out by hand from CONTRACT.md, independently of the module's data. Each list is in spec enum
// order, which is the order allowedNextStatuses promises. Statuses absent from a table have no moves.
const ALL: OrderStatus[] = [
  'received',
  'accepted',
  'in_preparation',
  'awaiting_shipment',
  'awaiting_collection',
  'in_delivery',
  'completed',
  'rejected',
  'cancelled',
  'delivery_failed',
];

const DELIVERY: Partial<Record<OrderStatus, OrderStatus[]>> = {
  received: ['accepted', 'in_preparation', 'awaiting_shipment', 'in_delivery', 'completed', 'rejected', 'cancelled'],
  accepted: ['in_preparation', 'awaiting_shipment', 'in_delivery', 'completed', 'cancelled'],
  in_preparation: ['awaiting_shipment', 'in_delivery', 'completed', 'cancelled'],
  awaiting_shipment: ['in_delivery', 'completed', 'cancelled'],
  awaiting_collection: ['cancelled'], // off the delivery path: only exits
  in_delivery: ['completed', 'delivery_failed'],
};

const COLLECTION: Partial<Record<OrderStatus, OrderStatus[]>> = {
  received: ['accepted', 'in_preparation', 'awaiting_collection', 'completed', 'rejected', 'cancelled'],
  accepted: ['in_preparation', 'awaiting_collection', 'completed', 'cancelled'],
  in_preparation: ['awaiting_collection', 'completed', 'cancelled'],
  awaiting_shipment: ['cancelled'], // off path
  awaiting_collection: ['completed', 'cancelled'],
  in_delivery: ['delivery_failed'], // off path
};

const EAT_IN: Partial<Record<OrderStatus, OrderStatus[]>> = {
  received: ['accepted', 'in_preparation', 'completed', 'rejected', 'cancelled'],
  accepted: ['in_preparation', 'completed', 'cancelled'],
  in_preparation: ['completed', 'cancelled'],
  awaiting_shipment: ['cancelled'], // off path
  awaiting_collection: ['cancelled'], // off path
  in_delivery: ['delivery_failed'], // off path
};

const EXPECTED: [ServiceType | null, Partial<Record<OrderStatus, OrderStatus[]>>][] = [
  ['delivery', DELIVERY],
  ['collection', COLLECTION],
  ['eat_in', EAT_IN],
  [null, EAT_IN],
];

test('the enums match the spec', () => {
  assert.deepEqual([...ORDER_STATUSES], ALL);
  assert.deepEqual([...SERVICE_TYPES], ['delivery', 'collection', 'eat_in']);
  assert.deepEqual([...FINAL_STATUSES].sort(), ['cancelled', 'completed', 'delivery_failed', 'rejected']);
  assert.deepEqual([...PAYMENT_STATUSES].sort(), [
    'authorized',
    'cancelled',
    'captured',
    'failed',
    'partially_refunded',
    'pending',
    'refunded',
  ]);
});

for (const [serviceType, table] of EXPECTED) {
  describe(`order status moves for service type ${serviceType}`, () => {
    for (const from of ALL) {
      const allowed = table[from] ?? [];
      test(`allowedNextStatuses from ${from}`, () => {
        assert.deepEqual(allowedNextStatuses(serviceType, from), allowed);
      });
      for (const to of ALL) {
        const ok = allowed.includes(to);
        test(`${from} → ${to} is ${ok ? 'allowed' : 'forbidden'}`, () => {
          assert.equal(canMove(serviceType, from, to), ok);
          const input = { serviceType, current: from, currentVersion: 4, to };
          if (ok) {
            assert.deepEqual(planStatusChange(input), { status: to, status_version: 5 });
            assert.deepEqual(planStatusChange({ ...input, expectedVersion: 4 }), { status: to, status_version: 5 });
          } else {
            assert.throws(
              () => planStatusChange(input),
              (err: unknown) => {
                assert.ok(err instanceof ApiError);
                assert.equal(err.status, 409);
                assert.equal(err.type, 'conflict_error');
                assert.equal(err.code, 'resource_conflict');
                assert.deepEqual(err.details, {
                  current_status: from,
                  current_status_version: 4,
                  allowed_next_statuses: allowed,
                });
                return true;
              },
            );
          }
        });
      }
    }
  });
}

describe('planStatusChange versions', () => {
  test('a stale status_version is a 409 naming the current status and version, before judging the move', () => {
    for (const to of ['accepted', 'received'] as const) {
      assert.throws(
        () =>
          planStatusChange({ serviceType: 'delivery', current: 'received', currentVersion: 3, to, expectedVersion: 2 }),
        (err: unknown) => {
          assert.ok(err instanceof ApiError);
          assert.equal(err.status, 409);
          assert.equal(err.code, 'resource_conflict');
          assert.match(err.message, /stale/);
          assert.deepEqual(err.details, { current_status: 'received', current_status_version: 3 });
          return true;
        },
      );
    }
  });

  test('a version ahead of the stored one is stale too', () => {
    assert.throws(
      () =>
        planStatusChange({
          serviceType: null,
          current: 'accepted',
          currentVersion: 1,
          to: 'completed',
          expectedVersion: 2,
        }),
      (err: unknown) => err instanceof ApiError && err.code === 'resource_conflict',
    );
  });

  test('each move adds exactly 1 to status_version, from 0 along a full delivery path', () => {
    let state = { status: 'received' as OrderStatus, status_version: 0 };
    const path: OrderStatus[] = ['accepted', 'in_preparation', 'awaiting_shipment', 'in_delivery', 'completed'];
    path.forEach((to, i) => {
      state = planStatusChange({
        serviceType: 'delivery',
        current: state.status,
        currentVersion: state.status_version,
        to,
        expectedVersion: state.status_version,
      });
      assert.deepEqual(state, { status: to, status_version: i + 1 });
    });
  });

  test('an unknown target status is a 400 on param status', () => {
    assert.throws(
      () =>
        planStatusChange({
          serviceType: 'delivery',
          current: 'received',
          currentVersion: 0,
          to: 'lost' as OrderStatus,
        }),
      (err: unknown) => err instanceof ApiError && err.status === 400 && err.param === 'status',
    );
  });

  test('allowedNextStatuses returns a fresh array each time', () => {
    const a = allowedNextStatuses('delivery', 'received');
    a.pop();
    assert.equal(allowedNextStatuses('delivery', 'received').length, 7);
  });
});

const PAYMENT_EXPECTED: Record<PaymentStatus, PaymentStatus[]> = {
  pending: ['authorized', 'failed'],
  authorized: ['captured', 'cancelled'],
  captured: ['partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  failed: [],
  cancelled: [],
  refunded: [],
};
const PAYMENTS = Object.keys(PAYMENT_EXPECTED) as PaymentStatus[];

describe('payment status moves', () => {
  for (const from of PAYMENTS) {
    test(`allowedPaymentMoves from ${from}`, () => {
      assert.deepEqual(allowedPaymentMoves(from), PAYMENT_EXPECTED[from]);
    });
    for (const to of PAYMENTS) {
      const ok = PAYMENT_EXPECTED[from].includes(to);
      test(`${from} → ${to} is ${ok ? 'allowed' : 'forbidden'}`, () => {
        assert.equal(canMovePayment(from, to), ok);
      });
    }
  }
});
