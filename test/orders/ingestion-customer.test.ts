import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createTestAccount, digits, say } from '../conversations/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { LOCATION_BODY, newTenant, type Tenant } from '../helpers/fixtures.js';
import { assert400, orderBody } from './_support.js';

let h: Harness;
let t: Tenant;
let customer: string;

const ingest = (loc: string, body: unknown) => h.call('POST', `/admin/v1/locations/${loc}/orders`, { body });

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  const account = await createTestAccount(h, { organization_id: t.orgId });
  customer = (await say(h, account, `+4917${digits(8)}`, 'Hi')).customer_id;
});

describe('admin order ingestion: customer_id', () => {
  test("a customer of the location's organization: the order is theirs, at any of its locations", async () => {
    for (const loc of t.locationIds) {
      const res = await ingest(loc, orderBody({ customer_id: customer }));
      assert.equal(res.status, 201, res.raw);
      assert.equal(res.body.customer_id, customer);
      const read = await h.call('GET', `/v1/locations/${loc}/orders/${res.body.id}`, { key: t.orgKey });
      assert.equal(read.body.customer_id, customer);
    }
  });

  test('without customer_id (or null) the order has none', async () => {
    for (const body of [orderBody(), orderBody({ customer_id: null })]) {
      const res = await ingest(t.locationIds[0], body);
      assert.equal(res.status, 201, res.raw);
      assert.equal(res.body.customer_id, null);
    }
  });

  test('an unknown customer, or one of another organization: 400 parameter_invalid on customer_id', async () => {
    assert400(
      await ingest(t.locationIds[0], orderBody({ customer_id: 'cus_unknown' })),
      'parameter_invalid',
      'customer_id',
    );
    const other = await newTenant(h);
    assert400(
      await ingest(other.locationIds[0], orderBody({ customer_id: customer })),
      'parameter_invalid',
      'customer_id',
    );
    assert400(await ingest(t.locationIds[0], orderBody({ customer_id: '' })), 'parameter_invalid', 'customer_id');
    const unknownLocation = await ingest('loc_nope', orderBody({ customer_id: customer }));
    assert.equal(unknownLocation.status, 404, unknownLocation.raw);
  });

  test("a standalone location's customers are its own", async () => {
    const standalone = await h.call('POST', '/admin/v1/locations', { body: { ...LOCATION_BODY, name: 'Alone' } });
    assert.equal(standalone.status, 201, standalone.raw);
    const account = await createTestAccount(h, { location_id: standalone.body.id });
    const own = (await say(h, account, `+4917${digits(8)}`, 'Hi')).customer_id;
    const res = await ingest(standalone.body.id, orderBody({ customer_id: own }));
    assert.equal(res.status, 201, res.raw);
    assert.equal(res.body.customer_id, own);
    assert400(await ingest(t.locationIds[0], orderBody({ customer_id: own })), 'parameter_invalid', 'customer_id');
    assert400(
      await ingest(standalone.body.id, orderBody({ customer_id: customer })),
      'parameter_invalid',
      'customer_id',
    );
  });
});
