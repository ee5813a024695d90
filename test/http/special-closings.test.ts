import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getHarness, type Res } from '../helpers/app.js';
import { assertError, newTenant } from '../helpers/fixtures.js';
import { assert400, BAD_IDS, fuzzFindings, non4xx } from './_support.js';

const BODY = { starts_at: '2034-12-24T14:00:00.000Z', ends_at: '2034-12-26T23:00:00.000Z', reason: 'Christmas' };
const base = (loc: string) => `/v1/locations/${loc}/special_closings`;

test('special closings: create (201), get, list, patch, delete, then 404', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const url = base(t.locationIds[0]);
  const created = await h.call('POST', url, { key: t.orgKey, body: BODY });
  assert.equal(created.status, 201, created.raw);
  const c = created.body;
  assert.match(c.id, /^scl_/);
  assert.equal(c.object, 'special_closing');
  assert.equal(c.location_id, t.locationIds[0]);
  assert.equal(c.starts_at, BODY.starts_at);
  assert.equal(c.ends_at, BODY.ends_at);
  assert.equal(c.reason, BODY.reason);
  assert.match(c.created_at, /Z$/);

  for (const key of [t.orgKey, t.locationKey]) {
    const got = await h.call('GET', `${url}/${c.id}`, { key });
    assert.equal(got.status, 200, got.raw);
    assert.deepEqual(got.body, c);
  }
  const list = await h.call('GET', url, { key: t.locationKey });
  assert.deepEqual(list.body, { object: 'list', data: [c], has_more: false, url });

  const patched = await h.call('PATCH', `${url}/${c.id}`, { key: t.locationKey, body: { reason: 'Family holiday' } });
  assert.equal(patched.status, 200, patched.raw);
  assert.equal(patched.body.reason, 'Family holiday');
  assert.equal(patched.body.starts_at, BODY.starts_at);
  assert.equal(patched.body.created_at, c.created_at);
  const moved = await h.call('PATCH', `${url}/${c.id}`, {
    key: t.orgKey,
    body: { starts_at: '2034-12-23T10:00:00.000Z', ends_at: '2034-12-27T10:00:00.000Z' },
  });
  assert.equal(moved.status, 200, moved.raw);
  assert.equal(moved.body.reason, 'Family holiday');
  assert.equal(moved.body.ends_at, '2034-12-27T10:00:00.000Z');

  const deleted = await h.call('DELETE', `${url}/${c.id}`, { key: t.orgKey });
  assert.equal(deleted.status, 200, deleted.raw);
  assert.deepEqual(deleted.body, { id: c.id, object: 'special_closing', deleted: true });
  for (const [method, body] of [
    ['GET', undefined],
    ['PATCH', { reason: 'again' }],
    ['DELETE', undefined],
  ] as const) {
    const res = await h.call(method, `${url}/${c.id}`, { key: t.orgKey, body });
    assertError(res, 404, 'not_found_error', 'resource_not_found');
  }
  assert.deepEqual((await h.call('GET', url, { key: t.orgKey })).body.data, []);
});

test('an offset timestamp is stored as the same instant and answered in UTC', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const res = await h.call('POST', base(t.locationIds[0]), {
    key: t.orgKey,
    body: { starts_at: '2035-01-01T10:00:00+02:00', ends_at: '2035-01-01T18:30:00-01:00', reason: 'Offsets' },
  });
  assert.equal(res.status, 201, res.raw);
  assert.equal(res.body.starts_at, '2035-01-01T08:00:00.000Z');
  assert.equal(res.body.ends_at, '2035-01-01T19:30:00.000Z');
});

test('ends_at equal to or before starts_at is 400 naming ends_at, on create and on PATCH', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const url = base(t.locationIds[0]);
  for (const ends_at of [BODY.starts_at, '2034-12-24T13:59:59.999Z', '2000-01-01T00:00:00.000Z']) {
    assert400(await h.call('POST', url, { key: t.orgKey, body: { ...BODY, ends_at } }), 'parameter_invalid', 'ends_at');
  }
  // The same instant written in another offset is still equal.
  const sameInstant = { ...BODY, ends_at: '2034-12-24T16:00:00+02:00' };
  assert400(await h.call('POST', url, { key: t.orgKey, body: sameInstant }), 'parameter_invalid', 'ends_at');
  assert.deepEqual((await h.call('GET', url, { key: t.orgKey })).body.data, []);

  const c = (await h.call('POST', url, { key: t.orgKey, body: BODY })).body;
  const one = `${url}/${c.id}`;
  for (const body of [
    { ends_at: BODY.starts_at },
    { ends_at: '2034-12-20T00:00:00.000Z' },
    { starts_at: BODY.ends_at },
    { starts_at: '2035-06-01T00:00:00.000Z' },
    { starts_at: '2035-06-01T00:00:00.000Z', ends_at: '2035-05-01T00:00:00.000Z' },
  ]) {
    assert400(await h.call('PATCH', one, { key: t.orgKey, body }), 'parameter_invalid', 'ends_at');
  }
  assert.deepEqual((await h.call('GET', one, { key: t.orgKey })).body, c);
});

