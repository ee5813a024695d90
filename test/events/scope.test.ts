/** Which endpoints receive an event: scope, subscriptions, status; rotation signs with both secrets; SSRF at send. */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { createOrder, patchStatus } from '../orders/_support.js';
import { type EventsHarness, eventsHarness, eventually, receiver, subscribe } from './_support.js';

let h: EventsHarness;
let a: Tenant;
let b: Tenant;

before(async () => {
  h = await eventsHarness();
  a = await newTenant(h);
  b = await newTenant(h);
});

const orderIds = (got: { json: any }[]) => got.map((r) => r.json.data.object.id);

test('org A never gets org B’s events; a location endpoint gets its location’s only; subscriptions filter', async () => {
  const orgA = await receiver();
  const locA = await receiver();
  const createdOnly = await receiver();
  const disabled = await receiver();
  await subscribe(h, a.orgKey, { url: orgA.url });
  await subscribe(h, a.locationKey, { url: locA.url });
  await subscribe(h, a.orgKey, { url: createdOnly.url, enabled_events: ['order.created'] });
  const off = await subscribe(h, a.orgKey, { url: disabled.url });
  await h.call('PATCH', `/v1/webhook_endpoints/${off.id}`, { key: a.orgKey, body: { status: 'disabled' } });
  const inA0 = await createOrder(h, a.locationIds[0]);
  const inA1 = await createOrder(h, a.locationIds[1]);
  const inB = await createOrder(h, b.locationIds[0]);
  await patchStatus(h, a.orgKey, a.locationIds[0], inA0.id, { status: 'accepted' });
  await eventually(() => {
    assert.equal(orgA.got.length, 3);
    assert.equal(locA.got.length, 2);
    assert.equal(createdOnly.got.length, 2);
  });
  await new Promise((r) => setTimeout(r, 300));
  assert.deepEqual(orderIds(orgA.got).sort(), [inA0.id, inA0.id, inA1.id].sort());
  assert.deepEqual(orderIds(locA.got), [inA0.id, inA0.id]);
  assert.ok(createdOnly.got.every((r) => r.json.type === 'order.created'));
  assert.equal(disabled.calls(), 0);
  for (const rx of [orgA, locA, createdOnly]) assert.ok(!orderIds(rx.got).includes(inB.id));
});

test('after a rotation both secrets verify the signature, for 24 hours', async () => {
  const rx = await receiver();
  const ep = await subscribe(h, a.orgKey, { url: rx.url, enabled_events: ['order.created'] });
  const rotated = await h.call('POST', `/v1/webhook_endpoints/${ep.id}/rotate_secret`, { key: a.orgKey });
  assert.equal(rotated.status, 201, rotated.raw);
  await createOrder(h, a.locationIds[0]);
  await eventually(() => assert.equal(rx.got.length, 1));
  const r = rx.got[0];
  const headers = r.headers as Record<string, string>;
  assert.equal(headers['webhook-signature'].split(' ').length, 2);
  for (const secret of [ep.secret, rotated.body.secret])
    assert.deepEqual(new Webhook(secret).verify(r.body, headers), r.json);
  assert.throws(() => new Webhook(`whsec_${Buffer.from('x'.repeat(24)).toString('base64')}`).verify(r.body, headers));
});

test('a name re-pointed at a private address is refused at send; a redirect is not followed', async () => {
  const ep = await subscribe(h, a.orgKey, {
    url: 'https://moving.example.com/hook',
    enabled_events: ['order.created'],
  });
  // The name now resolves to a private address: as if its DNS record had changed since the check at creation.
  await h.db.query("UPDATE webhook_endpoints SET url = 'https://private.example.com/hook' WHERE id = $1", [ep.id]);
  const redirect = await receiver(() => ({ status: 302, headers: { location: 'http://169.254.169.254/' } }));
  const moved = await subscribe(h, a.orgKey, { url: redirect.url, enabled_events: ['order.created'] });
  await createOrder(h, a.locationIds[0]);
  const attempts = async (id: string) =>
    (await h.call('GET', `/v1/webhook_endpoints/${id}/deliveries`, { key: a.orgKey })).body.data[0]?.attempts ?? [];
  await eventually(async () => {
    const [first] = await attempts(ep.id);
    assert.match(first?.error ?? '', /refused to connect.*10\.1\.2\.3/);
    assert.equal(first.status_code, null);
  });
  await eventually(async () => {
    const [first] = await attempts(moved.id);
    assert.equal(first?.status_code, 302);
    assert.equal(first.result, 'failed');
  });
  assert.equal(redirect.calls(), 1);
});
