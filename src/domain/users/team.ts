/**
 * An owner's team in the console (docs/console.md, Users): the users of their location, or of their
 * organization and every location of it. Creating, disabling, a new role and a new password go through ./users.ts, the same functions
 * as the admin surface, so the rules (one login per email, scrypt, sessions ended) cannot drift apart.
 */
import type { Queryable } from '../../db/client.js';
import { conflict, invalidParam, notFound } from '../errors.js';
import { listPage, type PageParams } from '../pagination.js';
import { locationsOf } from './reach.js';
import { createUser, type Role, toUser, type User, type UserRow, updateUser } from './users.js';

const IN_TEAM = '(location_id = ANY($1::text[]) OR ($2::text IS NOT NULL AND organization_id = $2))';

/**
 * A page of the owner's team, oldest first, keyset-paginated as every list of the API (../pagination.ts:
 * `limit`, `starting_after`, `ending_before`; a cursor outside the team is `400`), and the locations a new
 * user may go to.
 */
export async function teamOf(db: Queryable, owner: User, page: PageParams) {
  const locations = await locationsOf(db, owner);
  const result = await listPage<UserRow>(
    db,
    { table: 'staff_users', where: [IN_TEAM], params: [locations, owner.organization_id] },
    page,
  );
  const names = await db.query<{ id: string; name: string }>(
    'SELECT id, name FROM locations WHERE id = ANY($1::text[]) ORDER BY created_at, id',
    [locations],
  );
  return { users: result.data.map(toUser), has_more: result.has_more, locations: names };
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

/** Throws not found unless the user is of the owner's team. */
async function checkMember(tx: Queryable, owner: User, id: string): Promise<void> {
  const found = await tx.query(`SELECT 1 FROM staff_users WHERE id = $3 AND ${IN_TEAM}`, [
    await locationsOf(tx, owner),
    owner.organization_id,
    id,
  ]);
  if (found.length === 0) throw notFound('user', id);
}

/** Disable (every session ends at once) or enable again a user of the owner's team; never oneself. */
export async function setMemberDisabled(tx: Queryable, owner: User, id: string, disabled: boolean): Promise<User> {
  await checkMember(tx, owner, id);
  // An owner locking themselves out would leave the team with nobody to undo it but an admin.
  if (id === owner.id) throw conflict('You cannot disable your own account.', { user_id: id });
  return updateUser(tx, id, { disabled });
}

export interface MemberUpdate {
  role?: Role;
  password?: string;
}

/**
 * A new role or a new password for a user of the owner's team (the admin surface's updateUser: a new
 * password ends every session of that user and lifts a lock). Never oneself: an owner demoting themselves
 * could leave the team without an owner, as disabling could; their own password is changed with the
 * current one (./own-password.ts).
 */
export async function updateMember(tx: Queryable, owner: User, id: string, input: MemberUpdate): Promise<User> {
  await checkMember(tx, owner, id);
  if (id === owner.id) {
    throw conflict(
      'You cannot change your own role or reset your own password here; change your password with the current one.',
      {
        user_id: id,
      },
    );
  }
  return updateUser(tx, id, input);
}