test('a closing is reached only under its own location', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const other = await newTenant(h);
  const c = (await h.call('POST', base(t.locationIds[0]), { key: t.orgKey, body: BODY })).body;
  const sibling = `${base(t.locationIds[1])}/${c.id}`;
  for (const [method, body] of [
    ['GET', undefined],
    ['PATCH', { reason: 'moved' }],
    ['DELETE', undefined],
  ] as const) {
    assertError(await h.call(method, sibling, { key: t.orgKey, body }), 404, 'not_found_error', 'resource_not_found');
    // A location key for the sibling is out of scope first.
    const viaLocKey = await h.call(method, sibling, { key: t.locationKey, body });
    assertError(viaLocKey, 403, 'authorization_error', 'permission_denied');
    // Another organization: the path names a location outside its scope.
    const stranger = await h.call(method, `${base(t.locationIds[0])}/${c.id}`, { key: other.orgKey, body });
    assertError(stranger, 403, 'authorization_error', 'permission_denied');
    // Another organization's own location with this id: not found there.
    const foreign = await h.call(method, `${base(other.locationIds[0])}/${c.id}`, { key: other.orgKey, body });
    assertError(foreign, 404, 'not_found_error', 'resource_not_found');
  }
  const still = await h.call('GET', `${base(t.locationIds[0])}/${c.id}`, { key: t.orgKey });
  assert.deepEqual(still.body, c);
  const loc = await h.call('GET', `${base(t.locationIds[1])}/scl_missing`, { key: t.orgKey });
  assertError(loc, 404, 'not_found_error', 'resource_not_found');
  assertError(
    await h.call('GET', base(t.locationIds[0]), { key: h.adminKey }),
    403,
    'authorization_error',
    'api_key_wrong_surface',
  );
});

test('timestamps that are not ISO 8601 date-times, and other bad fields, are 400 naming the param', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const url = base(t.locationIds[0]);
  const cases: [Record<string, unknown>, string, string][] = [
    [{ ...BODY, starts_at: 'tomorrow' }, 'parameter_invalid', 'starts_at'],
    [{ ...BODY, starts_at: '2034-12-24' }, 'parameter_invalid', 'starts_at'],
    [{ ...BODY, starts_at: '24.12.2034 14:00' }, 'parameter_invalid', 'starts_at'],
    [{ ...BODY, starts_at: 2050000000 }, 'parameter_invalid', 'starts_at'],
    [{ ...BODY, starts_at: '2034-12-24T25:00:00Z' }, 'parameter_invalid', 'starts_at'],
    [{ ...BODY, starts_at: null }, 'parameter_invalid', 'starts_at'],
    [{ ...BODY, ends_at: 'x' }, 'parameter_invalid', 'ends_at'],
    [{ ...BODY, ends_at: '2034-02-30T00:00:00Z' }, 'parameter_invalid', 'ends_at'],
    [{ starts_at: BODY.starts_at, ends_at: BODY.ends_at }, 'parameter_missing', 'reason'],
    [{ reason: 'x', ends_at: BODY.ends_at }, 'parameter_missing', 'starts_at'],
    [{ reason: 'x', starts_at: BODY.starts_at }, 'parameter_missing', 'ends_at'],
    [{ ...BODY, reason: '' }, 'parameter_invalid', 'reason'],
    [{ ...BODY, reason: 'r'.repeat(1001) }, 'parameter_invalid', 'reason'],
    [{ ...BODY, reason: 5 }, 'parameter_invalid', 'reason'],
    [{ ...BODY, location_id: t.locationIds[1] }, 'parameter_unknown', 'location_id'],
  ];
  const c = (await h.call('POST', url, { key: t.orgKey, body: BODY })).body;
  const wrong: string[] = [];
  for (const [body, code, param] of cases) {
    const attempts: [string, Res][] = [['POST', await h.call('POST', url, { key: t.orgKey, body })]];
    if (code !== 'parameter_missing') {
      attempts.push([
        'PATCH',
        await h.call('PATCH', `${url}/${c.id}`, { key: t.orgKey, body: { [param]: body[param] } }),
      ]);
    }
    for (const [method, res] of attempts) {
      const e = res.body?.error;
      if (res.status !== 400 || e?.code !== code || e?.param !== param) {
        wrong.push(`${method} ${JSON.stringify(body).slice(0, 80)}: ${res.status} ${res.raw.slice(0, 200)}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
  assert.deepEqual((await h.call('GET', url, { key: t.orgKey })).body.data, [c]);
});

test('malformed bodies, odd ids and extreme dates on special closings: 4xx, never 5xx', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const url = base(t.locationIds[0]);
  const c = (await h.call('POST', url, { key: t.orgKey, body: BODY })).body;
  const wrong = [
    ...(await fuzzFindings(h, 'POST', url, t.orgKey)),
    ...(await fuzzFindings(h, 'PATCH', `${url}/${c.id}`, t.orgKey)),
  ];
  const results: [string, Res][] = [];
  for (const id of BAD_IDS) {
    const label = id.slice(0, 20);
    results.push([`GET ${label}`, await h.call('GET', `${url}/${id}`, { key: t.orgKey })]);
    results.push([`DELETE ${label}`, await h.call('DELETE', `${url}/${id}`, { key: t.orgKey })]);
    results.push([`list under ${label}`, await h.call('GET', base(id), { key: t.orgKey })]);
  }
  for (const [starts_at, ends_at] of [
    ['0000-01-01T00:00:00Z', '0000-01-02T00:00:00Z'],
    ['9999-12-31T00:00:00Z', '9999-12-31T23:59:59Z'],
    ['1969-12-31T23:59:59Z', '1970-01-01T00:00:01Z'],
  ]) {
    const res = await h.call('POST', url, { key: t.orgKey, body: { starts_at, ends_at, reason: 'Edge' } });
    if (res.status !== 201) results.push([`create ${starts_at}`, res]);
  }
  wrong.push(...non4xx(results));
  assert.deepEqual(wrong, []);
});
