import assert from 'node:assert/strict';
import type { Harness } from './app.js';

export const LOCATION_BODY = {
  name: 'Trattoria Centrale',
  currency: 'EUR',
  country: 'DE',
  timezone: 'Europe/Berlin',
  default_language: 'de',
  address: {
    line1: 'Hauptstraße 1',
    line2: null,
    postal_code: '10115',
    city: 'Berlin',
    country: 'DE',
    latitude: 52.532,
    longitude: 13.384,
  },
};

export interface Tenant {
  orgId: string;
  locationIds: string[];
  orgKey: string;
  locationKey: string;
}

/** A fresh organization with two locations and keys, made through the admin API as an integrator would. */
export async function newTenant(h: Harness, permissions: string[] = ['*']): Promise<Tenant> {
  const org = await h.call('POST', '/admin/v1/organizations', { body: { name: 'Test Org' } });
  assert.equal(org.status, 201, org.raw);
  const locationIds: string[] = [];
  for (const name of ['First', 'Second']) {
    const loc = await h.call('POST', `/admin/v1/organizations/${org.body.id}/locations`, {
      body: { ...LOCATION_BODY, name },
    });
    assert.equal(loc.status, 201, loc.raw);
    locationIds.push(loc.body.id);
  }
  const orgKey = await issue(h, { organization_id: org.body.id, permissions });
  const locationKey = await issue(h, { location_id: locationIds[0], permissions });
  return { orgId: org.body.id, locationIds, orgKey, locationKey };
}

export async function issue(h: Harness, body: Record<string, unknown>): Promise<string> {
  const res = await h.call('POST', '/admin/v1/api_keys', { body });
  assert.equal(res.status, 201, res.raw);
  return res.body.secret;
}

/** Asserts the spec's error envelope and returns its error object. */
export function assertError(
  res: { status: number; body: any; headers: Record<string, unknown>; raw: string },
  status: number,
  type: string,
  code: string,
  param?: string,
) {
  assert.equal(res.status, status, res.raw);
  assert.equal(res.body?.error?.type, type, res.raw);
  assert.equal(res.body.error.code, code, res.raw);
  assert.equal(typeof res.body.error.message, 'string');
  assert.equal(res.body.error.request_id, res.headers['x-request-id']);
  if (param !== undefined) assert.equal(res.body.error.param, param, res.raw);
  return res.body.error;
}
