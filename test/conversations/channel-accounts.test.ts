import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { assertError, newTenant, type Tenant } from '../helpers/fixtures.js';
import { assertNoSecret, fuzzBody, newLocation } from '../http/_support.js';
import { createWhatsAppAccount, digits } from './_support.js';

let h: Harness;
let t: Tenant;
const base = '/admin/v1/channel_accounts';

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
});

describe('channel accounts', () => {
  test('a test account bound to a location is in mode location, with its organization', async () => {
    const res = await h.call('POST', base, { body: { channel: 'test', name: 'Local', location_id: t.locationIds[0] } });
    assert.equal(res.status, 201, res.raw);
    assert.match(res.body.id, /^cha_/);
    assert.equal(res.body.object, 'channel_account');
    assert.equal(res.body.mode, 'location');
    assert.equal(res.body.location_id, t.locationIds[0]);
    assert.equal(res.body.organization_id, t.orgId);
    assert.equal(res.body.whatsapp, null);
    assert.deepEqual((await h.call('GET', `${base}/${res.body.id}`)).body, res.body);
  });

  test('an account bound to an organization is in mode businessOrganization', async () => {
    const res = await h.call('POST', base, { body: { channel: 'test', organization_id: t.orgId } });
    assert.equal(res.status, 201, res.raw);
    assert.equal(res.body.mode, 'businessOrganization');
    assert.equal(res.body.location_id, null);
    assert.equal(res.body.name, null);
  });

  test('a standalone location: mode location, organization_id null', async () => {
    const loc = await newLocation(h, null);
    const res = await h.call('POST', base, { body: { channel: 'test', location_id: loc.id } });
    assert.equal(res.status, 201, res.raw);
    assert.equal(res.body.organization_id, null);
  });

  test('WhatsApp secrets are write-only: never in a response, the access token shows its last four', async () => {
    const wa = await createWhatsAppAccount(h, { location_id: t.locationIds[0] });
    const shown = wa.body.whatsapp;
    assert.equal(shown.phone_number_id, wa.phoneNumberId);
    assert.equal(shown.access_token_last4, wa.accessToken.slice(-4));
    assert.equal(shown.has_app_secret, true);
    assert.equal(shown.has_verify_token, true);
    assert.equal(shown.webhook_path, `/channels/whatsapp/${wa.id}/webhook`);
    const reads = [
      await h.call('GET', `${base}/${wa.id}`),
      await h.call('GET', `${base}?channel=whatsapp&limit=100&location_id=${t.locationIds[0]}`),
      await h.call('PATCH', `${base}/${wa.id}`, { body: { name: 'Renamed' } }),
    ];
    for (const res of reads) {
      assert.equal(res.status, 200, res.raw);
      for (const secret of [wa.accessToken, wa.appSecret, wa.verifyToken]) assertNoSecret(res, secret);
    }
    assert.ok(reads[1].body.data.some((a: any) => a.id === wa.id));
  });

  test('PATCH rotates secrets and renames; channel and binding stay', async () => {
    const wa = await createWhatsAppAccount(h, { organization_id: t.orgId });
    const res = await h.call('PATCH', `${base}/${wa.id}`, {
      body: { name: 'Main number', whatsapp: { access_token: 'EAAGnewtokenABCD', display_phone_number: null } },
    });
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.name, 'Main number');
    assert.equal(res.body.whatsapp.access_token_last4, 'ABCD');
    assert.equal(res.body.whatsapp.display_phone_number, null);
    assert.equal(res.body.whatsapp.phone_number_id, wa.phoneNumberId);
    assert.equal(res.body.mode, 'businessOrganization');
    assertError(
      await h.call('PATCH', `${base}/${wa.id}`, { body: { location_id: t.locationIds[0] } }),
      400,
      'invalid_request_error',
      'parameter_unknown',
    );
  });

  test('creating is idempotent', async () => {
    const headers = { 'idempotency-key': `cha-${digits(12)}` };
    const body = { channel: 'test', location_id: t.locationIds[1] };
    const first = await h.call('POST', base, { body, headers });
    const again = await h.call('POST', base, { body, headers });
    assert.equal(first.status, 201);
    assert.equal(again.status, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.body.id, first.body.id);
    assertError(
      await h.call('POST', base, { body, idempotencyKey: '' }),
      400,
      'invalid_request_error',
      'idempotency_key_missing',
    );
  });

  test('one account per WhatsApp number', async () => {
    const wa = await createWhatsAppAccount(h, { location_id: t.locationIds[0] });
    const body = {
      channel: 'whatsapp',
      location_id: t.locationIds[1],
      whatsapp: { phone_number_id: wa.phoneNumberId, access_token: 'a', app_secret: 'b', verify_token: 'c' },
    };
    const err = assertError(await h.call('POST', base, { body }), 409, 'conflict_error', 'resource_conflict');
    assert.equal(err.details.phone_number_id, wa.phoneNumberId);
    const other = await createWhatsAppAccount(h, { location_id: t.locationIds[1] });
    assertError(
      await h.call('PATCH', `${base}/${other.id}`, { body: { whatsapp: { phone_number_id: wa.phoneNumberId } } }),
      409,
      'conflict_error',
      'resource_conflict',
    );
  });

  test('validation names the field', async () => {
    const wa = { phone_number_id: '123', access_token: 'a', app_secret: 'b', verify_token: 'c' };
    const cases: [unknown, number, string, string | undefined][] = [
      [{ channel: 'sms', location_id: t.locationIds[0] }, 400, 'parameter_invalid', 'channel'],
      [{ location_id: t.locationIds[0] }, 400, 'parameter_missing', 'channel'],
      [{ channel: 'test' }, 400, 'parameter_missing', 'location_id'],
      [
        { channel: 'test', location_id: t.locationIds[0], organization_id: t.orgId },
        400,
        'parameters_exclusive',
        undefined,
      ],
      [{ channel: 'test', location_id: 'loc_nope' }, 400, 'parameter_invalid', 'location_id'],
      [{ channel: 'test', organization_id: 'org_nope' }, 400, 'parameter_invalid', 'organization_id'],
      [{ channel: 'test', location_id: t.locationIds[0], whatsapp: wa }, 400, 'parameter_invalid', 'whatsapp'],
      [{ channel: 'whatsapp', location_id: t.locationIds[0] }, 400, 'parameter_invalid', 'whatsapp'],
      [
        { channel: 'whatsapp', location_id: t.locationIds[0], whatsapp: { ...wa, app_secret: undefined } },
        400,
        'parameter_missing',
        'whatsapp.app_secret',
      ],
      [
        { channel: 'whatsapp', location_id: t.locationIds[0], whatsapp: { ...wa, phone_number_id: '+49 170' } },
        400,
        'parameter_invalid',
        'whatsapp.phone_number_id',
      ],
    ];
    for (const [body, status, code, param] of cases) {
      const err = assertError(await h.call('POST', base, { body }), status, 'invalid_request_error', code, param);
      assert.ok(!JSON.stringify(err).includes('"b"'), 'no secret echoed');
    }
    await fuzzBody(h, 'POST', base, h.adminKey);
    await fuzzBody(h, 'PATCH', `${base}/cha_nope`, h.adminKey);
  });

  test('unknown account: 404; public keys: 403 wrong surface', async () => {
    assertError(await h.call('GET', `${base}/cha_nope`), 404, 'not_found_error', 'resource_not_found');
    assertError(
      await h.call('PATCH', `${base}/cha_nope`, { body: { name: 'x' } }),
      404,
      'not_found_error',
      'resource_not_found',
    );
    assertError(await h.call('GET', base, { key: t.orgKey }), 403, 'authorization_error', 'api_key_wrong_surface');
  });

  test('the list pages with the usual cursor rules', async () => {
    const loc = await newLocation(h, null);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await h.call('POST', base, { body: { channel: 'test', location_id: loc.id } });
      ids.push(res.body.id);
    }
    const q = `${base}?location_id=${loc.id}&limit=2`;
    const first = await h.call('GET', q);
    assert.deepEqual(
      first.body.data.map((a: any) => a.id),
      ids.slice(0, 2),
    );
    assert.equal(first.body.has_more, true);
    assert.equal(first.body.url, base);
    const second = await h.call('GET', `${q}&starting_after=${ids[1]}`);
    assert.deepEqual(
      second.body.data.map((a: any) => a.id),
      [ids[2]],
    );
    assert.equal(second.body.has_more, false);
    const back = await h.call('GET', `${q}&ending_before=${ids[2]}`);
    assert.deepEqual(
      back.body.data.map((a: any) => a.id),
      ids.slice(0, 2),
    );
    assertError(
      await h.call('GET', `${q}&starting_after=cha_nope`),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'starting_after',
    );
  });
});
