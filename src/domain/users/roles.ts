/**
 * What each role may do in the console (docs/console.md, Roles), as data: a route names the ability it
 * needs and the console's session check refuses the others, so no page, button or hand-made request gets
 * past it. Where a user may act (their location, or their organization's) is ./reach.ts's business.
 */
import { ApiError } from '../errors.js';
import type { Role } from './users.js';

export const ABILITIES = [
  /** The live board: see orders, accept, reject, move them on. */
  'orders',
  /** The inbox: read, take over, reply, hand back. */
  'conversations',
  /** The Kitchen tab and a dish or option off and on: what the person at the pass reaches for. */
  'kitchen.items',
  /** Stop or resume taking orders for the whole location: a decision for whoever runs the shift. */
  'kitchen.pause',
  /** Today's special closing: the location shut for customers, told by the chatbot. */
  'kitchen.closing',
  /** The day's summary: orders, revenue, top products (money: not every employee's business). */
  'summary',
  /** Staff users: list, create, disable. */
  'users',
] as const;
export type Ability = (typeof ABILITIES)[number];

const EVERYONE: readonly Ability[] = ['orders', 'conversations', 'kitchen.items'];

export const ROLE_ABILITIES: Readonly<Record<Role, readonly Ability[]>> = {
  owner: ABILITIES,
  manager: [...EVERYONE, 'kitchen.pause', 'kitchen.closing', 'summary'],
  staff: EVERYONE,
};

export const may = (role: Role, ability: Ability) => ROLE_ABILITIES[role].includes(ability);

/** Throws 403 role_not_allowed unless the role has the ability. */
export function requireAbility(role: Role, ability: Ability): void {
  if (may(role, ability)) return;
  const roles = (Object.keys(ROLE_ABILITIES) as Role[]).filter((r) => may(r, ability));
  throw new ApiError('authorization_error', 'role_not_allowed', `A ${role} may not do this (${ability}).`, {
    details: { role, ability, allowed_roles: roles },
  });
}
