import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { getHarness, type Harness, ikey } from '../helpers/app.js';
import { assertError, newTenant, type Tenant } from '../helpers/fixtures.js';
import { assert400, conflict, createOrder, eur, ISO, notFound, orderBody, product, sleep } from './_support.js';

let h: Harness;
let t: Tenant;
let loc: string;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  loc = t.locationIds[0];
});

/** An order of 2000 whose payment starts in `status`; `null` for no payment. */
const paid = (status: string | null, total = 2000) =>
  createOrder(
    h,
    loc,
    orderBody({
      items: [product('Menu', 1, total)],
      payment: status === null ? null : { status, amount: eur(total) },
    }),
  );
const event = (id: string, body: unknown, idempotencyKey = ikey()) =>
  h.call('POST', `/admin/v1/locations/${loc}/orders/${id}/payment_events`, { body, idempotencyKey });
const ok = async (id: string, body: unknown) => {
  const res = await event(id, body);
  assert.equal(res.status, 201, res.raw);
  return res.body;
};
const read = async (id: string) => (await h.call('GET', `/v1/locations/${loc}/orders/${id}`, { key: t.orgKey })).body;

/** A 409 whose details list the event types that are possible now. */
async function refusedMove(o: any, body: unknown, allowed: string[]) {
  const e = conflict(await event(o.id, body));
  assert.deepEqual([...(e.details?.allowed_types ?? ['<missing>'])].sort(), [...allowed].sort(), JSON.stringify(body));
}

test('pending → authorization → full capture, reflected on the order', async () => {
  const o = await paid('pending');
  await sleep(2);
  const auth = await ok(o.id, { type: 'authorization' });
  assert.equal(auth.object, 'payment_event');
  assert.equal(auth.order_id, o.id);
  assert.equal(auth.type, 'authorization');
  assert.match(auth.created_at, ISO);
  assert.deepEqual(auth.payment, { status: 'authorized', amount: eur(2000), refunded: eur(0) });
  const afterAuth = await read(o.id);
  assert.equal(afterAuth.payment.status, 'authorized');
  assert.ok(afterAuth.updated_at > o.updated_at, 'updated_at moves with a payment event');
  await sleep(2);
  const cap = await ok(o.id, { type: 'capture' });
  assert.deepEqual(cap.amount, eur(2000));
  assert.deepEqual(cap.payment, { status: 'captured', amount: eur(2000), refunded: eur(0) });
  const after = await read(o.id);
  assert.deepEqual(after.payment, cap.payment);
  assert.ok(after.updated_at > afterAuth.updated_at);
  assert.equal(after.status, 'received', 'a payment event does not change the order status');
  assert.equal(after.status_version, 0);
  assert.deepEqual(after.total, eur(2000), 'the order total is not changed by payments');
});

test('a partial capture makes the captured amount the payment amount', async () => {
  const o = await paid('authorized');
  assert400(await event(o.id, { type: 'capture', amount: eur(2001) }), 'parameter_invalid', 'amount.amount');
  assert400(await event(o.id, { type: 'capture', amount: eur(0) }), 'parameter_invalid', 'amount.amount');
  const cap = await ok(o.id, { type: 'capture', amount: eur(1500) });
  assert.deepEqual(cap.amount, eur(1500));
  assert.deepEqual(cap.payment, { status: 'captured', amount: eur(1500), refunded: eur(0) });
  assert.deepEqual((await read(o.id)).payment.amount, eur(1500));
  // Refunds are bounded by what was captured, not by the order total.
  assert400(await event(o.id, { type: 'refund', amount: eur(1501) }), 'parameter_invalid', 'amount.amount');
  assert.equal((await ok(o.id, { type: 'refund', amount: eur(1500) })).payment.status, 'refunded');
});

test('refunds: partial, partial, over the refundable amount, then the rest', async () => {
  const o = await paid('captured');
  const r1 = await ok(o.id, { type: 'refund', amount: eur(500) });
  assert.deepEqual(r1.amount, eur(500));
  assert.deepEqual(r1.payment, { status: 'partially_refunded', amount: eur(2000), refunded: eur(500) });
  const r2 = await ok(o.id, { type: 'refund', amount: eur(300) });
  assert.deepEqual(r2.payment, { status: 'partially_refunded', amount: eur(2000), refunded: eur(800) });
  const before = await read(o.id);
  assert.deepEqual(before.payment, r2.payment);

  const over = assert400(
    await event(o.id, { type: 'refund', amount: eur(1201) }),
    'parameter_invalid',
    'amount.amount',
  );
  assert.equal(over.details?.refundable_amount, 1200);
  assert400(await event(o.id, { type: 'refund', amount: eur(0) }), 'parameter_invalid', 'amount.amount');
  assert.deepEqual((await read(o.id)).payment, before.payment, 'refused refunds change nothing');

  await sleep(2);
  const r3 = await ok(o.id, { type: 'refund', amount: eur(1200) });
  assert.deepEqual(r3.payment, { status: 'refunded', amount: eur(2000), refunded: eur(2000) });
  const after = await read(o.id);
  assert.deepEqual(after.payment, r3.payment);
  assert.ok(after.updated_at > before.updated_at);
  await refusedMove(after, { type: 'refund', amount: eur(1) }, []);

  const whole = await paid('captured', 999);
  assert.equal((await ok(whole.id, { type: 'refund', amount: eur(999) })).payment.status, 'refunded');
});

