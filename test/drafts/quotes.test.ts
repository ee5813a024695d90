import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { assertError, issue, newTenant, type Tenant } from '../helpers/fixtures.js';
import { eur, POINTS } from './_fixtures.js';
import { problems, withDraft } from './_quotes.js';
import { BASE, pizza, setUpLocation } from './_support.js';

let h: Harness;
let t: Tenant;
let loc: string;
const url = (location = loc, surface = '/v1') => `${surface}/locations/${location}/order_quotes`;
const quote = (body: unknown, key: string = t.orgKey, path = url()) =>
  h.call('POST', path, { key, body, idempotencyKey: '' });

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  loc = t.locationIds[0];
  await setUpLocation(h, t.orgKey, loc);
});

describe('a clean quote', () => {
  test('prices the draft from the menu, with no Idempotency-Key, on both surfaces', async () => {
    const draft = withDraft({
      service_type: 'delivery',
      delivery_address: { line_1: 'Invalidenstraße 3', city: 'Berlin', ...POINTS.inner },
      items: [
        pizza({ quantity: 2, options: [{ option_id: 'size-32' }, { option_id: 'salami' }], without: ['basil'] }),
        {
          type: 'bundle',
          bundle_id: 'lunch',
          lines: [{ line_id: 'main', items: [{ product_id: 'diavola', options: [{ option_id: 'size-26' }] }] }],
        },
      ],
    });
    const res = await quote(draft);
    assert.equal(res.status, 200, res.raw);
    const q = res.body;
    assert.equal(q.object, 'order_quote');
    assert.equal(q.location_id, loc);
    assert.equal(q.valid, true);
    assert.deepEqual(q.problems, []);
    assert.equal(q.currency, 'EUR');
    // 2 × (900 + 300 + 0 (salami, free)) + (1190 + 150)
    assert.deepEqual(q.item_totals, [eur(2400), eur(1340)]);
    assert.deepEqual(q.subtotal, eur(3740));
    assert.deepEqual(q.charges, [], 'free delivery from 30.00');
    assert.deepEqual(q.discounts, []);
    assert.deepEqual(q.total, eur(3740));
    assert.deepEqual(q.delivery_zone, {
      name: 'Centre',
      fee: eur(250),
      minimum_order: eur(1500),
      free_delivery_threshold: eur(3000),
      estimated_minutes: 30,
    });
    assert.deepEqual(
      q.items.map((i: any) => [i.type, i.id, i.quantity]),
      [
        ['product', 'margherita', 2],
        ['bundle', 'lunch', 1],
      ],
    );
    assert.deepEqual(
      q.items[0].modifier_groups.map((g: any) => [g.id, g.modifiers.map((m: any) => [m.id, m.free_quantity])]),
      [
        ['size', [['size-32', 0]]],
        ['toppings', [['salami', 1]]],
        ['ingredients:without', [['basil', 0]]],
      ],
    );
    const expected = Date.parse(q.quoted_at) + 50 * 60_000;
    assert.equal(Date.parse(q.expected_time), expected);

    const admin = await quote(draft, h.adminKey, url(loc, '/admin/v1'));
    assert.equal(admin.status, 200, admin.raw);
    assert.deepEqual(
      { ...admin.body, quoted_at: null, expected_time: null },
      { ...q, quoted_at: null, expected_time: null },
    );
  });

  test('a delivery fee below the free threshold; a promotion code', async () => {
    const res = await quote(
      withDraft({
        service_type: 'delivery',
        delivery_address: POINTS.inner,
        items: [pizza({ quantity: 2 })],
        discount_code: 'welcome10',
      }),
    );
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(res.body.charges, [{ type: 'delivery', amount: eur(250) }]);
    assert.deepEqual(res.body.discounts, [{ id: 'welcome10', name: '10 % off', amount: eur(180) }]);
    assert.deepEqual(res.body.total, eur(1800 + 250 - 180));
  });

  test('an empty draft is a quote listing what is missing', async () => {
    const res = await quote({});
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.valid, false);
    assert.deepEqual(problems(res), [
      ['service_type_required', 'service_type'],
      ['items_required', 'items'],
      ['payment_method_required', 'payment_method'],
    ]);
    assert.deepEqual(res.body.total, eur(0));
  });
});

describe('shape, scope and permission', () => {
  test('shape errors are 400s naming the field', async () => {
    const cases: [unknown, string, string][] = [
      [{ surprise: 1 }, 'parameter_unknown', 'surprise'],
      [{ items: [{ product_id: 'margherita' }] }, 'parameter_missing', 'items.0.type'],
      [{ items: [{ type: 'menu', product_id: 'margherita' }] }, 'parameter_invalid', 'items.0.type'],
      [{ items: [pizza({ quantity: 0 })] }, 'parameter_invalid', 'items.0.quantity'],
      [{ items: [pizza({ lines: [] })] }, 'parameter_unknown', 'items.0.lines'],
      [{ items: [{ type: 'bundle', bundle_id: 'lunch', quantity: 201 }] }, 'parameter_invalid', 'items.0.quantity'],
      [{ items: [pizza({ options: [{ group_id: 'size' }] })] }, 'parameter_missing', 'items.0.options.0.option_id'],
      [{ requested_time: 'tomorrow' }, 'parameter_invalid', 'requested_time'],
      [{ delivery_address: { latitude: 100, longitude: 0 } }, 'parameter_invalid', 'delivery_address.latitude'],
      [{ payment_method: 'bitcoin' }, 'parameter_invalid', 'payment_method'],
    ];
    for (const [body, code, param] of cases) assertError(await quote(body), 400, 'invalid_request_error', code, param);
  });

  test('a key needs menu.read and the location in its scope; the admin surface answers 404 for no location', async () => {
    const menuOnly = await issue(h, { location_id: loc, permissions: ['menu.read'] });
    assert.equal((await quote(BASE, menuOnly)).status, 200);
    const ordersOnly = await issue(h, { location_id: loc, permissions: ['orders.read', 'orders.write'] });
    assertError(await quote(BASE, ordersOnly), 403, 'authorization_error', 'permission_denied');
    assertError(
      await quote(BASE, t.locationKey, url(t.locationIds[1])),
      403,
      'authorization_error',
      'permission_denied',
    );
    assertError(
      await quote(BASE, h.adminKey, url('loc_nope', '/admin/v1')),
      404,
      'not_found_error',
      'resource_not_found',
    );
    assertError(
      await quote(BASE, t.orgKey, url(loc, '/admin/v1')),
      403,
      'authorization_error',
      'api_key_wrong_surface',
    );
  });

  test('nothing is created: the same quote twice gives the same answer, and no order exists', async () => {
    const a = await quote(BASE);
    const b = await quote(BASE, t.orgKey);
    assert.deepEqual({ ...a.body, quoted_at: 0, expected_time: 0 }, { ...b.body, quoted_at: 0, expected_time: 0 });
    assert.equal(a.headers['idempotent-replayed'], undefined);
    const orders = await h.call('GET', `/v1/locations/${loc}/orders`, { key: t.orgKey });
    assert.deepEqual(orders.body.data, []);
  });
});
