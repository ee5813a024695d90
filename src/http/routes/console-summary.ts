/**
 * The console's day summary (docs/console.md): today so far at each of the user's locations, from the
 * analytics and the financial records. Managers and owners (ability `summary`): money is theirs to see.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';
import type { Session } from '../../domain/users/sessions.js';
import { daySummary } from '../../domain/users/summary.js';

export const consoleSummaryRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/api/summary', {
    schema: { hide: true },
    config: { console: 'session', ability: 'summary' },
    handler: async (req) => ({ object: 'list', data: await daySummary(db, (req.consoleSession as Session).user) }),
  });
};
