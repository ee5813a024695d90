import assert from 'node:assert/strict';
import type { Harness, Res } from '../helpers/app.js';
import { issue, LOCATION_BODY } from '../helpers/fixtures.js';

export const CURRENCIES = ['CHF', 'EUR', 'GBP', 'BRL', 'USD', 'MXN'];
export const JSON_HEADERS = { 'content-type': 'application/json' };
const ERROR_TYPES: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  authorization_error: 403,
  not_found_error: 404,
  conflict_error: 409,
  idempotency_error: 409,
  rate_limit_error: 429,
  api_error: 500,
};

/** Any non-2xx: the spec's envelope, type matching the status, request_id equal to X-Request-Id. */
export function assertEnvelope(res: Res) {
  assert.ok(res.status >= 400, `expected an error, got ${res.status}: ${res.raw}`);
  const e = res.body?.error;
  assert.ok(e && typeof e === 'object', `no error envelope: ${res.status} ${res.raw.slice(0, 300)}`);
  assert.deepEqual(Object.keys(res.body), ['error'], res.raw);
  assert.equal(typeof e.type, 'string');
  assert.equal(typeof e.code, 'string');
  assert.equal(typeof e.message, 'string');
  assert.equal(ERROR_TYPES[e.type], res.status, `type ${e.type} does not map to ${res.status}`);
  assert.equal(typeof res.headers['x-request-id'], 'string');
  assert.equal(e.request_id, res.headers['x-request-id']);
  if (e.param !== undefined) assert.equal(typeof e.param, 'string');
  return e;
}

/** A 4xx with the envelope: what every bad input must get, never a 5xx. */
export function assertClientError(res: Res, label = '') {
  assert.ok(
    res.status >= 400 && res.status < 500,
    `${label}: expected 4xx, got ${res.status}: ${res.raw.slice(0, 300)}`,
  );
  return assertEnvelope(res);
}

/** A 400 naming the param. */
export function assert400(res: Res, code: string, param: string) {
  const e = assertEnvelope(res);
  assert.equal(res.status, 400, res.raw);
  assert.equal(e.type, 'invalid_request_error', res.raw);
  assert.equal(e.code, code, res.raw);
  assert.equal(e.param, param, res.raw);
  return e;
}

export function assertNoSecret(res: Res, secret: string) {
  assert.ok(!res.raw.includes(secret), `response body contains the key: ${res.raw.slice(0, 300)}`);
  for (const [name, value] of Object.entries(res.headers)) {
    assert.ok(!String(value).includes(secret), `header ${name} contains the key`);
  }
}

export async function newOrg(h: Harness, name = 'HTTP Test Org'): Promise<any> {
  const res = await h.call('POST', '/admin/v1/organizations', { body: { name } });
  assert.equal(res.status, 201, res.raw);
  return res.body;
}

export async function newLocation(h: Harness, orgId: string | null, overrides: Record<string, unknown> = {}) {
  const url = orgId === null ? '/admin/v1/locations' : `/admin/v1/organizations/${orgId}/locations`;
  const res = await h.call('POST', url, { body: { ...LOCATION_BODY, ...overrides } });
  assert.equal(res.status, 201, res.raw);
  return res.body;
}

export const orgKey = (h: Harness, organization_id: string, permissions: string[] = ['*']) =>
  issue(h, { organization_id, permissions });
export const locationKey = (h: Harness, location_id: string, permissions: string[] = ['*']) =>
  issue(h, { location_id, permissions });
export const adminKey = (h: Harness) => issue(h, { type: 'admin', name: 'http test admin' });

/**
 * The 400 an answer must be: one of the [code, param] pairs listed, where param `null` means no param and
 * ANY_PARAM any param. Several pairs where the route decides (which of its required fields is missing).
 */
export type Expected400 = [code: string, param: string | null][];
export const ANY_PARAM = '*';

