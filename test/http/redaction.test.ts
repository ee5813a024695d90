/**
 * No part of a key reaches a response: for keys whose secret part is 32, 40, 64, 128, 200 and 300
 * characters long (real ones, unknown well-formed ones, and overlong malformed ones), pasted into the
 * path, the query, a body field name or value, the x-request-id header and a cookie, every response body
 * and header is searched for each 8-character piece of the secret part and for its last 8 characters.
 * A redaction that hides only the first N characters of a key fails here.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { ensureAdminKey } from '../../src/domain/api-keys.js';
import { type CallOptions, getHarness, type Harness, type Res } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { assertError, newTenant, type Tenant } from '../helpers/fixtures.js';
import { base62, piecesIn } from '../helpers/secrets.js';

let h: Harness;
let t: Tenant;

interface Secret {
  label: string;
  key: string;
  /** What follows the prefix: the part that must never be shown. */
  part: string;
}

const secret = (label: string, prefix: 'svc_org_' | 'svc_admin_', part: string): Secret => ({
  label,
  key: prefix + part,
  part,
});

const secrets: Secret[] = [];
/** Real admin keys of other lengths than issued ones: ADMIN_API_KEY may be 32 to 128 characters. */
const realAdmins: Secret[] = [];

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  const db = await testDb();
  for (const n of [32, 64, 128]) {
    const s = secret(`real admin key, ${n}`, 'svc_admin_', base62(n));
    await ensureAdminKey(db, s.key);
    realAdmins.push(s);
  }
  secrets.push(
    secret('real org key, 40', 'svc_org_', t.orgKey.slice('svc_org_'.length)),
    secret('real location key, 40', 'svc_org_', t.locationKey.slice('svc_org_'.length)),
    secret('real admin key, 40', 'svc_admin_', h.adminKey.slice('svc_admin_'.length)),
    ...realAdmins,
    ...[32, 40, 64, 128, 200, 300].map((n) => secret(`unknown org key, ${n}`, 'svc_org_', base62(n))),
    ...[32, 200].map((n) => secret(`unknown admin key, ${n}`, 'svc_admin_', base62(n))),
  );
});

/** The pieces of the secret found anywhere in the response, by where they were found. */
function leaks(res: Res, s: Secret): string[] {
  const found: string[] = [];
  if (piecesIn(res.raw, s.part).length > 0) found.push(`body ${res.raw.slice(0, 300)}`);
  for (const [name, value] of Object.entries(res.headers)) {
    if (piecesIn(String(value), s.part).length > 0) found.push(`header ${name}: ${String(value).slice(0, 100)}`);
  }
  return found;
}

type Expect = [status: number, code: string, param?: string];

interface Probe {
  what: string;
  method: 'GET' | 'PATCH' | 'POST';
  url: string;
  opts: CallOptions;
  expect: Expect;
}

const probe = (what: string, method: Probe['method'], url: string, opts: CallOptions, expect: Expect): Probe => ({
  what,
  method,
  url,
  opts,
  expect,
});

