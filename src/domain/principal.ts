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

export const hasPermission = (p: Principal, permission: string) =>
  p.type === 'admin' || p.permissions.includes('*') || p.permissions.includes(permission);

export function assertPermission(p: Principal, permission: string, why = ''): void {
  if (hasPermission(p, permission)) return;
  throw permissionDenied(`This API key lacks the permission '${permission}'${why}.`);
}

/**
 * A write answers the written object (as a read would), so it needs the resource's read permission too:
 * otherwise `X.write` alone would read what `X.read` guards, e.g. a customer's phone and notes through
 * `PATCH` with `{}` (issue 19). Checked with the write permission, before anything is written.
 * A route whose answer shows nothing of the resource (a delete's `{id, object, deleted}`) opts out.
 */
export function assertWritePermissions(p: Principal, permission: string, answersResource = true): void {
  assertPermission(p, permission);
  if (!answersResource || !permission.endsWith('.write')) return;
  const read = permission.replace(/\.write$/, '.read');
  assertPermission(p, read, ': a write answers the written object, so it needs the read permission too');
}

/** A public key reaches its organization; a location key never reaches an organization route. */
export function assertOrganizationScope(p: Principal, organizationId: string): void {
  if (p.type === 'admin') return;
  if (p.organizationId === null || p.organizationId !== organizationId) {
    throw permissionDenied(`This API key cannot access organization '${organizationId}'.`);
  }
}

/** A location key reaches its location; an organization key reaches the organization's locations. */
export async function assertLocationScope(
  db: Queryable,
  p: Principal,
  locationId: string,
  organizationOf: (db: Queryable, locationId: string) => Promise<string | null | undefined> = lookupOrganization,
): Promise<void> {
  if (p.type === 'admin') return;
  if (p.locationId !== null) {
    if (p.locationId === locationId) return;
  } else if (p.organizationId !== null) {
    if ((await organizationOf(db, locationId)) === p.organizationId) return;
  }
  throw permissionDenied(`This API key cannot access location '${locationId}'.`);
}

async function lookupOrganization(db: Queryable, locationId: string) {
  const [row] = await db.query<{ organization_id: string | null }>(
    'SELECT organization_id FROM locations WHERE id = $1',
    [locationId],
  );
  return row?.organization_id;
}
