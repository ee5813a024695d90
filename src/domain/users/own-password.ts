/**
 * A user changes their own password in the console (docs/console.md, Your password): the current one first,
 * so that a session left open on a shared tablet cannot take the account over. A wrong current password
 * counts towards the same lock as a failed login (five in a row, 15 minutes), so a stolen session cannot
 * guess at scrypt speed for ever; while locked, the change is refused too. On success every other session of
 * the user ends (./users.ts, `keepSession`), this one stays.
 */
import type { Db } from '../../db/client.js';
import { invalidParam } from '../errors.js';
import { verifyPassword } from './passwords.js';
import { recordFailure, type Session } from './sessions.js';
import { getUserRow, type User, updateUser } from './users.js';

const wrongPassword = () =>
  invalidParam(
    'current_password',
    'The current password is wrong, or the account is locked for a while after repeated failures.',
  );

export async function changeOwnPassword(db: Db, session: Session, current: string, next: string): Promise<User> {
  const row = await getUserRow(db, session.user.id);
  // The hash is checked even when locked: the answer takes as long either way.
  const ok = await verifyPassword(current, row.password_hash);
  const locked = row.locked_until !== null && row.locked_until.getTime() > Date.now();
  if (locked) throw wrongPassword();
  if (!ok) {
    // Outside any transaction: the failure must count although the request fails.
    await recordFailure(db, row.id);
    throw wrongPassword();
  }
  return db.transaction((tx) => updateUser(tx, row.id, { password: next }, session.id));
}
