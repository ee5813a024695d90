import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getHarness } from '../helpers/app.js';
import { LOCATION_BODY } from '../helpers/fixtures.js';
import { assert400, CURRENCIES, newOrg, orgKey } from './_support.js';

const address = (over: Record<string, unknown>) => ({ ...LOCATION_BODY.address, ...over });
const without = (obj: Record<string, unknown>, field: string) => {
  const { [field]: _gone, ...rest } = obj;
  return rest;
};

/** [label, body, code, param] — every one must be a 400 naming param, on every creating route. */
const CASES: [string, Record<string, unknown>, string, string][] = [
  ['currency XYZ', { ...LOCATION_BODY, currency: 'XYZ' }, 'parameter_invalid', 'currency'],
  ['currency lower case', { ...LOCATION_BODY, currency: 'eur' }, 'parameter_invalid', 'currency'],
  ['currency number', { ...LOCATION_BODY, currency: 978 }, 'parameter_invalid', 'currency'],
  ['country XX', { ...LOCATION_BODY, country: 'XX' }, 'parameter_invalid', 'country'],
  ['country de', { ...LOCATION_BODY, country: 'de' }, 'parameter_invalid', 'country'],
  ['country DEU', { ...LOCATION_BODY, country: 'DEU' }, 'parameter_invalid', 'country'],
  ['country empty', { ...LOCATION_BODY, country: '' }, 'parameter_invalid', 'country'],
  ['timezone Mars/Base', { ...LOCATION_BODY, timezone: 'Mars/Base' }, 'parameter_invalid', 'timezone'],
  ['timezone empty', { ...LOCATION_BODY, timezone: '' }, 'parameter_invalid', 'timezone'],
  ['timezone offset junk', { ...LOCATION_BODY, timezone: 'Europe/Berlin; DROP' }, 'parameter_invalid', 'timezone'],
  ['timezone long', { ...LOCATION_BODY, timezone: 'A'.repeat(5000) }, 'parameter_invalid', 'timezone'],
  ['language 123', { ...LOCATION_BODY, default_language: '123' }, 'parameter_invalid', 'default_language'],
  ['language junk', { ...LOCATION_BODY, default_language: 'not a language!' }, 'parameter_invalid', 'default_language'],
  ['language empty', { ...LOCATION_BODY, default_language: '' }, 'parameter_invalid', 'default_language'],
  ['language number', { ...LOCATION_BODY, default_language: 7 }, 'parameter_invalid', 'default_language'],
  ['latitude 91', { ...LOCATION_BODY, address: address({ latitude: 91 }) }, 'parameter_invalid', 'address.latitude'],
  [
    'latitude -90.5',
    { ...LOCATION_BODY, address: address({ latitude: -90.5 }) },
    'parameter_invalid',
    'address.latitude',
  ],
  [
    'latitude text',
    { ...LOCATION_BODY, address: address({ latitude: '52.5' }) },
    'parameter_invalid',
    'address.latitude',
  ],
  [
    'longitude 181',
    { ...LOCATION_BODY, address: address({ longitude: 181 }) },
    'parameter_invalid',
    'address.longitude',
  ],
  [
    'address country',
    { ...LOCATION_BODY, address: address({ country: 'XX' }) },
    'parameter_invalid',
    'address.country',
  ],
  ['address line1 empty', { ...LOCATION_BODY, address: address({ line1: '' }) }, 'parameter_invalid', 'address.line1'],
  ['address line2 number', { ...LOCATION_BODY, address: address({ line2: 5 }) }, 'parameter_invalid', 'address.line2'],
  [
    'address missing city',
    { ...LOCATION_BODY, address: without(LOCATION_BODY.address, 'city') },
    'parameter_missing',
    'address.city',
  ],
  ['address unknown', { ...LOCATION_BODY, address: address({ line_1: 'x' }) }, 'parameter_unknown', 'address.line_1'],
  ['address string', { ...LOCATION_BODY, address: 'Hauptstraße 1' }, 'parameter_invalid', 'address'],
  ['missing name', without(LOCATION_BODY, 'name'), 'parameter_missing', 'name'],
  ['missing currency', without(LOCATION_BODY, 'currency'), 'parameter_missing', 'currency'],
  ['missing country', without(LOCATION_BODY, 'country'), 'parameter_missing', 'country'],
  ['missing timezone', without(LOCATION_BODY, 'timezone'), 'parameter_missing', 'timezone'],
  ['missing language', without(LOCATION_BODY, 'default_language'), 'parameter_missing', 'default_language'],
  ['blank name', { ...LOCATION_BODY, name: '   ' }, 'parameter_invalid', 'name'],
  ['null name', { ...LOCATION_BODY, name: null }, 'parameter_invalid', 'name'],
  ['long name', { ...LOCATION_BODY, name: 'n'.repeat(201) }, 'parameter_invalid', 'name'],
  ['unknown field', { ...LOCATION_BODY, menu: [] }, 'parameter_unknown', 'menu'],
  ['organization_id in body', { ...LOCATION_BODY, organization_id: 'org_x' }, 'parameter_unknown', 'organization_id'],
];

