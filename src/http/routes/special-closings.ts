import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Deleted, errorResponses, ListOf, ListQuery } from '../../contracts/rest/common.js';
import { IdParam } from '../../contracts/rest/ids.js';
import { SpecialClosing, SpecialClosingCreate, SpecialClosingUpdate } from '../../contracts/rest/resources.js';
import type { Db } from '../../db/client.js';
import * as closings from '../../domain/special-closings.js';
import { sendCreated } from '../plugins/idempotency.js';
import { listEnvelope } from '../reply.js';

const tags = ['Special closings'];
const LocParams = IdParam('location_id');
const OneParams = IdParam('location_id', 'special_closing_id');
const one = { 200: Type.Ref(SpecialClosing), ...errorResponses };

/** Special closings live on /v1, where the guard adds permission and scope. */
export const specialClosingRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const base = '/locations/:location_id/special_closings';
  const read = { permission: 'special_closings.read' };
  const write = { permission: 'special_closings.write' };

  app.get(base, {
    schema: {
      tags,
      operationId: 'listSpecialClosings',
      summary: 'List special closings',
      params: LocParams,
      querystring: ListQuery,
      response: { 200: ListOf(Type.Ref(SpecialClosing)), ...errorResponses },
    },
    config: read,
    handler: async (req) => listEnvelope(req, await closings.listClosings(db, req.params.location_id, req.query)),
  });

  app.post(base, {
    schema: {
      tags,
      operationId: 'createSpecialClosing',
      summary: 'Create a special closing',
      params: LocParams,
      body: SpecialClosingCreate,
      response: { 201: Type.Ref(SpecialClosing), ...errorResponses },
    },
    config: { ...write, idempotent: true },
    handler: (req, reply) =>
      sendCreated(db, req, reply, (tx) => closings.createClosing(tx, req.params.location_id, req.body)),
  });

  app.get(`${base}/:special_closing_id`, {
    schema: {
      tags,
      operationId: 'getSpecialClosing',
      summary: 'Retrieve a special closing',
      params: OneParams,
      response: one,
    },
    config: read,
    handler: async (req) => closings.getClosing(db, req.params.location_id, req.params.special_closing_id),
  });

  app.patch(`${base}/:special_closing_id`, {
    schema: {
      tags,
      operationId: 'updateSpecialClosing',
      summary: 'Update a special closing',
      params: OneParams,
      body: SpecialClosingUpdate,
      response: one,
    },
    config: write,
    handler: async (req) =>
      db.transaction((tx) =>
        closings.updateClosing(tx, req.params.location_id, req.params.special_closing_id, req.body),
      ),
  });

  app.delete(`${base}/:special_closing_id`, {
    schema: {
      tags,
      operationId: 'deleteSpecialClosing',
      summary: 'Delete a special closing',
      params: OneParams,
      response: { 200: Deleted('special_closing'), ...errorResponses },
    },
    // The answer is {id, object, deleted}: nothing a read would show, so special_closings.write suffices.
    config: { ...write, answersResource: false },
    handler: async (req) => closings.deleteClosing(db, req.params.location_id, req.params.special_closing_id),
  });
};
