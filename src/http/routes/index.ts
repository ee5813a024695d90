import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { adminOrderRoutes } from './admin-orders.js';
import { apiKeyRoutes } from './api-keys.js';
import { channelAccountRoutes } from './channel-accounts.js';
import { conversationRoutes } from './conversations.js';
import { customerRoutes } from './customers.js';
import { insightRoutes } from './insights.js';
import { adminLocationRoutes, publicLocationRoutes } from './locations.js';
import { menuRoutes } from './menus.js';
import { orderQuoteRoutes } from './order-quotes.js';
import { publicOrderRoutes } from './orders.js';
import { adminOrganizationRoutes, publicOrganizationRoutes } from './organizations.js';
import { settingsRoutes } from './settings.js';
import { specialClosingRoutes } from './special-closings.js';
import { userRoutes } from './users.js';
import { webhookRoutes } from './webhook-deliveries.js';

export const publicRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const opts = { db };
  await app.register(publicOrganizationRoutes, opts);
  await app.register(publicLocationRoutes, opts);
  await app.register(specialClosingRoutes, opts);
  await app.register(settingsRoutes, opts);
  await app.register(publicOrderRoutes, opts);
  await app.register(insightRoutes, opts);
  await app.register(menuRoutes, opts);
  await app.register(orderQuoteRoutes, opts);
  await app.register(customerRoutes('public'), opts);
  await app.register(conversationRoutes('public'), opts);
};

export const adminRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const opts = { db };
  await app.register(adminOrganizationRoutes, opts);
  await app.register(adminLocationRoutes, opts);
  await app.register(apiKeyRoutes, opts);
  await app.register(adminOrderRoutes, opts);
  await app.register(menuRoutes, opts);
  await app.register(orderQuoteRoutes, opts);
  await app.register(channelAccountRoutes, opts);
  await app.register(customerRoutes('admin'), opts);
  await app.register(conversationRoutes('admin'), opts);
  await app.register(webhookRoutes, opts);
  await app.register(userRoutes, opts);
};
