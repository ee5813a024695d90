/** Issue 20: delivery zones by postal code, validated by the location's country (docs/settings.md). */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { getHarness, type Harness } from './helpers/app.js';
import { assertError, LOCATION_BODY, newTenant, type Tenant } from './helpers/fixtures.js';

let h: Harness;
let t: Tenant;
/** Locations in Germany (the tenant's first), Great Britain, the Netherlands and a country the validator does not know. */
const loc: Record<'DE' | 'GB' | 'NL' | 'AE', string> = { DE: '', GB: '', NL: '', AE: '' };

const money = (amount: number, currency = 'EUR') => ({ amount, currency });
const CURRENCY = { DE: 'EUR', GB: 'GBP', NL: 'EUR', AE: 'USD' } as const;

const zone = (codes: unknown, country: keyof typeof loc = 'DE', name = 'PLZ') => ({
  name,
  area: { type: 'postal_codes', postal_codes: codes },
  fee: money(300, CURRENCY[country]),
  minimum_order: money(1500, CURRENCY[country]),
});
const patch = (country: keyof typeof loc, body: unknown) =>
  h.call('PATCH', `/v1/locations/${loc[country]}/delivery_settings`, { key: t.orgKey, body });

async function newLocation(country: string, currency: string, timezone: string) {
  const res = await h.call('POST', `/admin/v1/organizations/${t.orgId}/locations`, {
    body: { ...LOCATION_BODY, name: `In ${country}`, country, currency, timezone, address: null },
  });
  assert.equal(res.status, 201, res.raw);
  return res.body.id as string;
}

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  loc.DE = t.locationIds[0];
  loc.GB = await newLocation('GB', 'GBP', 'Europe/London');
  loc.NL = await newLocation('NL', 'EUR', 'Europe/Amsterdam');
  loc.AE = await newLocation('AE', 'USD', 'Asia/Dubai');
});

