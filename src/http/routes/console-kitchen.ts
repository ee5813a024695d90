/**
 * The console's Kitchen tab (docs/console.md): taking orders or not, today's special closing, and dishes,
 * deals and options off (now, or until a time) and on. Each route calls the API's own domain verb, so
 * integrators get the same events and the chatbot the same state. Every route needs a console session and
 * its ability (src/domain/users/roles.ts); changes carry the CSRF token.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/client.js';
import { notFound } from '../../domain/errors.js';
import { setAvailability } from '../../domain/menus/switches.js';
import { writeSettings } from '../../domain/settings/store.js';
import { closeToday, endClosing } from '../../domain/users/closing.js';
import { kitchenOf } from '../../domain/users/kitchen.js';
import { locationsOf } from '../../domain/users/reach.js';
import type { Ability } from '../../domain/users/roles.js';
import type { Session } from '../../domain/users/sessions.js';
import { TIME_OF_DAY, untilInstant } from '../../domain/users/today.js';

const hide = true;
const config = (ability: Ability) => ({ console: 'session' as const, ability });
const LocParam = Type.Object({ location_id: Type.String({ maxLength: 64 }) });
/** An instant, or a time of day on the location's clock (the tablet's time field): its next occurrence. */
const Until = Type.Optional(
  Type.Union([Type.String({ format: 'date-time' }), Type.String({ pattern: TIME_OF_DAY }), Type.Null()]),
);

export const consoleKitchenRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const userOf = (req: { consoleSession: Session | null }) => (req.consoleSession as Session).user;
  /** A location outside the user's reach does not exist for them. */
  const ownLocation = async (req: { consoleSession: Session | null }, id: string) => {
    if (!(await locationsOf(db, userOf(req))).includes(id)) throw notFound('location', id);
  };

  app.get('/api/kitchen', {
    schema: { hide },
    config: config('kitchen.items'),
    handler: async (req) => ({ object: 'list', data: await kitchenOf(db, userOf(req)) }),
  });

  app.post('/api/kitchen/:location_id/accepting_orders', {
    schema: {
      hide,
      params: LocParam,
      body: Type.Object({ accepting_orders: Type.Boolean() }, { additionalProperties: false }),
    },
    config: config('kitchen.pause'),
    handler: async (req) => {
      await ownLocation(req, req.params.location_id);
      req.log.info({ location_id: req.params.location_id, ...req.body }, 'console: taking orders switched');
      await db.transaction((tx) => writeSettings(tx, req.params.location_id, 'order_settings', req.body, 'merge'));
      return { object: 'kitchen_switch', location_id: req.params.location_id, ...req.body };
    },
  });

  app.post('/api/kitchen/:location_id/items', {
    schema: {
      hide,
      params: LocParam,
      body: Type.Object(
        {
          id: Type.String({ minLength: 1, maxLength: 64 }),
          available: Type.Boolean(),
          until: Until,
        },
        { additionalProperties: false },
      ),
    },
    config: config('kitchen.items'),
    handler: async (req) => {
      const { location_id } = req.params;
      await ownLocation(req, location_id);
      const until = await untilInstant(db, location_id, req.body.until);
      return db.transaction((tx) => setAvailability(tx, location_id, [{ ...req.body, until }]));
    },
  });

  app.post('/api/kitchen/:location_id/closing', {
    schema: {
      hide,
      params: LocParam,
      body: Type.Object(
        {
          reason: Type.String({ minLength: 1, maxLength: 500 }),
          until: Until,
        },
        { additionalProperties: false },
      ),
    },
    config: config('kitchen.closing'),
    handler: async (req, reply) => {
      await ownLocation(req, req.params.location_id);
      req.log.info({ location_id: req.params.location_id, user_id: userOf(req).id }, 'console: closed for today');
      const until = await untilInstant(db, req.params.location_id, req.body.until);
      const closing = await db.transaction((tx) => closeToday(tx, req.params.location_id, { ...req.body, until }));
      return reply.code(201).send(closing);
    },
  });

  app.post('/api/kitchen/:location_id/closing/:special_closing_id/end', {
    schema: {
      hide,
      params: Type.Object({
        location_id: Type.String({ maxLength: 64 }),
        special_closing_id: Type.String({ maxLength: 64 }),
      }),
    },
    config: config('kitchen.closing'),
    handler: async (req) => {
      const { location_id, special_closing_id } = req.params;
      await ownLocation(req, location_id);
      req.log.info({ location_id, special_closing_id, user_id: userOf(req).id }, 'console: open again');
      return db.transaction((tx) => endClosing(tx, location_id, special_closing_id));
    },
  });
};
