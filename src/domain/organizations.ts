import type { Queryable } from '../db/client.js';
import { newId } from '../lib/ids.js';
import { notFound } from './errors.js';
import { type Location, type LocationRow, toLocation } from './locations.js';
import { listPage, type PageParams } from './pagination.js';

interface OrganizationRow {
  id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
}

export interface Organization {
  id: string;
  object: 'organization';
  name: string;
  location_ids: (string | Location)[];
  active_location_ids: string[];
  created_at: string;
  updated_at: string;
}

/** Renders organizations with their location ids (or locations, when expanded) in one query. */
async function render(db: Queryable, rows: OrganizationRow[], expandLocations: boolean): Promise<Organization[]> {
  if (rows.length === 0) return [];
  const locations = await db.query<LocationRow>(
    'SELECT * FROM locations WHERE organization_id = ANY($1) ORDER BY created_at, id',
    [rows.map((r) => r.id)],
  );
  return rows.map((r) => {
    const own = locations.filter((l) => l.organization_id === r.id);
    return {
      id: r.id,
      object: 'organization',
      name: r.name,
      location_ids: own.map((l) => (expandLocations ? toLocation(l) : l.id)),
      active_location_ids: own.filter((l) => l.active).map((l) => l.id),
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    };
  });
}

export async function createOrganization(db: Queryable, input: { name: string }): Promise<Organization> {
  const now = Date.now();
  const rows = await db.query<OrganizationRow>(
    'INSERT INTO organizations (id, name, created_at, updated_at) VALUES ($1, $2, $3, $3) RETURNING *',
    [newId('organization', now), input.name, new Date(now)],
  );
  return (await render(db, rows, false))[0];
}

export async function getOrganization(db: Queryable, id: string, expand = false): Promise<Organization> {
  const rows = await db.query<OrganizationRow>('SELECT * FROM organizations WHERE id = $1', [id]);
  if (rows.length === 0) throw notFound('organization', id);
  return (await render(db, rows, expand))[0];
}

export async function updateOrganization(
  db: Queryable,
  id: string,
  input: { name?: string },
  expand = false,
): Promise<Organization> {
  if (input.name !== undefined) {
    await db.query('UPDATE organizations SET name = $2, updated_at = now() WHERE id = $1', [id, input.name]);
  }
  return getOrganization(db, id, expand);
}

export async function listOrganizations(
  db: Queryable,
  scope: { organizationId?: string | null },
  page: PageParams,
  expand = false,
) {
  // A location key sees no organization: its scope is the empty set, with the same rules for cursors.
  const where = scope.organizationId === null ? ['false'] : scope.organizationId !== undefined ? ['id = $1'] : [];
  const params = scope.organizationId ? [scope.organizationId] : [];
  const result = await listPage<OrganizationRow>(db, { table: 'organizations', where, params }, page);
  return { has_more: result.has_more, data: await render(db, result.data, expand) };
}

export async function assertOrganizationExists(db: Queryable, id: string): Promise<void> {
  const rows = await db.query('SELECT 1 FROM organizations WHERE id = $1', [id]);
  if (rows.length === 0) throw notFound('organization', id);
}
