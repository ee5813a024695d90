/**
 * What every console user may do to their own account, whatever their role (docs/console.md, Your
 * password): change the password with the current one. Beside /console/logout, not under /console/api,
 * whose routes each name an ability; inside the sign-in plugin, so the session and CSRF checks apply.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/client.js';
import { changeOwnPassword } from '../../domain/users/own-password.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../domain/users/passwords.js';
import type { Session } from '../../domain/users/sessions.js';

const PasswordChange = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: 1000 }),
    // The same limits as everywhere a password is set.
    password: Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
  },
  { additionalProperties: false },
);

export const consoleAccountRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post('/password', {
    schema: { hide: true, body: PasswordChange },
    config: { console: 'session' },
    handler: async (req) => {
      const session = req.consoleSession as Session;
      const user = await changeOwnPassword(db, session, req.body.current_password, req.body.password);
      req.log.info({ user_id: user.id }, 'console: own password changed');
      return user;
    },
  });
};
