import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, ListOf, surfaceOperationId } from '../../contracts/rest/common.js';
import { AdminEventsQuery, EventsQuery } from '../../contracts/rest/events.js';
import { IdParam } from '../../contracts/rest/ids.js';
import type { Db } from '../../db/client.js';
import { getEvent, listEvents } from '../../domain/events/list.js';
import { listEnvelope } from '../reply.js';

const tags = ['Events'];

/** Both surfaces: the events of the key's organization or location (any tenant's for an admin key), newest first. */
export const eventRoutes =
  (surface: 'public' | 'admin'): FastifyPluginAsyncTypebox<{ db: Db }> =>
  async (app, { db }) => {
    const op = (name: string) => surfaceOperationId(surface === 'admin' ? '/admin/' : '/', name);
    app.get('/events', {
      schema: {
        tags,
        operationId: op('listEvents'),
        summary: 'List events, newest first (kept 30 days)',
        description:
          '`starting_after` pages to older events, `ending_before` to newer ones. To catch up after a downtime, page until an event you already handled.',
        querystring: surface === 'admin' ? AdminEventsQuery : EventsQuery,
        response: { 200: ListOf(Type.Ref('Event')), ...errorResponses },
      },
      config: { permission: 'events.read' },
      handler: async (req) => listEnvelope(req, await listEvents(db, req.principal, req.query)),
    });

    app.get('/events/:event_id', {
      schema: {
        tags,
        operationId: op('getEvent'),
        summary: 'Retrieve an event',
        params: IdParam('event_id'),
        response: { 200: Type.Ref('Event'), ...errorResponses },
      },
      config: { permission: 'events.read' },
      handler: async (req) => getEvent(db, req.principal, req.params.event_id),
    });
  };
