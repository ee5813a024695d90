/**
 * Issue 19, item 8: a write answers the written object, so it needs the resource's read permission
 * beside its write permission (docs/api-conventions.md). A write-only key gets `403 permission_denied`
 * before anything is written: before, `PATCH /v1/customers/{id}` with `{}` read a customer's phone, name,
 * language and notes with `customers.write` alone. Every public write route is tried.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createTestAccount, digits, say } from '../conversations/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { assertError, issue, LOCATION_BODY, newTenant, type Tenant } from '../helpers/fixtures.js';

let h: Harness;
let t: Tenant;
let customerId: string;
const NOTES = 'Allergic to nuts';

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  const account = await createTestAccount(h, { location_id: t.locationIds[0] });
  const m = await say(h, account, `+49${digits(10)}`, 'Hallo', { from: { phone: `+49${digits(10)}`, name: 'Ada' } });
  customerId = m.customer_id;
  const res = await h.call('PATCH', `/admin/v1/customers/${customerId}`, { body: { notes: NOTES, language: 'de' } });
  assert.equal(res.status, 200, res.raw);
});

const key = (scope: 'org' | 'location', permissions: string[]) =>
  issue(
    h,
    scope === 'org' ? { organization_id: t.orgId, permissions } : { location_id: t.locationIds[0], permissions },
  );

function denied(res: Awaited<ReturnType<Harness['call']>>, permission: string) {
  const error = assertError(res, 403, 'authorization_error', 'permission_denied');
  assert.match(error.message, new RegExp(`'${permission.replace('.', '\\.')}'`));
  assert.ok(!res.raw.includes('Ada') && !res.raw.includes(NOTES), res.raw);
}

async function storedCustomer() {
  return (await h.call('GET', `/admin/v1/customers/${customerId}`)).body;
}

describe('customers: PATCH /v1/customers/{id}', () => {
  for (const scope of ['org', 'location'] as const) {
    test(`${scope} key: customers.write alone is a 403, for {} and for a change, and nothing is written`, async () => {
      const before = await storedCustomer();
      const writer = await key(scope, ['customers.write']);
      for (const body of [{}, { notes: 'changed' }, { name: null }]) {
        denied(await h.call('PATCH', `/v1/customers/${customerId}`, { key: writer, body }), 'customers.read');
      }
      assert.deepEqual(await storedCustomer(), before);
    });

    test(`${scope} key: customers.read alone is a 403; read and write together get the written object`, async () => {
      const reader = await key(scope, ['customers.read']);
      denied(await h.call('PATCH', `/v1/customers/${customerId}`, { key: reader, body: {} }), 'customers.write');
      const both = await key(scope, ['customers.read', 'customers.write']);
      const res = await h.call('PATCH', `/v1/customers/${customerId}`, { key: both, body: { notes: NOTES } });
      assert.equal(res.status, 200, res.raw);
      assert.equal(res.body.notes, NOTES);
      assert.equal(res.body.name, 'Ada');
    });
  }
});

describe('every other public write route answering its object', () => {
  const loc = () => t.locationIds[0];
  let closingId: string;

  before(async () => {
    const res = await h.call('POST', `/v1/locations/${loc()}/special_closings`, {
      key: t.orgKey,
      body: { starts_at: '2034-12-24T10:00:00.000Z', ends_at: '2034-12-26T10:00:00.000Z', reason: 'Holiday' },
    });
    assert.equal(res.status, 201, res.raw);
    closingId = res.body.id;
  });

  const routes = (): [string, string, string, unknown][] => [
    ['organizations.write', 'PATCH', '/v1/organizations', {}],
    ['locations.write', 'PATCH', `/v1/locations/${loc()}`, {}],
    ['locations.write', 'POST', `/v1/organizations/${t.orgId}/locations`, { ...LOCATION_BODY, name: 'Third' }],
    ['special_closings.write', 'PATCH', `/v1/locations/${loc()}/special_closings/${closingId}`, {}],
    [
      'special_closings.write',
      'POST',
      `/v1/locations/${loc()}/special_closings`,
      { starts_at: '2035-12-24T10:00:00.000Z', ends_at: '2035-12-26T10:00:00.000Z', reason: 'Holiday' },
    ],
    ['settings.write', 'PATCH', `/v1/locations/${loc()}/order_settings`, {}],
    ['settings.write', 'PATCH', `/v1/locations/${loc()}/delivery_settings`, {}],
    ['settings.write', 'PATCH', `/v1/locations/${loc()}/acceptance_settings`, {}],
    ['settings.write', 'PATCH', `/v1/locations/${loc()}/ai_instructions`, {}],
  ];

  test('the write permission alone is a 403 naming the read one; with both, the object is answered', async () => {
    for (const [permission, method, url, body] of routes()) {
      const read = permission.replace('.write', '.read');
      const writer = await key('org', [permission]);
      denied(await h.call(method, url, { key: writer, body }), read);
      const both = await key('org', [permission, read]);
      const res = await h.call(method, url, { key: both, body });
      assert.ok(res.status === 200 || res.status === 201, `${method} ${url}: ${res.raw}`);
    }
  });

  test('a delete answers nothing of the object: the write permission alone suffices', async () => {
    const writer = await key('location', ['special_closings.write']);
    const res = await h.call('DELETE', `/v1/locations/${loc()}/special_closings/${closingId}`, { key: writer });
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(res.body, { id: closingId, object: 'special_closing', deleted: true });
  });
});
