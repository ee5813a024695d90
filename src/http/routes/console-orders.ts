/**
 * The console's live orders (docs/console.md): the board of the user's locations, a status change by a
 * person, and a server-sent event stream that tells the page when to read the board again. Every route
 * needs a console session (src/http/routes/console-auth.ts), changes its CSRF token.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/client.js';
import { EVENTS_RECORDED_CHANNEL } from '../../db/notify-channels.js';
import { transactionRetrying } from '../../db/retry.js';
import { changeStatus } from '../../domain/orders/lifecycle.js';
import { ORDER_STATUSES } from '../../domain/orders/status.js';
import { boardVersion, locationsOf, orderLocation, recentOrders } from '../../domain/users/reach.js';
import type { Session } from '../../domain/users/sessions.js';

/**
 * A stream looks at the board when an event of one of its locations is recorded (every order change
 * records one, in its transaction: the NOTIFY comes with the commit, from any server process), and
 * this often besides, should a notice be lost (a listening connection that reconnected).
 */
export const STREAM_POLL_MS = 5_000;
/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

const hide = true;
const config = { console: 'session' as const, ability: 'orders' as const };

export const consoleOrderRoutes: FastifyPluginAsyncTypebox<{ db: Db; pollMs?: number }> = async (
  app,
  { db, pollMs = STREAM_POLL_MS },
) => {
  // Open streams end when the server closes (SIGTERM): a stream never holds a shutdown.
  const open = new Set<() => void>();
  // Open streams by location, each woken by its locations' events.
  const watching = new Map<string, Set<() => void>>();
  let unlisten: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unlisten = await db.listen(EVENTS_RECORDED_CHANNEL, (notice) => {
      // null: the listening connection came back and notices may be lost; every stream looks.
      const woken = notice === null ? [...watching.values()] : [watching.get(notice.payload) ?? new Set()];
      for (const set of woken) for (const look of set) look();
    });
  });
  app.addHook('preClose', async () => {
    for (const end of open) end();
    await unlisten?.().catch(() => {});
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
      return transactionRetrying(db, (tx) => changeStatus(tx, locationId, req.params.order_id, req.body, 'staff'));
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
      let again = false;
      let closed = false;
      const look = async (): Promise<void> => {
        // A wake-up during a look is not lost: that look's read may have come before the change's commit.
        if (busy) {
          again = true;
          return;
        }
        busy = true;
        again = false;
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
        if (again && !closed) return look();
      };
      const wake = () => void look();
      for (const id of locations) watching.set(id, (watching.get(id) ?? new Set()).add(wake));
      await look();
      const poll = setInterval(look, pollMs);
      const beat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const stop = () => {
        closed = true;
        clearInterval(poll);
        clearInterval(beat);
        open.delete(end);
        for (const id of locations) {
          watching.get(id)?.delete(wake);
          if (watching.get(id)?.size === 0) watching.delete(id);
        }
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