/** Requests that carry the key somewhere a careless server would echo it, with the answer each must get. */
function probes(s: Secret): Probe[] {
  const k = s.key;
  const loc = `/v1/locations/${t.locationIds[0]}`;
  const org = { key: t.orgKey };
  // A path segment over 100 characters is refused before routing, as a malformed request.
  const segment = (e: Expect): Expect => (k.length > 100 ? [400, 'parameter_invalid'] : e);
  // The prefix with its underscores percent-encoded, as some URL encoders send it.
  const encoded = k.replaceAll('_', '%5F');
  return [
    probe('x-api-key', 'GET', '/v1/locations', { key: k }, asKey(s)),
    probe('path, scope', 'GET', `/v1/locations/${k}`, org, segment([403, 'permission_denied'])),
    probe('path, organization', 'GET', `/v1/organizations/${k}`, org, segment([403, 'permission_denied'])),
    probe('path, child', 'GET', `${loc}/special_closings/${k}`, org, segment([404, 'resource_not_found'])),
    probe('path, admin', 'GET', `/admin/v1/organizations/${k}`, {}, segment([404, 'resource_not_found'])),
    probe('path, no route', 'GET', `/v1/${k}`, { key: null }, [404, 'route_not_found']),
    probe('path and query, no route', 'GET', `/v1/${k}/x?y=${k}`, org, [404, 'route_not_found']),
    probe('path, malformed', 'GET', `/v1/locations/${k}%ZZ`, org, [400, 'parameter_invalid']),
    probe('path, %5F, no route', 'GET', `/v1/${encoded}`, org, [404, 'route_not_found']),
    probe('path, %5F, malformed', 'GET', `/v1/locations/${encoded}%ZZ`, org, [400, 'parameter_invalid']),
    probe('path, %5F, scope', 'GET', `/v1/locations/${encoded}`, org, segment([403, 'permission_denied'])),
    probe(
      'path and query',
      'GET',
      `/v1/locations/${k}/special_closings?starting_after=${k}`,
      org,
      // Validation comes before scope: a cursor is at most 64 characters.
      segment(k.length > 64 ? [400, 'parameter_invalid', 'starting_after'] : [403, 'permission_denied']),
    ),
    probe('query, cursor', 'GET', `/v1/locations?starting_after=${k}`, org, [
      400,
      'parameter_invalid',
      'starting_after',
    ]),
    probe('query, %5F cursor', 'GET', `/v1/locations?ending_before=${encoded}`, org, [
      400,
      'parameter_invalid',
      'ending_before',
    ]),
    probe('query, name', 'GET', `/v1/locations?${k}=1`, org, [400, 'parameter_unknown']),
    probe('query, expand', 'GET', `/v1/organizations/${t.orgId}?expand[]=${k}`, org, [
      400,
      'parameter_invalid',
      'expand',
    ]),
    probe('body, field name', 'PATCH', loc, { ...org, body: { [k]: 1 } }, [400, 'parameter_unknown']),
    probe('body, time zone', 'PATCH', loc, { ...org, body: { timezone: k } }, [400, 'parameter_invalid', 'timezone']),
    probe('body, currency', 'PATCH', loc, { ...org, body: { currency: k } }, [400, 'parameter_invalid', 'currency']),
    probe('body, scope', 'POST', '/admin/v1/api_keys', { body: { organization_id: k } }, [
      400,
      'parameter_invalid',
      'organization_id',
    ]),
    probe('request id, 2xx', 'GET', '/v1/locations', { ...org, headers: { 'x-request-id': k } }, [200, '']),
    probe('request id, 401', 'GET', '/v1/locations', { key: null, headers: { 'x-request-id': k } }, [
      401,
      'api_key_missing',
    ]),
    probe('session cookie', 'GET', '/v1/locations', { key: k, headers: { cookie: `svc_session=${k}` } }, [
      403,
      'session_not_allowed',
    ]),
    probe('bearer', 'GET', '/admin/v1/organizations', { key: null, headers: { authorization: `Bearer ${k}` } }, [
      401,
      'api_key_missing',
    ]),
  ];
}

/** The answer the key itself gets as x-api-key on /v1/locations. */
function asKey(s: Secret): Expect {
  if (s.key === t.orgKey || s.key === t.locationKey) return [200, ''];
  if (s.key === h.adminKey || realAdmins.includes(s)) return [403, 'api_key_wrong_surface'];
  return [401, 'api_key_invalid'];
}

const TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'authorization_error',
  404: 'not_found_error',
};

test('no 8-character piece of a key, nor its last 8 characters, appears in any response', async () => {
  const found: string[] = [];
  const wrong: string[] = [];
  for (const s of secrets) {
    for (const p of probes(s)) {
      const [status, code, param] = p.expect;
      const res = await h.call(p.method, p.url, p.opts);
      for (const leak of leaks(res, s)) found.push(`${s.label}, ${p.what} (${res.status}): ${leak}`);
      // Each probe is answered as the contract says, whatever the length of the key in it.
      try {
        if (status === 200) assert.equal(res.status, 200, res.raw);
        else assertError(res, status, TYPES[status], code, param);
        if (p.what.startsWith('request id')) assert.match(String(res.headers['x-request-id']), /^req_/);
      } catch (err) {
        wrong.push(`${s.label}, ${p.what}: ${(err as Error).message.split('\n')[0].slice(0, 200)}`);
      }
    }
  }
  assert.deepEqual(found, []);
  assert.deepEqual(wrong, []);
});

test('a real key on the wrong surface or without the permission: the 403 shows none of it', async () => {
  const readOnly = await h.call('POST', '/admin/v1/api_keys', {
    body: { organization_id: t.orgId, permissions: ['organizations.read'] },
  });
  assert.equal(readOnly.status, 201, readOnly.raw);
  const limited = secret('read-only org key', 'svc_org_', readOnly.body.secret.slice('svc_org_'.length));
  const cases: [Secret, string, string, string][] = [
    [limited, 'GET', `/v1/locations/${t.locationIds[0]}`, 'permission_denied'],
    [limited, 'GET', '/admin/v1/organizations', 'api_key_wrong_surface'],
    ...realAdmins.map((s): [Secret, string, string, string] => [
      s,
      'GET',
      '/v1/organizations',
      'api_key_wrong_surface',
    ]),
  ];
  for (const [s, method, url, code] of cases) {
    // The key also pasted into the query, where an error message might quote it.
    const res = await h.call(method as 'GET', `${url}?x=${s.key}`, { key: s.key });
    assertError(res, 403, 'authorization_error', code);
    assert.deepEqual(leaks(res, s), [], `${s.label} on ${url}`);
  }
  // The real admin keys of 32, 64 and 128 characters work where they belong.
  for (const s of realAdmins) {
    const ok = await h.call('GET', '/admin/v1/organizations?limit=1', { key: s.key });
    assert.equal(ok.status, 200, ok.raw);
    assert.deepEqual(leaks(ok, s), []);
  }
});
