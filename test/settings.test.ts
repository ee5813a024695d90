import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { getHarness, type Harness } from './helpers/app.js';
import { assertError, issue, newTenant, type Tenant } from './helpers/fixtures.js';

let h: Harness;
let t: Tenant;
let base: string;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  base = `/v1/locations/${t.locationIds[0]}`;
});

const eur = (amount: number) => ({ amount, currency: 'EUR' });
const patch = (kind: string, body: unknown, key = t.orgKey) => h.call('PATCH', `${base}/${kind}`, { key, body });

describe('the five settings objects', () => {
  test('every location starts with defaults on all five', async () => {
    for (const kind of [
      'order_settings',
      'opening_hours',
      'delivery_settings',
      'acceptance_settings',
      'ai_instructions',
    ]) {
      const res = await h.call('GET', `${base}/${kind}`, { key: t.locationKey });
      assert.equal(res.status, 200, res.raw);
      assert.equal(res.body.object, kind);
      assert.equal(res.body.location_id, t.locationIds[0]);
      assert.ok(res.body.updated_at);
    }
    const hours = await h.call('GET', `${base}/opening_hours`, { key: t.orgKey });
    assert.deepEqual(hours.body.periods, []);
    assert.equal(hours.body.open_now, false);
    assert.equal(hours.body.timezone, 'Europe/Berlin');
  });

  test('PATCH replaces only the fields it names and keeps the rest', async () => {
    const res = await patch('order_settings', { preparation_time_minutes: 35, minimum_order: eur(1500) });
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.preparation_time_minutes, 35);
    assert.deepEqual(res.body.minimum_order, eur(1500));
    assert.deepEqual(res.body.payment_methods, ['cash', 'card']);
    const again = await patch('order_settings', { accepting_orders: false });
    assert.equal(again.body.preparation_time_minutes, 35);
    assert.equal(again.body.accepting_orders, false);
  });

  test('amounts must be in the location currency', async () => {
    const res = await patch('order_settings', { minimum_order: { amount: 100, currency: 'USD' } });
    const err = assertError(res, 400, 'invalid_request_error', 'parameter_invalid', 'minimum_order.currency');
    assert.deepEqual(err.details.allowed_values, ['EUR']);
  });

  test('order settings fields are validated one by one', async () => {
    const cases: [unknown, string, string][] = [
      [{ preparation_time_minutes: 241 }, 'preparation_time_minutes', 'parameter_invalid'],
      [{ preparation_time_minutes: 'soon' }, 'preparation_time_minutes', 'parameter_invalid'],
      [{ service_types: ['drone'] }, 'service_types.0', 'parameter_invalid'],
      [{ payment_methods: [] }, 'payment_methods', 'parameter_invalid'],
      [{ minimum_order: { amount: -1, currency: 'EUR' } }, 'minimum_order.amount', 'parameter_invalid'],
      [{ minimum_order: { amount: 1.5, currency: 'EUR' } }, 'minimum_order.amount', 'parameter_invalid'],
      [{ color: 'red' }, 'color', 'parameter_unknown'],
    ];
    for (const [body, param, code] of cases) {
      assertError(await patch('order_settings', body), 400, 'invalid_request_error', code, param);
    }
    const allowed = assertError(
      await patch('order_settings', { service_types: ['drone'] }),
      400,
      'invalid_request_error',
      'parameter_invalid',
    );
    assert.deepEqual(allowed.details.allowed_values, ['delivery', 'collection', 'eat_in']);
  });

  test('opening hours: several periods a day, past midnight, PUT replaces them', async () => {
    const periods = [
      { day: 'monday', opens: '11:30', closes: '14:00' },
      { day: 'monday', opens: '18:00', closes: '23:00' },
      { day: 'friday', opens: '18:00', closes: '02:00' },
      { day: 'sunday', opens: '20:00', closes: '01:00' },
    ];
    const res = await h.call('PUT', `${base}/opening_hours`, { key: t.orgKey, body: { periods } });
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(res.body.periods, periods);
    assert.equal(typeof res.body.open_now, 'boolean');
    const replaced = await h.call('PUT', `${base}/opening_hours`, { key: t.orgKey, body: { periods: [periods[0]] } });
    assert.deepEqual(replaced.body.periods, [periods[0]]);
  });

  test('opening hours: overlaps, bad times and a missing body field are 400s naming the period', async () => {
    const put = (body: unknown) => h.call('PUT', `${base}/opening_hours`, { key: t.orgKey, body });
    const overlap = await put({
      periods: [
        { day: 'friday', opens: '18:00', closes: '02:00' },
        { day: 'saturday', opens: '01:00', closes: '04:00' },
      ],
    });
    const err = assertError(overlap, 400, 'invalid_request_error', 'parameter_invalid', 'periods.1');
    assert.equal(err.details.overlaps, 'periods.0');
    // The week wraps: Sunday night runs into Monday morning.
    const wrap = await put({
      periods: [
        { day: 'monday', opens: '00:30', closes: '03:00' },
        { day: 'sunday', opens: '22:00', closes: '01:00' },
      ],
    });
    assertError(wrap, 400, 'invalid_request_error', 'parameter_invalid', 'periods.1');
    assertError(
      await put({ periods: [{ day: 'monday', opens: '25:00', closes: '26:00' }] }),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'periods.0.opens',
    );
    assertError(
      await put({ periods: [{ day: 'mon', opens: '10:00', closes: '12:00' }] }),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'periods.0.day',
    );
    assertError(await put({}), 400, 'invalid_request_error', 'parameter_missing', 'periods');
    const patchRoute = await h.call('PATCH', `${base}/opening_hours`, { key: t.orgKey, body: { periods: [] } });
    assertError(patchRoute, 404, 'not_found_error', 'route_not_found');
  });

  test('delivery zones: radius and polygon, fee and minimum per zone', async () => {
    const zones = [
      { name: 'Centre', area: { type: 'radius', radius_meters: 2000 }, fee: eur(200), minimum_order: eur(1000) },
      {
        name: 'North',
        area: {
          type: 'polygon',
          coordinates: [
            [52.54, 13.37],
            [52.56, 13.37],
            [52.56, 13.4],
          ],
        },
        fee: eur(450),
        minimum_order: eur(2000),
        free_delivery_threshold: eur(5000),
        estimated_minutes: 60,
      },
    ];
    const res = await patch('delivery_settings', { enabled: true, zones });
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.enabled, true);
    assert.equal(res.body.zones[0].area.center, null);
    assert.equal(res.body.zones[0].estimated_minutes, 45);
    assert.deepEqual(res.body.zones[1].free_delivery_threshold, eur(5000));
  });

  test('delivery zones are validated with the path of the bad field', async () => {
    const zone = { name: 'Z', area: { type: 'radius', radius_meters: 2000 }, fee: eur(200), minimum_order: eur(0) };
    const bad: [unknown, string, string?][] = [
      [{ zones: [{ ...zone, area: { type: 'circle' } }] }, 'zones.0.area.type'],
      [{ zones: [{ ...zone, area: { type: 'radius', radius_meters: 10 } }] }, 'zones.0.area.radius_meters'],
      [
        {
          zones: [
            {
              ...zone,
              area: {
                type: 'polygon',
                coordinates: [
                  [1, 1],
                  [2, 2],
                ],
              },
            },
          ],
        },
        'zones.0.area.coordinates',
      ],
      [
        {
          zones: [
            {
              ...zone,
              area: {
                type: 'polygon',
                coordinates: [
                  [1, 1],
                  [2, 2],
                  [3, 3],
                ],
              },
            },
          ],
        },
        'zones.0.area.coordinates',
      ],
      [
        {
          zones: [
            {
              ...zone,
              area: {
                type: 'polygon',
                coordinates: [
                  [91, 1],
                  [2, 2],
                  [3, 1],
                ],
              },
            },
          ],
        },
        'zones.0.area.coordinates.0.0',
      ],
      [{ zones: [zone, { ...zone, fee: { amount: 100, currency: 'GBP' } }] }, 'zones.1.fee.currency'],
      [{ zones: [zone, zone] }, 'zones.1.name'],
      [{ enabled: true, zones: [] }, 'zones'],
    ];
    for (const [body, param] of bad) {
      const res = await patch('delivery_settings', body);
      assertError(res, 400, 'invalid_request_error', 'parameter_invalid', param);
    }
    const circle = await patch('delivery_settings', { zones: [{ ...zone, area: { type: 'circle' } }] });
    assert.deepEqual(circle.body.error.details.allowed_values, ['radius', 'polygon', 'postal_codes']);
  });

  test('a radius zone needs a centre when the location has no address', async () => {
    const loc = await h.call('POST', `/admin/v1/organizations/${t.orgId}/locations`, {
      body: { name: 'No address', currency: 'EUR', country: 'DE', timezone: 'Europe/Berlin', default_language: 'de' },
    });
    const zone = { name: 'Z', area: { type: 'radius', radius_meters: 2000 }, fee: eur(200), minimum_order: eur(0) };
    const res = await h.call('PATCH', `/v1/locations/${loc.body.id}/delivery_settings`, {
      key: t.orgKey,
      body: { zones: [zone] },
    });
    assertError(res, 400, 'invalid_request_error', 'parameter_missing', 'zones.0.area.center');
    const centred = { ...zone, area: { ...zone.area, center: { latitude: 52.5, longitude: 13.4 } } };
    const ok = await h.call('PATCH', `/v1/locations/${loc.body.id}/delivery_settings`, {
      key: t.orgKey,
      body: { zones: [centred] },
    });
    assert.equal(ok.status, 200, ok.raw);
  });

  test('acceptance: manual with a timeout, or automatic', async () => {
    const res = await patch('acceptance_settings', {
      mode: 'manual',
      timeout_seconds: 120,
      timeout_action: 'reject',
      timeout_rejection_reason: 'Too busy',
    });
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.timeout_seconds, 120);
    assertError(
      await patch('acceptance_settings', { timeout_action: 'accept' }),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'timeout_rejection_reason',
    );
    assertError(
      await patch('acceptance_settings', { mode: 'auto' }),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'mode',
    );
    assertError(
      await patch('acceptance_settings', { timeout_seconds: 10 }),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'timeout_seconds',
    );
    const auto = await patch('acceptance_settings', {
      mode: 'automatic',
      timeout_rejection_reason: null,
      timeout_action: 'accept',
    });
    assert.equal(auto.body.mode, 'automatic');
  });

  test('AI instructions: length limit in characters, languages canonicalised', async () => {
    const emoji = '🍕'.repeat(4000);
    const ok = await patch('ai_instructions', { instructions: emoji, languages: ['EN', 'pt-br'], tone: 'formal' });
    assert.equal(ok.status, 200, ok.raw);
    assert.deepEqual(ok.body.languages, ['en', 'pt-BR']);
    assertError(
      await patch('ai_instructions', { instructions: 'x'.repeat(4001) }),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'instructions',
    );
    assertError(
      await patch('ai_instructions', { languages: ['not a tag!'] }),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'languages.0',
    );
    assertError(
      await patch('ai_instructions', { tone: 'rude' }),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'tone',
    );
  });

  test('scope and permissions apply to settings', async () => {
    const sibling = `/v1/locations/${t.locationIds[1]}/order_settings`;
    assertError(await h.call('GET', sibling, { key: t.locationKey }), 403, 'authorization_error', 'permission_denied');
    const readOnly = await issue(h, { organization_id: t.orgId, permissions: ['settings.read'] });
    assert.equal((await h.call('GET', `${base}/order_settings`, { key: readOnly })).status, 200);
    assertError(
      await patch('order_settings', { accepting_orders: true }, readOnly),
      403,
      'authorization_error',
      'permission_denied',
    );
    const other = await newTenant(h);
    assertError(
      await patch('order_settings', { accepting_orders: true }, other.orgKey),
      403,
      'authorization_error',
      'permission_denied',
    );
  });

  test('bad input never yields a 5xx: a 400 with the code each calls for', async () => {
    for (const kind of ['order_settings', 'delivery_settings', 'acceptance_settings', 'ai_instructions']) {
      for (const body of ['"text"', '[1]', 'null', '{"zones": {"a": 1}}', '{']) {
        const res = await h.call('PATCH', `${base}/${kind}`, {
          key: t.orgKey,
          body,
          headers: { 'content-type': 'application/json' },
        });
        if (!body.startsWith('{"zones"')) {
          const e = assertError(res, 400, 'invalid_request_error', 'parameter_invalid');
          assert.equal(e.param, undefined, `${kind} ${body}: ${res.raw}`);
        } else if (kind === 'delivery_settings') {
          assertError(res, 400, 'invalid_request_error', 'parameter_invalid', 'zones');
        } else {
          assertError(res, 400, 'invalid_request_error', 'parameter_unknown', 'zones');
        }
      }
    }
  });
});
