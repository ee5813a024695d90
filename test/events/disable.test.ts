/** An endpoint that keeps failing is disabled, with a reason the tenant can read; another endpoint is not held up. */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { createOrder } from '../orders/_support.js';
import { type EventsHarness, eventsHarness, eventually, receiver, subscribe } from './_support.js';

let h: EventsHarness;
let t: Tenant;

before(async () => {
  // "Days" of failure shortened to 1.5 s, and retries every 200 ms (./_support.ts).
  h = await eventsHarness();
  t = await newTenant(h);
});

test('failing for long enough disables the endpoint with a visible reason; a healthy one keeps receiving', async () => {
  const dead = await receiver(() => 503);
  const healthy = await receiver();
  const ep = await subscribe(h, t.orgKey, { url: dead.url });
  await subscribe(h, t.orgKey, { url: healthy.url });
  const first = await createOrder(h, t.locationIds[0]);
  await eventually(() => assert.equal(healthy.got.length, 1));
  const disabled = await eventually(async () => {
    const res = await h.call('GET', `/v1/webhook_endpoints/${ep.id}`, { key: t.orgKey });
    assert.equal(res.body.status, 'disabled', res.raw);
    return res.body;
  }, 10_000);
  assert.match(disabled.disabled_reason, /failed since .*503/);
  const deliveries = await h.call('GET', `/v1/webhook_endpoints/${ep.id}/deliveries`, { key: t.orgKey });
  const [d] = deliveries.body.data;
  assert.equal(d.status, 'failed');
  assert.ok(d.attempts.length >= 2);
  assert.ok(d.attempts.every((a: any) => a.status_code === 503));
  // Disabled: new events are not even queued for it.
  const calls = dead.calls();
  await createOrder(h, t.locationIds[0]);
  await eventually(() => assert.equal(healthy.got.length, 2));
  await new Promise((r) => setTimeout(r, 400));
  assert.equal(dead.calls(), calls);
  // Enabled again: the reason goes, and a resend by hand goes out.
  const enabled = await h.call('PATCH', `/v1/webhook_endpoints/${ep.id}`, {
    key: t.orgKey,
    body: { status: 'enabled' },
  });
  assert.equal(enabled.body.disabled_reason, null);
  const resend = await h.call('POST', `/v1/webhook_endpoints/${ep.id}/deliveries/${d.id}/retry`, { key: t.orgKey });
  assert.equal(resend.status, 200, resend.raw);
  assert.equal(resend.body.status, 'pending');
  await eventually(() => assert.ok(dead.calls() > calls));
  // The resend's attempt is recorded after the others, numbered on from them (the claim reads the last number).
  await eventually(async () => {
    const again = await h.call('GET', `/v1/webhook_endpoints/${ep.id}/deliveries/${d.id}`, { key: t.orgKey });
    const numbers = again.body.attempts.map((a: any) => a.number);
    assert.deepEqual(
      numbers,
      Array.from({ length: d.attempts.length + 1 }, (_, i) => i + 1),
    );
  });
  void first;
});
