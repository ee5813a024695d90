/**
 * An owner's team in the console (docs/console.md, Users): the users of their location, or of their
 * organization and every location of it. Creating and disabling go through ./users.ts, the same functions
 * as the admin surface, so the rules (one login per email, scrypt, sessions ended) cannot drift apart.
 */
import type { Queryable } from '../../db/client.js';
import { conflict, invalidParam, notFound } from '../errors.js';
import { locationsOf } from './reach.js';
import { createUser, type Role, toUser, type User, type UserRow, updateUser } from './users.js';

const IN_TEAM = '(location_id = ANY($1::text[]) OR ($2::text IS NOT NULL AND organization_id = $2))';

/** A team is a restaurant's staff, not a directory: the first 500 are plenty and keep the page one read. */
export async function teamOf(db: Queryable, owner: User) {
  const locations = await locationsOf(db, owner);
  const rows = await db.query<UserRow>(`SELECT * FROM staff_users WHERE ${IN_TEAM} ORDER BY created_at, id LIMIT 500`, [
    locations,
    owner.organization_id,
  ]);
  const names = await db.query<{ id: string; name: string }>(
    'SELECT id, name FROM locations WHERE id = ANY($1::text[]) ORDER BY created_at, id',
    [locations],
  );
  return { users: rows.map(toUser), locations: names };
}

export interface MemberInput {
  email: string;
  name: string;
  role: Role;
  password: string;
  /** One of the owner's locations; without it, the owner's own scope (their organization or location). */
  location_id?: string | null;
}

export async function addMember(db: Queryable, owner: User, input: MemberInput): Promise<User> {
  const { location_id, ...rest } = input;
  if (location_id) {
    // Outside the owner's reach reads as not existing, as on the admin surface for an unknown one.
    if (!(await locationsOf(db, owner)).includes(location_id)) {
      throw invalidParam('location_id', `No such location: '${location_id}'.`);
    }
    return createUser(db, { ...rest, location_id });
  }
  return owner.location_id
    ? createUser(db, { ...rest, location_id: owner.location_id })
    : createUser(db, { ...rest, organization_id: owner.organization_id as string });
}

/** Disable (every session ends at once) or enable again a user of the owner's team; never oneself. */
export async function setMemberDisabled(tx: Queryable, owner: User, id: string, disabled: boolean): Promise<User> {
  const found = await tx.query(`SELECT 1 FROM staff_users WHERE id = $3 AND ${IN_TEAM}`, [
    await locationsOf(tx, owner),
    owner.organization_id,
    id,
  ]);
  if (found.length === 0) throw notFound('user', id);
  // An owner locking themselves out would leave the team with nobody to undo it but an admin.
  if (id === owner.id) throw conflict('You cannot disable your own account.', { user_id: id });
  return updateUser(tx, id, { disabled });
}
