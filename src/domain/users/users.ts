/**
 * Staff users of the console (docs/console.md): people, not programs. Each belongs to an organization or
 * to one location, with a role that decides what they may do there (./roles.ts). Passwords are kept as
 * scrypt hashes (./passwords.ts) and never shown.
 */
import type { Queryable } from '../../db/client.js';
import { newId } from '../../lib/ids.js';
import { ApiError, invalidParam, notFound } from '../errors.js';
import { checkEmail } from '../locations.js';
import { listPage, type PageParams } from '../pagination.js';
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN } from './passwords.js';

export const ROLES = ['owner', 'manager', 'staff'] as const;
export type Role = (typeof ROLES)[number];

export interface UserRow {
  id: string;
  organization_id: string | null;
  location_id: string | null;
  email: string;
  name: string;
  role: Role;
  password_hash: string;
  disabled_at: Date | null;
  failed_logins: number;
  locked_until: Date | null;
  last_login_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export function toUser(r: UserRow) {
  return {
    id: r.id,
    object: 'user' as const,
    email: r.email,
    name: r.name,
    role: r.role,
    organization_id: r.organization_id,
    location_id: r.location_id,
    disabled: r.disabled_at !== null,
    disabled_at: r.disabled_at?.toISOString() ?? null,
    last_login_at: r.last_login_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}
export type User = ReturnType<typeof toUser>;

export interface UserCreate {
  email: string;
  name: string;
  role: Role;
  password: string;
  organization_id?: string;
  location_id?: string;
}

export interface UserUpdate {
  name?: string;
  role?: Role;
  password?: string;
  disabled?: boolean;
}

/** Emails compare without case: one person, one login. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

function checkPassword(password: string, param = 'password') {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw invalidParam(param, `A password has ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`);
  }
}

async function checkScope(db: Queryable, input: UserCreate) {
  if ((input.organization_id === undefined) === (input.location_id === undefined)) {
    throw new ApiError(
      'invalid_request_error',
      input.organization_id === undefined ? 'parameter_missing' : 'parameters_exclusive',
      'A user belongs to exactly one of organization_id or location_id.',
      {
        param: input.organization_id === undefined ? 'organization_id' : undefined,
        details: { parameters: ['organization_id', 'location_id'] },
      },
    );
  }
  const [table, param, id] =
    input.organization_id !== undefined
      ? ['organizations', 'organization_id', input.organization_id]
      : ['locations', 'location_id', input.location_id as string];
  const found = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
  if (found.length === 0) throw invalidParam(param, `No such ${param.replace('_id', '')}: '${id}'.`);
}

export async function createUser(db: Queryable, input: UserCreate): Promise<User> {
  checkEmail(input.email.trim());
  checkPassword(input.password);
  await checkScope(db, input);
  const now = new Date();
  const hash = await hashPassword(input.password);
  const rows = await db.query<UserRow>(
    `INSERT INTO staff_users (id, organization_id, location_id, email, name, role, password_hash, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT DO NOTHING RETURNING *`,
    [
      newId('user', now.getTime()),
      input.organization_id ?? null,
      input.location_id ?? null,
      normalEmail(input.email),
      input.name,
      input.role,
      hash,
      now,
    ],
  );
  if (rows.length === 0) {
    throw new ApiError('conflict_error', 'resource_conflict', 'A user with this email exists.', { param: 'email' });
  }
  return toUser(rows[0]);
}

export async function getUserRow(db: Queryable, id: string): Promise<UserRow> {
  const [row] = await db.query<UserRow>('SELECT * FROM staff_users WHERE id = $1', [id]);
  if (!row) throw notFound('user', id);
  return row;
}

export const getUser = async (db: Queryable, id: string) => toUser(await getUserRow(db, id));

export async function listUsers(db: Queryable, page: PageParams & { organization_id?: string; location_id?: string }) {
  const filters: Record<string, unknown> = {};
  if (page.organization_id) filters.organization_id = page.organization_id;
  if (page.location_id) filters.location_id = page.location_id;
  const result = await listPage<UserRow>(db, { table: 'staff_users', filters }, page);
  return { ...result, data: result.data.map(toUser) };
}

/**
 * Name, role, password, disabled. A new password or disabling ends every session of the user (the
 * caller's transaction): whoever had the old password, or the person let go, is logged out everywhere.
 * `keepSession`: the session of a user changing their own password stays (they just proved who they are);
 * every other one ends. Both surfaces and the console's own-password change come through here.
 */
export async function updateUser(tx: Queryable, id: string, input: UserUpdate, keepSession?: string): Promise<User> {
  const row = await getUserRow(tx, id);
  if (input.password !== undefined) checkPassword(input.password);
  const hash = input.password === undefined ? row.password_hash : await hashPassword(input.password);
  const disabledAt =
    input.disabled === undefined ? row.disabled_at : input.disabled ? (row.disabled_at ?? new Date()) : null;
  const [updated] = await tx.query<UserRow>(
    `UPDATE staff_users SET name = $2, role = $3, password_hash = $4, disabled_at = $5,
       failed_logins = CASE WHEN $6 THEN 0 ELSE failed_logins END,
       locked_until = CASE WHEN $6 THEN NULL ELSE locked_until END, updated_at = now()
     WHERE id = $1 RETURNING *`,
    // A new password, or re-enabling, also lifts a lock after failed logins.
    [
      id,
      input.name ?? row.name,
      input.role ?? row.role,
      hash,
      disabledAt,
      input.password !== undefined || input.disabled === false,
    ],
  );
  if (input.password !== undefined || input.disabled === true) {
    await tx.query(
      `UPDATE console_sessions SET revoked_at = now()
       WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2`,
      [id, input.disabled === true ? null : (keepSession ?? null)],
    );
  }
  return toUser(updated);
}
