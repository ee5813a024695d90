import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, ListOf } from '../../contracts/rest/common.js';
import { IdParam } from '../../contracts/rest/ids.js';
import { UserCreate, UserListQuery, UserUpdate } from '../../contracts/rest/users.js';
import type { Db } from '../../db/client.js';
import * as users from '../../domain/users/users.js';
import { sendCreated } from '../plugins/idempotency.js';
import { listEnvelope } from '../reply.js';

const tags = ['Staff users'];
const params = IdParam('user_id');
const one = { 200: Type.Ref('User'), ...errorResponses };

/** Staff users of the console, on the admin surface (docs/console.md). */
export const userRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post('/users', {
    schema: {
      tags,
      operationId: 'createUser',
      summary: 'Create a staff user of the console',
      description:
        'The user logs in at /console with this email and password. They belong to exactly one of an organization or a location. The password is kept as a scrypt hash only; the answer never carries it.',
      body: UserCreate,
      response: { 201: Type.Ref('User'), ...errorResponses },
    },
    config: { idempotent: true },
    // The replay record is the answer, which has no password: nothing secret is kept for a replay.
    handler: (req, reply) => sendCreated(db, req, reply, (tx) => users.createUser(tx, req.body)),
  });

  app.get('/users', {
    schema: {
      tags,
      operationId: 'listUsers',
      summary: 'List staff users, oldest first; filter by organization_id or location_id',
      querystring: UserListQuery,
      response: { 200: ListOf(Type.Ref('User')), ...errorResponses },
    },
    handler: async (req) => listEnvelope(req, await users.listUsers(db, req.query)),
  });

  app.get('/users/:user_id', {
    schema: { tags, operationId: 'getUser', summary: 'Retrieve a staff user', params, response: one },
    handler: async (req) => users.getUser(db, req.params.user_id),
  });

  app.patch('/users/:user_id', {
    schema: {
      tags,
      operationId: 'updateUser',
      summary: 'Update a staff user: name, role, password, disabled',
      description:
        'A new password or `disabled: true` ends every console session of the user at once. `disabled: false` lets them log in again (and lifts a lock after failed logins).',
      params,
      body: UserUpdate,
      response: one,
    },
    handler: async (req) => db.transaction((tx) => users.updateUser(tx, req.params.user_id, req.body)),
  });
};
