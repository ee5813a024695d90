import type { Queryable } from '../db/client.js';
import { permissionDenied } from './errors.js';

/** The authenticated API key a request acts as. */
export interface Principal {
  keyId: string;
  type: 'public' | 'admin';
  organizationId: string | null;
  locationId: string | null;
  permissions: string[];
}

export function assertPermission(p: Principal, permission: string): void {
  if (p.type === 'admin' || p.permissions.includes('*') || p.permissions.includes(permission)) return;
  throw permissionDenied(`This API key lacks the permission '${permission}'.`);
}

/** A public key reaches its organization; a location key never reaches an organization route. */
export function assertOrganizationScope(p: Principal, organizationId: string): void {
  if (p.type === 'admin') return;
  if (p.organizationId === null || p.organizationId !== organizationId) {
    throw permissionDenied(`This API key cannot access organization '${organizationId}'.`);
  }
}

/** A location key reaches its location; an organization key reaches the organization's locations. */
export async function assertLocationScope(db: Queryable, p: Principal, locationId: string): Promise<void> {
  if (p.type === 'admin') return;
  if (p.locationId !== null) {
    if (p.locationId === locationId) return;
  } else if (p.organizationId !== null) {
    const rows = await db.query('SELECT 1 FROM locations WHERE id = $1 AND organization_id = $2', [
      locationId,
      p.organizationId,
    ]);
    if (rows.length > 0) return;
  }
  throw permissionDenied(`This API key cannot access location '${locationId}'.`);
}
