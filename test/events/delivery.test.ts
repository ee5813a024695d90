/** Order events reach a subscribed endpoint, signed, in order per order, retried; every attempt readable. */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { createOrder, eur, orderBody, patchStatus } from '../orders/_support.js';
import { type EventsHarness, eventsHarness, eventually, receiver, subscribe } from './_support.js';

let h: EventsHarness;
let t: Tenant;

before(async () => {
  h = await eventsHarness();
  t = await newTenant(h);
});

const verify = (secret: string, r: { headers: Record<string, unknown>; body: string }) =>
  new Webhook(secret).verify(r.body, r.headers as Record<string, string>);

test('every order event by its real cause, signed with the endpoint secret, webhook-id = event id', async () => {
  const rx = await receiver();
  const ep = await subscribe(h, t.orgKey, { url: rx.url });
  assert.match(ep.secret, /^whsec_/);
  const order = await createOrder(h, t.locationIds[0], orderBody({ payment: 'total' }));
  const moved = await patchStatus(h, t.orgKey, t.locationIds[0], order.id, { status: 'accepted', reason: 'ok' });
  assert.equal(moved.status, 200, moved.raw);
  const paid = await h.call('POST', `/admin/v1/locations/${t.locationIds[0]}/orders/${order.id}/payment_events`, {
    body: { type: 'capture' },
  });
  assert.equal(paid.status, 201, paid.raw);

  await eventually(() => assert.equal(rx.got.length, 3));
  const types = rx.got.map((r) => r.json.type);
  assert.deepEqual(types, ['order.created', 'order.status_changed', 'order.payment_status_changed']);
  for (const r of rx.got) {
    assert.deepEqual(verify(ep.secret, r), r.json);
    assert.equal(r.headers['webhook-id'], r.json.id);
    assert.match(r.json.id, /^evt_/);
    assert.equal(r.json.object, 'event');
    assert.equal(r.json.organization_id, t.orgId);
    assert.equal(r.json.location_id, t.locationIds[0]);
    assert.equal(r.json.data.object.id, order.id);
  }
  const [created, status, payment] = rx.got.map((r) => r.json);
  assert.equal(created.data.object.status, 'received');
  assert.equal(created.previous_attributes, null);
  assert.equal(status.data.object.status, 'accepted');
  assert.equal(status.data.changed_by, 'staff');
  assert.equal(status.data.reason, 'ok');
  assert.deepEqual(status.previous_attributes, { status: 'received', status_version: 0 });
  assert.equal(payment.data.object.payment.status, 'captured');
  assert.deepEqual(payment.previous_attributes.payment.status, 'authorized');
  // The event as delivered is the event as GET shows it.
  const got = await h.call('GET', `/v1/events/${status.id}`, { key: t.orgKey });
  assert.equal(got.status, 200, got.raw);
  assert.deepEqual(got.body, status);
  // The order in data.object is the order GET shows at that point.
  const read = await h.call('GET', `/v1/locations/${t.locationIds[0]}/orders/${order.id}`, { key: t.orgKey });
  assert.deepEqual(payment.data.object, read.body);
});

test('a 500 is retried with the same webhook-id, then succeeds; every attempt is kept', async () => {
  const rx = await receiver((_, n) => (n === 1 ? 500 : 200));
  const ep = await subscribe(h, t.orgKey, { url: rx.url, enabled_events: ['order.created'] });
  const order = await createOrder(h, t.locationIds[1]);
  await eventually(() => assert.equal(rx.got.length, 1));
  assert.equal(rx.calls(), 2);
  assert.equal(rx.got[0].json.data.object.id, order.id);
  const list = await eventually(async () => {
    const res = await h.call('GET', `/v1/webhook_endpoints/${ep.id}/deliveries`, { key: t.orgKey });
    assert.equal(res.body.data[0]?.status, 'succeeded', res.raw);
    return res.body;
  });
  const d = list.data[0];
  assert.equal(d.event_id, rx.got[0].json.id);
  assert.deepEqual(
    d.attempts.map((a: any) => [a.number, a.status_code, a.result]),
    [
      [1, 500, 'retry'],
      [2, 200, 'succeeded'],
    ],
  );
  // Resent by hand: the same event and webhook-id again.
  const resent = await h.call('POST', `/v1/webhook_endpoints/${ep.id}/deliveries/${d.id}/retry`, { key: t.orgKey });
  assert.equal(resent.status, 200, resent.raw);
  await eventually(() => assert.equal(rx.got.length, 2));
  assert.equal(rx.got[1].headers['webhook-id'], rx.got[0].headers['webhook-id']);
  const again = await h.call('POST', `/v1/webhook_endpoints/${ep.id}/deliveries/${d.id}/retry`, { key: t.orgKey });
  assert.ok([200, 409].includes(again.status), again.raw);
});

test('a 429 waits for Retry-After; one order’s events arrive in order while another order goes on', async () => {
  let first = true;
  let refusedAt = 0;
  const rx = await receiver((r) => {
    if (first && r.json.type === 'order.created') {
      first = false;
      refusedAt = Date.now();
      return { status: 429, headers: { 'retry-after': '3' } };
    }
    return 200;
  });
  await subscribe(h, t.orgKey, { url: rx.url });
  const loc = t.locationIds[0];
  const a = await createOrder(h, loc);
  for (const status of ['accepted', 'in_preparation', 'completed']) {
    assert.equal((await patchStatus(h, t.orgKey, loc, a.id, { status })).status, 200);
  }
  const b = await createOrder(h, loc);
  await eventually(() => assert.equal(rx.got.length, 5));
  const ofA = rx.got.filter((r) => r.json.data.object.id === a.id);
  assert.deepEqual(
    ofA.map((r) => r.json.data.object.status),
    ['received', 'accepted', 'in_preparation', 'completed'],
  );
  const bAt = rx.got.find((r) => r.json.data.object.id === b.id)?.at ?? 0;
  assert.ok(bAt < ofA[0].at, "order b's event did not wait for order a's retry");
  assert.ok(ofA[0].at - refusedAt >= 2_950, 'Retry-After was honoured');
  void eur;
});
