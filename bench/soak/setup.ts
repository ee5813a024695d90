/**
 * The soak's tenant, made through the admin API as an integrator would: one organization, a few
 * locations, several organization keys and admin keys so that no key nears its 1000-per-minute budget.
 */
import { randomBytes } from 'node:crypto';
import { type Req, send, type Target } from './client.js';

export interface Tenant {
  orgId: string;
  locationIds: string[];
  orgKeys: string[];
  adminKeys: string[];
}

export function adminSecret(): string {
  const chars = randomBytes(60)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '');
  return `svc_admin_${chars.slice(0, 40)}`;
}

const LOCATION = {
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

export async function setupTenant(
  target: Target,
  adminKey: string,
  counts: { locations: number; orgKeys: number; adminKeys: number },
): Promise<Tenant> {
  const runId = randomBytes(4).toString('hex');
  let n = 0;
  const create = async (path: string, body: unknown) => {
    const req: Req = { method: 'POST', path, key: adminKey, body, idem: `soak-setup-${runId}-${n++}` };
    const out = await send(target, req, { write: true, deadlineMs: 60_000 });
    if (!out.ok) throw new Error(`setup ${path}: ${out.kind} ${JSON.stringify(out.res?.body)}`);
    return out.res?.body;
  };
  const org = await create('/admin/v1/organizations', { name: 'Soak' });
  const tenant: Tenant = { orgId: org.id, locationIds: [], orgKeys: [], adminKeys: [] };
  for (let i = 0; i < counts.locations; i++) {
    const loc = await create(`/admin/v1/organizations/${org.id}/locations`, { ...LOCATION, name: `Soak ${i + 1}` });
    tenant.locationIds.push(loc.id);
  }
  for (let i = 0; i < counts.orgKeys; i++) {
    const key = await create('/admin/v1/api_keys', { organization_id: org.id, permissions: ['*'], name: `soak ${i}` });
    tenant.orgKeys.push(key.secret);
  }
  for (let i = 0; i < counts.adminKeys; i++) {
    const key = await create('/admin/v1/api_keys', { type: 'admin', name: `soak admin ${i}` });
    tenant.adminKeys.push(key.secret);
  }
  return tenant;
}
