/**
 * Console sessions (docs/console.md): a login by email and password opens one; its cookie carries a random
 * token of which only the SHA-256 is stored. Sessions end when idle for SESSION_IDLE_MS, at SESSION_MAX_MS
 * whatever happens, at logout, and all at once for a user who logs out everywhere, gets a new password or is
 * disabled. Five failed logins in a row lock a user for LOCK_MS; an unknown email costs the same time as a
 * wrong password and gets the same answer, so a login says nothing about who has an account.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client.js';
import { newId } from '../../lib/ids.js';
import { ApiError } from '../errors.js';
import { decoyHash, verifyPassword } from './passwords.js';
import { normalEmail, toUser, type User, type UserRow } from './users.js';

export const SESSION_IDLE_MS = 12 * 3600_000;
export const SESSION_MAX_MS = 7 * 24 * 3600_000;
export const FAILURES_BEFORE_LOCK = 5;
export const LOCK_MS = 15 * 60_000;
/** last_seen_at is written at most this often: a page polling every second costs no write per request. */
const TOUCH_MS = 60_000;

export interface Session {
  id: string;
  user: User;
  csrfToken: string;
  expiresAt: Date;
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const token = () => randomBytes(32).toString('base64url');

export const loginFailed = () =>
  new ApiError(
    'authentication_error',
    'login_failed',
    'The email or password is wrong, or the account is disabled or locked for a while after repeated failures.',
  );

/** A wrong password counts towards the lock, whether at login or when changing one's own password. */
export async function recordFailure(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `UPDATE staff_users SET failed_logins = failed_logins + 1,
       locked_until = CASE WHEN failed_logins + 1 >= $2 THEN now() + $3 * interval '1 millisecond' ELSE locked_until END
     WHERE id = $1`,
    [userId, FAILURES_BEFORE_LOCK, LOCK_MS],
  );
}

/** Checks the password and opens a session; the cookie's token is returned here only. */
export async function login(
  db: Queryable,
  email: string,
  password: string,
): Promise<{ token: string; session: Session }> {
  const [row] = await db.query<UserRow>('SELECT * FROM staff_users WHERE email = $1', [normalEmail(email)]);
  if (!row) {
    await verifyPassword(password, await decoyHash());
    throw loginFailed();
  }
  const locked = row.locked_until !== null && row.locked_until.getTime() > Date.now();
  // The hash is checked even when the answer is already no: a locked or disabled account answers as slowly.
  const ok = await verifyPassword(password, row.password_hash);
  if (locked || row.disabled_at !== null) throw loginFailed();
  if (!ok) {
    await recordFailure(db, row.id);
    throw loginFailed();
  }
  const [user] = await db.query<UserRow>(
    `UPDATE staff_users SET failed_logins = 0, locked_until = NULL, last_login_at = now() WHERE id = $1 RETURNING *`,
    [row.id],
  );
  const secret = token();
  const now = new Date();
  const [s] = await db.query<{ id: string; csrf_token: string; expires_at: Date }>(
    `INSERT INTO console_sessions (id, token_hash, user_id, csrf_token, created_at, last_seen_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $5, $6) RETURNING id, csrf_token, expires_at`,
    [
      newId('console_session', now.getTime()),
      sha256(secret),
      row.id,
      token(),
      now,
      new Date(now.getTime() + SESSION_MAX_MS),
    ],
  );
  return { token: secret, session: { id: s.id, user: toUser(user), csrfToken: s.csrf_token, expiresAt: s.expires_at } };
}

/** The live session a cookie's token names, or null (unknown, ended, idle too long, user disabled). */
export async function sessionOf(db: Queryable, cookieToken: string): Promise<Session | null> {
  if (cookieToken.length < 20 || cookieToken.length > 100) return null;
  const [row] = await db.query<
    UserRow & { session_id: string; csrf_token: string; expires_at: Date; last_seen_at: Date }
  >(
    `SELECT u.*, s.id AS session_id, s.csrf_token, s.expires_at, s.last_seen_at FROM console_sessions s
     JOIN staff_users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
       AND s.last_seen_at > now() - $2 * interval '1 millisecond' AND u.disabled_at IS NULL`,
    [sha256(cookieToken), SESSION_IDLE_MS],
  );
  if (!row) return null;
  if (Date.now() - row.last_seen_at.getTime() > TOUCH_MS) {
    await db.query('UPDATE console_sessions SET last_seen_at = now() WHERE id = $1', [row.session_id]);
  }
  return { id: row.session_id, user: toUser(row), csrfToken: row.csrf_token, expiresAt: row.expires_at };
}

export async function logout(db: Queryable, sessionId: string): Promise<void> {
  await db.query('UPDATE console_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

/** Every session of the user, this one included (a lost tablet, a shared password). */
export async function logoutEverywhere(db: Queryable, userId: string): Promise<number> {
  const rows = await db.query(
    'UPDATE console_sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING id',
    [userId],
  );
  return rows.length;
}