test('location creation: every invalid field is a 400 naming it, on every creating route', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  const key = await orgKey(h, org.id);
  const routes: [string, string][] = [
    ['/admin/v1/locations', h.adminKey],
    [`/admin/v1/organizations/${org.id}/locations`, h.adminKey],
    [`/v1/organizations/${org.id}/locations`, key],
  ];
  const wrong: string[] = [];
  for (const [label, body, code, param] of CASES) {
    for (const [url, k] of routes) {
      const res = await h.call('POST', url, { key: k, body });
      const e = res.body?.error;
      if (
        res.status !== 400 ||
        e?.code !== code ||
        e?.param !== param ||
        e?.request_id !== res.headers['x-request-id']
      ) {
        wrong.push(`${label} on ${url.split('/')[1]}: ${res.status} ${res.raw.slice(0, 200)}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
  const left = await h.call('GET', `/admin/v1/organizations/${org.id}/locations`);
  assert.deepEqual(left.body.data, []);
});

test('currency errors list the allowed values', async () => {
  const h = await getHarness();
  const e = assert400(
    await h.call('POST', '/admin/v1/locations', { body: { ...LOCATION_BODY, currency: 'JPY' } }),
    'parameter_invalid',
    'currency',
  );
  assert.deepEqual([...e.details.allowed_values].sort(), [...CURRENCIES].sort());
  for (const currency of CURRENCIES) {
    const ok = await h.call('POST', '/admin/v1/locations', { body: { ...LOCATION_BODY, currency } });
    assert.equal(ok.status, 201, ok.raw);
    assert.equal(ok.body.currency, currency);
  }
});

test('location PATCH: every invalid field is a 400 naming it; nothing changes', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  const created = await h.call('POST', `/admin/v1/organizations/${org.id}/locations`, { body: LOCATION_BODY });
  const id = created.body.id;
  const key = await orgKey(h, org.id);
  const patchCases = CASES.filter(([label]) => !label.startsWith('missing '))
    .map(([label, body, code, param]) => {
      const field = param.split('.')[0];
      return [label, { [field]: body[field] }, code, param] as const;
    })
    .filter(([label]) => label !== 'unknown field' && label !== 'organization_id in body');
  patchCases.push(['unknown', { menu: [] }, 'parameter_unknown', 'menu']);
  patchCases.push(['currency change', { currency: 'GBP' }, 'parameter_invalid', 'currency']);
  const wrong: string[] = [];
  for (const [label, body, code, param] of patchCases) {
    for (const [url, k] of [
      [`/v1/locations/${id}`, key],
      [`/admin/v1/locations/${id}`, h.adminKey],
    ]) {
      const res = await h.call('PATCH', url, { key: k, body });
      const e = res.body?.error;
      if (res.status !== 400 || e?.code !== code || e?.param !== param) {
        wrong.push(`${label} on ${url.split('/')[1]}: ${res.status} ${res.raw.slice(0, 200)}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
  const after = await h.call('GET', `/admin/v1/locations/${id}`);
  assert.deepEqual(after.body, created.body);
});