/** Bodies that no JSON endpoint may answer with a 5xx, with the 400 each must get on any JSON route. */
export const BAD_RAW_BODIES: [string, string, Expected400][] = [
  ['not json', '{"name":', [['parameter_invalid', null]]],
  ['array', '[]', [['parameter_invalid', null]]],
  ['null', 'null', [['parameter_invalid', null]]],
  ['string', '"text"', [['parameter_invalid', null]]],
  ['number', '12', [['parameter_invalid', null]]],
  ['proto', '{"__proto__":{"polluted":true},"name":"x"}', [['parameter_invalid', null]]],
  ['constructor', '{"constructor":{"prototype":{"polluted":true}}}', [['parameter_invalid', null]]],
  [
    'deep',
    `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
    [
      ['parameter_unknown', 'a'],
      ['parameter_missing', ANY_PARAM],
    ],
  ],
  ['NUL character', '{"name":"a\\u0000b"}', [['parameter_invalid', 'name']]],
];

/** The label and error of every answer that is not the 400 expected of it. */
export function not400(results: [string, Res, Expected400][]): string[] {
  const wrong: string[] = [];
  for (const [label, res, expected] of results) {
    try {
      const e = assertEnvelope(res);
      assert.equal(res.status, 400, res.raw.slice(0, 300));
      assert.equal(e.type, 'invalid_request_error');
      const matches = ([code, param]: [string, string | null]) =>
        e.code === code && (param === ANY_PARAM ? typeof e.param === 'string' : (e.param ?? null) === param);
      assert.ok(expected.some(matches), `got ${e.code} on ${e.param ?? 'no param'}, want ${JSON.stringify(expected)}`);
    } catch (err) {
      wrong.push(`${label}: ${(err as Error).message.split('\n')[0].slice(0, 300)}`);
    }
  }
  return wrong;
}

/** The label of every response that is not a 4xx envelope. */
export function non4xx(results: [string, Res][]): string[] {
  const wrong: string[] = [];
  for (const [label, res] of results) {
    try {
      assertClientError(res);
    } catch (err) {
      wrong.push(`${label}: ${(err as Error).message.split('\n')[0].slice(0, 300)}`);
    }
  }
  return wrong;
}

/** Sends malformed, mistyped, unknown and oversized bodies; every answer must be the 400 it calls for. */
export async function fuzzBody(h: Harness, method: 'POST' | 'PATCH' | 'PUT', url: string, key: string) {
  assert.deepEqual(await fuzzFindings(h, method, url, key), []);
}

/** What fuzzBody would complain about, for tests that sweep several routes. */
export async function fuzzFindings(h: Harness, method: 'POST' | 'PATCH' | 'PUT', url: string, key: string) {
  const results: [string, Res, Expected400][] = [];
  for (const [label, raw, expected] of BAD_RAW_BODIES) {
    const res = await h.call(method, url, { key, body: raw, headers: JSON_HEADERS });
    results.push([`${method} ${url} ${label}`, res, expected]);
  }
  // A wrong or unknown field, unless the route first misses a required one.
  const missing: [string, string | null] = ['parameter_missing', ANY_PARAM];
  const badName: Expected400 = [['parameter_invalid', 'name'], ['parameter_unknown', 'name'], missing];
  for (const [body, expected] of [
    [{ unknown_field: 1 }, [['parameter_unknown', 'unknown_field'], missing]],
    [{ name: 12 }, badName],
    [{ name: 'x'.repeat(100_000) }, badName],
    [{ name: ['a'] }, badName],
    [{ name: { a: 1 } }, badName],
  ] as [object, Expected400][]) {
    const res = await h.call(method, url, { key, body });
    results.push([`${method} ${url} ${JSON.stringify(body).slice(0, 40)}`, res, expected]);
  }
  return not400(results);
}

/** Ids in the path that are nonsense: 4xx, never 5xx. */
export const BAD_IDS = ['x'.repeat(5000), '%00', '%E2%82%AC', 'loc_%27%3B--', '..%2F..', '%ZZ'];

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
