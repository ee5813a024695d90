import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, ListOf, ListQuery } from '../../contracts/rest/common.js';
import { IdParam } from '../../contracts/rest/ids.js';
import {
  AdminLocationCreate,
  AdminLocationUpdate,
  Location,
  LocationCreate,
  LocationUpdate,
} from '../../contracts/rest/resources.js';
import type { Db } from '../../db/client.js';
import { missingParam } from '../../domain/errors.js';
import * as locations from '../../domain/locations.js';
import { assertOrganizationExists } from '../../domain/organizations.js';
import { sendCreated } from '../plugins/idempotency.js';
import { listEnvelope } from '../reply.js';

const tags = ['Locations'];
const LocParams = IdParam('location_id');
const OrgParams = IdParam('organization_id');
const one = { 200: Type.Ref(Location), ...errorResponses };
const created = { 201: Type.Ref(Location), ...errorResponses };
const list = { 200: ListOf(Type.Ref(Location)), ...errorResponses };

export const publicLocationRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/locations', {
    schema: {
      tags,
      operationId: 'listLocations',
      summary: "The key's locations: its organization's, or its own",
      querystring: ListQuery,
      response: list,
    },
    config: { permission: 'locations.read' },
    handler: async (req) => {
      const p = req.principal;
      const scope = p.locationId !== null ? { locationId: p.locationId } : { organizationId: p.organizationId ?? '' };
      return listEnvelope(req, await locations.listLocations(db, scope, req.query));
    },
  });

  app.patch('/locations', {
    schema: {
      tags,
      operationId: 'updateKeyLocation',
      summary: "Update a location key's location",
      body: LocationUpdate,
      response: one,
    },
    config: { permission: 'locations.write' },
    handler: async (req) => {
      // An organization key reaches several locations and must name one: PATCH /v1/locations/{location_id}.
      if (req.principal.locationId === null) {
        throw missingParam(
          'location_id',
          'An organization key must name the location: PATCH /v1/locations/{location_id}.',
        );
      }
      const locationId = req.principal.locationId;
      return db.transaction((tx) => locations.updateLocation(tx, locationId, req.body));
    },
  });

  app.get('/locations/:location_id', {
    schema: { tags, operationId: 'getLocation', summary: 'Retrieve a location', params: LocParams, response: one },
    config: { permission: 'locations.read' },
    handler: async (req) => locations.getLocation(db, req.params.location_id),
  });

  app.patch('/locations/:location_id', {
    schema: {
      tags,
      operationId: 'updateLocation',
      summary: 'Update a location',
      params: LocParams,
      body: LocationUpdate,
      response: one,
    },
    config: { permission: 'locations.write' },
    handler: async (req) => db.transaction((tx) => locations.updateLocation(tx, req.params.location_id, req.body)),
  });

  app.get('/organizations/:organization_id/locations', {
    schema: {
      tags,
      operationId: 'listOrganizationLocations',
      summary: "List an organization's locations",
      params: OrgParams,
      querystring: ListQuery,
      response: list,
    },
    config: { permission: 'locations.read' },
    handler: async (req) =>
      listEnvelope(req, await locations.listLocations(db, { organizationId: req.params.organization_id }, req.query)),
  });

  app.post('/organizations/:organization_id/locations', {
    schema: {
      tags,
      operationId: 'createOrganizationLocation',
      summary: 'Create a location in an organization',
      params: OrgParams,
      body: LocationCreate,
      response: created,
    },
    config: { permission: 'locations.write', idempotent: true },
    handler: (req, reply) =>
      sendCreated(db, req, reply, (tx) => locations.createLocation(tx, req.params.organization_id, req.body)),
  });
};

export const adminLocationRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/locations', {
    schema: {
      tags,
      operationId: 'adminListLocations',
      summary: 'List all locations',
      querystring: ListQuery,
      response: list,
    },
    handler: async (req) => listEnvelope(req, await locations.listLocations(db, {}, req.query)),
  });

  app.post('/locations', {
    schema: {
      tags,
      operationId: 'createStandaloneLocation',
      summary: 'Create a standalone location',
      body: AdminLocationCreate,
      response: created,
    },
    config: { idempotent: true },
    handler: (req, reply) => sendCreated(db, req, reply, (tx) => locations.createLocation(tx, null, req.body)),
  });

  app.get('/locations/:location_id', {
    schema: { tags, operationId: 'adminGetLocation', summary: 'Retrieve a location', params: LocParams, response: one },
    handler: async (req) => locations.getLocation(db, req.params.location_id),
  });

  app.patch('/locations/:location_id', {
    schema: {
      tags,
      operationId: 'adminUpdateLocation',
      summary: 'Update a location (also `active`)',
      params: LocParams,
      body: AdminLocationUpdate,
      response: one,
    },
    handler: async (req) => db.transaction((tx) => locations.updateLocation(tx, req.params.location_id, req.body)),
  });

  app.get('/organizations/:organization_id/locations', {
    schema: {
      tags,
      operationId: 'adminListOrganizationLocations',
      summary: "List an organization's locations",
      params: OrgParams,
      querystring: ListQuery,
      response: list,
    },
    handler: async (req) => {
      await assertOrganizationExists(db, req.params.organization_id);
      return listEnvelope(
        req,
        await locations.listLocations(db, { organizationId: req.params.organization_id }, req.query),
      );
    },
  });

  app.post('/organizations/:organization_id/locations', {
    schema: {
      tags,
      operationId: 'adminCreateOrganizationLocation',
      summary: 'Create a location in an organization',
      params: OrgParams,
      body: AdminLocationCreate,
      response: created,
    },
    config: { idempotent: true },
    handler: (req, reply) =>
      sendCreated(db, req, reply, (tx) => locations.createLocation(tx, req.params.organization_id, req.body)),
  });
};