describe('postal-code zones: what may be listed', () => {
  test('German codes and prefixes; stored trimmed and upper-case, read back as written', async () => {
    const res = await patch('DE', { enabled: true, zones: [zone(['10115', '101*', ' 1* ', '10 117', '12345*'])] });
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(res.body.zones[0].area, {
      type: 'postal_codes',
      postal_codes: ['10115', '101*', '1*', '10 117', '12345*'],
    });
    const again = await h.call('GET', `/v1/locations/${loc.DE}/delivery_settings`, { key: t.orgKey });
    assert.deepEqual(again.body.zones, res.body.zones);
    // What a GET returned goes back unchanged.
    const back = await patch('DE', again.body);
    assert.equal(back.status, 200, back.raw);
    assert.deepEqual(back.body.zones, res.body.zones);
  });

  test('German junk is refused at the entry, with a message naming it', async () => {
    const bad: [unknown[], number, RegExp][] = [
      [['10115', '1011'], 1, /'1011' is not a postal code of DE/],
      [['101156'], 0, /not a postal code of DE/],
      [['NW1 6XE'], 0, /not a postal code of DE/],
      [['ABC*'], 0, /'ABC\*' does not begin any postal code of DE/],
      [['101156*'], 0, /does not begin any postal code/],
      [['*'], 0, /at least one letter or digit before/],
      [['1*1'], 0, /may only end a prefix/],
      [['10!15'], 0, /only letters, digits, spaces and hyphens/],
      [['   '], 0, /empty/],
    ];
    for (const [codes, index, message] of bad) {
      const err = assertError(
        await patch('DE', { zones: [zone(codes)] }),
        400,
        'invalid_request_error',
        'parameter_invalid',
        `zones.0.area.postal_codes.${index}`,
      );
      assert.match(err.message, message, JSON.stringify(codes));
    }
  });

  test('British codes with and without the space, in any case; outward-code prefixes', async () => {
    const res = await patch('GB', { zones: [zone(['nw1 6xe', 'E2 7DJ', 'N10PN', 'nw1 *', 'EC1*', 'N*'], 'GB')] });
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(res.body.zones[0].area.postal_codes, ['NW1 6XE', 'E2 7DJ', 'N10PN', 'NW1*', 'EC1*', 'N*']);
    for (const [code, message] of [
      ['NW1 6X', /'NW1 6X' is not a postal code of GB/],
      ['10115', /not a postal code of GB/],
      ['1*', /'1\*' does not begin any postal code of GB/],
      ['ZZZ*', /does not begin/],
    ] as const) {
      const err = assertError(
        await patch('GB', { zones: [zone(['E2 7DJ', code], 'GB')] }),
        400,
        'invalid_request_error',
        'parameter_invalid',
        'zones.0.area.postal_codes.1',
      );
      assert.match(err.message, message);
    }
  });

  test('Dutch codes: digits then letters; a prefix may stop anywhere in the shape', async () => {
    const res = await patch('NL', { zones: [zone(['1012 AB', '1013*', '1014A*'], 'NL')] });
    assert.equal(res.status, 200, res.raw);
    const err = assertError(
      await patch('NL', { zones: [zone(['AB*'], 'NL')] }),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'zones.0.area.postal_codes.0',
    );
    assert.match(err.message, /of NL/);
  });

  test('a country the validator does not know: 2 to 10 letters, digits, spaces, hyphens', async () => {
    const res = await patch('AE', { zones: [zone(['AB-12', '00000', 'X*'], 'AE')] });
    assert.equal(res.status, 200, res.raw);
    for (const code of ['A', 'ABCDEFGHIJK', 'A_1']) {
      assertError(
        await patch('AE', { zones: [zone([code], 'AE')] }),
        400,
        'invalid_request_error',
        'parameter_invalid',
        'zones.0.area.postal_codes.0',
      );
    }
  });

  test('the same code twice in one zone is refused, however it is written; across zones it is allowed', async () => {
    for (const codes of [
      ['10115', '10115'],
      ['101*', '101 *'],
    ]) {
      const err = assertError(
        await patch('DE', { zones: [zone(codes)] }),
        400,
        'invalid_request_error',
        'parameter_invalid',
        'zones.0.area.postal_codes.1',
      );
      assert.match(err.message, /listed twice/);
    }
    const gb = assertError(
      await patch('GB', { zones: [zone(['NW1 6XE', 'nw16xe'], 'GB')] }),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'zones.0.area.postal_codes.1',
    );
    assert.match(gb.message, /'NW16XE' is listed twice in this zone \(also at zones\.0\.area\.postal_codes\.0\)/);
    const ok = await patch('DE', { zones: [zone(['10115']), zone(['10115'], 'DE', 'Other')] });
    assert.equal(ok.status, 200, ok.raw);
  });

  test('limits: 1 to 1000 codes a zone, 2000 over all zones, 20 characters a code', async () => {
    const codes = (n: number, from = 10000) => Array.from({ length: n }, (_, i) => String(from + i));
    for (const [codes_, param] of [
      [[], 'zones.0.area.postal_codes'],
      [codes(1001), 'zones.0.area.postal_codes'],
      [['1'.repeat(21)], 'zones.0.area.postal_codes.0'],
      ['10115', 'zones.0.area.postal_codes'],
    ] as const) {
      assertError(
        await patch('DE', { zones: [zone(codes_)] }),
        400,
        'invalid_request_error',
        'parameter_invalid',
        param,
      );
    }
    const full = await patch('DE', { zones: [zone(codes(1000)), zone(codes(1000, 20000), 'DE', 'Two')] });
    assert.equal(full.status, 200, full.raw);
    const over = assertError(
      await patch('DE', {
        zones: [zone(codes(1000)), zone(codes(1000, 20000), 'DE', 'Two'), zone(['30000'], 'DE', 'Three')],
      }),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'zones',
    );
    assert.match(over.message, /2001 postal codes.*at most 2000/);
  });

  test('the area type is one of three; postal_codes takes no other field', async () => {
    const res = await patch('DE', { zones: [{ ...zone(['10115']), area: { type: 'circle' } }] });
    const err = assertError(res, 400, 'invalid_request_error', 'parameter_invalid', 'zones.0.area.type');
    assert.deepEqual(err.details.allowed_values, ['radius', 'polygon', 'postal_codes']);
    const extra = await patch('DE', {
      zones: [{ ...zone(['10115']), area: { type: 'postal_codes', postal_codes: ['10115'], radius_meters: 100 } }],
    });
    assert.equal(extra.status, 400, extra.raw);
  });
});
