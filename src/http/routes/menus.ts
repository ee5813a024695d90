import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, surfaceOperationId } from '../../contracts/rest/common.js';
import { IdParam } from '../../contracts/rest/ids.js';
import { AvailabilityUpdate, Menu, MenuAvailability, MenuPut } from '../../contracts/rest/menus.js';
import type { Db } from '../../db/client.js';
import { getMenu, type MenuInput, replaceMenu } from '../../domain/menus/store.js';
import { getAvailability, setAvailability } from '../../domain/menus/switches.js';

const tags = ['Menus'];
const params = IdParam('location_id');
const read = { permission: 'menu.read' };
const write = { permission: 'menu.write' };
const menu = { 200: Type.Ref(Menu), ...errorResponses };
const availability = { 200: Type.Ref(MenuAvailability), ...errorResponses };

/** The same routes on both surfaces: admin keys need no permission, public keys the ones named here. */
export const menuRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const op = (name: string) => surfaceOperationId(app.prefix, name);
  app.get('/locations/:location_id/menu', {
    schema: {
      tags,
      operationId: op('getMenu'),
      summary: "Retrieve a location's menu",
      description: 'Each product, bundle and option carries whether it can be ordered now.',
      params,
      response: menu,
    },
    config: read,
    handler: async (req) => getMenu(db, req.params.location_id),
  });

  app.put('/locations/:location_id/menu', {
    schema: {
      tags,
      operationId: op('replaceMenu'),
      summary: "Replace a location's menu",
      description:
        'Replaces the whole document (an omitted list is empty) and adds 1 to version. Availability switches of items that stay on the menu are kept.',
      params,
      body: MenuPut,
      response: menu,
    },
    config: write,
    handler: async (req) =>
      db.transaction((tx) => replaceMenu(tx, req.params.location_id, req.body as unknown as MenuInput)),
  });

  app.get('/locations/:location_id/menu/availability', {
    schema: {
      tags,
      operationId: op('getMenuAvailability'),
      summary: 'List the menu items switched off now',
      params,
      response: availability,
    },
    config: read,
    handler: async (req) => getAvailability(db, req.params.location_id),
  });

  app.patch('/locations/:location_id/menu/availability', {
    schema: {
      tags,
      operationId: op('updateMenuAvailability'),
      summary: 'Switch menu items off (now, or until a time) and on again',
      description:
        'Products, bundles and modifier options, by id, many in one call. Sets a state, so repeating a call is harmless; no Idempotency-Key.',
      params,
      body: AvailabilityUpdate,
      response: availability,
    },
    config: write,
    handler: async (req) => db.transaction((tx) => setAvailability(tx, req.params.location_id, req.body.items)),
  });
};
