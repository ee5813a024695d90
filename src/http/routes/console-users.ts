/**
 * An owner's users in the console (docs/console.md, Users): list (a keyset page), create, disable and enable
 * again, change the role or set a new password, within the owner's organization or location. Only owners (ability `users`); changes carry the CSRF token. No
 * Idempotency-Key: a second create with the same email is 409, which is what a retried click needs.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { PageQuery } from '../../contracts/rest/common.js';
import { UserCreate, UserUpdate } from '../../contracts/rest/users.js';
import type { Db } from '../../db/client.js';
import type { Session } from '../../domain/users/sessions.js';
import { addMember, setMemberDisabled, teamOf, updateMember } from '../../domain/users/team.js';

const hide = true;
const config = { console: 'session' as const, ability: 'users' as const };
// The admin surface's fields and limits, but where: one of the owner's locations, or the owner's own scope.
const { organization_id: _org, location_id: _loc, ...fields } = UserCreate.properties;
const MemberCreate = Type.Object(
  { ...fields, location_id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])) },
  { additionalProperties: false },
);
// The admin surface's PATCH, less what the console changes elsewhere (disabled: its own route; the name).
const MemberUpdate = Type.Object(
  { role: UserUpdate.properties.role, password: UserUpdate.properties.password },
  { additionalProperties: false, minProperties: 1 },
);
const TeamQuery = Type.Object(
  { limit: PageQuery.limit, starting_after: PageQuery.starting_after, ending_before: PageQuery.ending_before },
  { additionalProperties: false },
);
const params = Type.Object({ user_id: Type.String({ maxLength: 64 }) });

export const consoleUserRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const userOf = (req: { consoleSession: Session | null }) => (req.consoleSession as Session).user;

  app.get('/api/users', {
    schema: { hide, querystring: TeamQuery },
    config,
    handler: async (req) => {
      const team = await teamOf(db, userOf(req), req.query);
      return { object: 'list', data: team.users, has_more: team.has_more, locations: team.locations };
    },
  });

  app.post('/api/users', {
    schema: {
      hide,
      body: MemberCreate,
    },
    config,
    handler: async (req, reply) => {
      const owner = userOf(req);
      const user = await db.transaction((tx) => addMember(tx, owner, req.body));
      req.log.info({ user_id: owner.id, created: user.id, role: user.role }, 'console: user created');
      return reply.code(201).send(user);
    },
  });

  app.post('/api/users/:user_id/disabled', {
    schema: {
      hide,
      params,
      body: Type.Object({ disabled: Type.Boolean() }, { additionalProperties: false }),
    },
    config,
    handler: async (req) => {
      const owner = userOf(req);
      const { user_id } = req.params;
      req.log.info({ user_id: owner.id, target: user_id, disabled: req.body.disabled }, 'console: user disabled');
      return db.transaction((tx) => setMemberDisabled(tx, owner, user_id, req.body.disabled));
    },
  });

  app.patch('/api/users/:user_id', {
    schema: { hide, params, body: MemberUpdate },
    config,
    handler: async (req) => {
      const owner = userOf(req);
      const { user_id } = req.params;
      // Whether a password was set, never the password.
      const changed = { role: req.body.role, password: req.body.password !== undefined };
      req.log.info({ user_id: owner.id, target: user_id, ...changed }, 'console: user changed');
      return db.transaction((tx) => updateMember(tx, owner, user_id, req.body));
    },
  });
};