test('a refund without amount is 400 parameter_missing (spec: required parameter omitted)', async () => {
  const o = await paid('captured');
  assert400(await event(o.id, { type: 'refund' }), 'parameter_missing', 'amount');
});

test('a replayed refund is applied once', async () => {
  const o = await paid('captured');
  const key = ikey();
  const first = await event(o.id, { type: 'refund', amount: eur(400) }, key);
  assert.equal(first.status, 201, first.raw);
  const again = await event(o.id, { type: 'refund', amount: eur(400) }, key);
  assert.equal(again.status, 201, again.raw);
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.deepEqual(again.body, first.body);
  assert.deepEqual((await read(o.id)).payment.refunded, eur(400));
  const none = await h.call('POST', `/admin/v1/locations/${loc}/orders/${o.id}/payment_events`, {
    body: { type: 'refund', amount: eur(1) },
    idempotencyKey: '',
  });
  assert400(none, 'idempotency_key_missing');
});

test('forbidden moves are 409 with details.allowed_types', async () => {
  const pending = await paid('pending');
  await refusedMove(pending, { type: 'capture' }, ['authorization', 'failure']);
  await refusedMove(pending, { type: 'cancellation' }, ['authorization', 'failure']);
  await refusedMove(pending, { type: 'refund', amount: eur(100) }, ['authorization', 'failure']);
  const authorized = await paid('authorized');
  await refusedMove(authorized, { type: 'refund', amount: eur(100) }, ['capture', 'cancellation']);
  await refusedMove(authorized, { type: 'authorization' }, ['capture', 'cancellation']);
  await refusedMove(authorized, { type: 'failure' }, ['capture', 'cancellation']);
  const captured = await paid('captured');
  for (const type of ['authorization', 'failure', 'capture', 'cancellation']) {
    await refusedMove(captured, { type }, ['refund']);
  }
  for (const status of ['failed', 'cancelled']) {
    const o = await paid(status);
    for (const type of ['authorization', 'failure', 'capture', 'cancellation']) await refusedMove(o, { type }, []);
    await refusedMove(o, { type: 'refund', amount: eur(1) }, []);
  }
  const failing = await paid('pending');
  assert.equal((await ok(failing.id, { type: 'failure' })).payment.status, 'failed');
  const cancelling = await paid('authorized');
  assert.equal((await ok(cancelling.id, { type: 'cancellation' })).payment.status, 'cancelled');
  assert.deepEqual((await read(cancelling.id)).payment.status, 'cancelled');
  assert.deepEqual((await read(captured.id)).payment, { status: 'captured', amount: eur(2000), refunded: eur(0) });
});

test('an order without payment is 409; bad amounts and unknown types are 400', async () => {
  const none = await paid(null);
  conflict(await event(none.id, { type: 'authorization' }));
  conflict(await event(none.id, { type: 'refund', amount: eur(1) }));
  assert.equal((await read(none.id)).payment, null);

  const o = await paid('captured');
  assert400(
    await event(o.id, { type: 'refund', amount: { amount: 100, currency: 'USD' } }),
    'parameter_invalid',
    'amount.currency',
  );
  const a = await paid('authorized');
  assert400(
    await event(a.id, { type: 'capture', amount: { amount: 100, currency: 'CHF' } }),
    'parameter_invalid',
    'amount.currency',
  );
  const bad = assert400(await event(o.id, { type: 'chargeback' }), 'parameter_invalid', 'type');
  assert.deepEqual([...bad.details.allowed_values].sort(), [
    'authorization',
    'cancellation',
    'capture',
    'failure',
    'refund',
  ]);
  assert400(await event(o.id, {}), 'parameter_missing', 'type');
  assert400(await event(o.id, { type: 'refund', amount: eur(1), note: 'x' }), 'parameter_unknown', 'note');
  assert400(
    await event(o.id, { type: 'refund', amount: { amount: 1.5, currency: 'EUR' } }),
    'parameter_invalid',
    'amount.amount',
  );
  assert.deepEqual((await read(o.id)).payment.refunded, eur(0));
});

test('scope and surface', async () => {
  const o = await paid('captured');
  notFound(await event('ord_01J00000000000000000000000', { type: 'capture' }));
  const other = await h.call('POST', `/admin/v1/locations/${t.locationIds[1]}/orders/${o.id}/payment_events`, {
    body: { type: 'refund', amount: eur(1) },
  });
  notFound(other);
  const pub = await h.call('POST', `/admin/v1/locations/${loc}/orders/${o.id}/payment_events`, {
    key: t.orgKey,
    body: { type: 'refund', amount: eur(1) },
  });
  assertError(pub, 403, 'authorization_error', 'api_key_wrong_surface');
});
