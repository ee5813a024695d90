/** Who owns a new webhook endpoint: a public key's organization or location, or the one an admin names. */
import type { Queryable } from '../../db/client.js';
import { ApiError, invalidParam } from '../errors.js';
import type { Principal } from '../principal.js';

export interface Owner {
  organizationId: string | null;
  locationId: string | null;
}

/** The owner of an endpoint a public key creates: its organization, or its location. */
export async function ownerOfKey(db: Queryable, p: Principal): Promise<Owner> {
  if (p.locationId === null) return { organizationId: p.organizationId, locationId: null };
  const [loc] = await db.query<{ organization_id: string | null }>(
    'SELECT organization_id FROM locations WHERE id = $1',
    [p.locationId],
  );
  return { organizationId: loc?.organization_id ?? null, locationId: p.locationId };
}

/** The owner an admin names in the body: one organization or one location, which must exist. */
export async function ownerNamed(
  db: Queryable,
  body: { organization_id?: string; location_id?: string },
): Promise<Owner> {
  if ((body.organization_id === undefined) === (body.location_id === undefined)) {
    throw new ApiError(
      'invalid_request_error',
      body.organization_id === undefined ? 'parameter_missing' : 'parameters_exclusive',
      'Name the endpoint owner: organization_id or location_id, exactly one.',
      { param: 'organization_id', details: { parameters: ['organization_id', 'location_id'] } },
    );
  }
  if (body.location_id !== undefined) {
    const [loc] = await db.query<{ organization_id: string | null }>(
      'SELECT organization_id FROM locations WHERE id = $1',
      [body.location_id],
    );
    if (!loc) throw invalidParam('location_id', `No location '${body.location_id}'.`);
    return { organizationId: loc.organization_id, locationId: body.location_id };
  }
  const found = await db.query('SELECT 1 FROM organizations WHERE id = $1', [body.organization_id]);
  if (found.length === 0) throw invalidParam('organization_id', `No organization '${body.organization_id}'.`);
  return { organizationId: body.organization_id ?? null, locationId: null };
}
