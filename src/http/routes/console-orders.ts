/**
 * The console's live orders (docs/console.md): the board of the user's locations, a status change by a
 * person, and a server-sent event stream that tells the page when to read the board again. Every route
 * needs a console session (src/http/routes/console-auth.ts), changes its CSRF token.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/client.js';
import { changeStatus } from '../../domain/orders/lifecycle.js';
import { ORDER_STATUSES } from '../../domain/orders/status.js';
import { boardVersion, locationsOf, orderLocation, recentOrders } from '../../domain/users/reach.js';
import type { Session } from '../../domain/users/sessions.js';

/** How often a stream looks at the board; a new order shows within this (and one round trip). */
const STREAM_POLL_MS = 1_000;
/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

const hide = true;
const config = { console: 'session' as const, ability: 'orders' as const };

export const consoleOrderRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  // Open streams end when the server closes (SIGTERM): a stream never holds a shutdown.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });
  app.get('/api/orders', {
    schema: { hide },
    config,
    handler: async (req) => ({ object: 'list', data: await recentOrders(db, (req.consoleSession as Session).user) }),
  });

  app.post('/api/orders/:order_id/status', {
    schema: {
      hide,
      params: Type.Object({ order_id: Type.String({ maxLength: 64 }) }),
      body: Type.Object(
        {
          status: Type.Union(ORDER_STATUSES.map((s) => Type.Literal(s))),
          status_version: Type.Optional(Type.Integer({ minimum: 0 })),
          reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
        },
        { additionalProperties: false },
      ),
    },
    config,
    handler: async (req) => {
      const user = (req.consoleSession as Session).user;
      const locationId = await orderLocation(db, user, req.params.order_id);
      req.log.info(
        { user_id: user.id, order_id: req.params.order_id, status: req.body.status },
        'console status change',
      );
      return db.transaction((tx) => changeStatus(tx, locationId, req.params.order_id, req.body, 'staff'));
    },
  });

  app.get('/api/stream', {
    schema: { hide },
    config,
    handler: async (req, reply) => {
      const locations = await locationsOf(db, (req.consoleSession as Session).user);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-request-id': req.id,
      });
      let last = '';
      let busy = false;
      const look = async () => {
        if (busy) return;
        busy = true;
        try {
          const version = await boardVersion(db, locations);
          if (version !== last) {
            last = version;
            res.write(`event: orders\ndata: ${JSON.stringify(version)}\n\n`);
          }
        } catch (err) {
          req.log.warn({ err }, 'console stream: board not read');
        } finally {
          busy = false;
        }
      };
      await look();
      const poll = setInterval(look, STREAM_POLL_MS);
      const beat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const stop = () => {
        clearInterval(poll);
        clearInterval(beat);
        open.delete(end);
      };
      const end = () => {
        stop();
        res.end();
      };
      open.add(end);
      req.raw.on('close', stop);
    },
  });
};
