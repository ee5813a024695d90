import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';

export const settingsRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async () => {};
