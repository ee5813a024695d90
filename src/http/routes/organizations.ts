import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, ListOf } from '../../contracts/rest/common.js';
import { IdParam } from '../../contracts/rest/ids.js';
import {
  ExpandQuery,
  ListExpandQuery,
  Organization,
  OrganizationCreate,
  OrganizationUpdate,
  wantsLocations,
} from '../../contracts/rest/resources.js';
import type { Db } from '../../db/client.js';
import { permissionDenied } from '../../domain/errors.js';
import * as orgs from '../../domain/organizations.js';
import { sendCreated } from '../plugins/idempotency.js';
import { listEnvelope } from '../reply.js';

const tags = ['Organizations'];
const OrgParams = IdParam('organization_id');
const one = { 200: Type.Ref(Organization), ...errorResponses };
const list = { 200: ListOf(Type.Ref(Organization)), ...errorResponses };

export const publicOrganizationRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/organizations', {
    schema: {
      tags,
      operationId: 'listOrganizations',
      summary: "The key's organization (empty for a location key)",
      querystring: ListExpandQuery,
      response: list,
    },
    config: { permission: 'organizations.read' },
    handler: async (req) => {
      const page = await orgs.listOrganizations(
        db,
        { organizationId: req.principal.organizationId },
        req.query,
        wantsLocations(req.query),
      );
      return listEnvelope(req, page);
    },
  });

  app.patch('/organizations', {
    schema: {
      tags,
      operationId: 'updateKeyOrganization',
      summary: "Update the key's organization",
      querystring: ExpandQuery,
      body: OrganizationUpdate,
      response: one,
    },
    config: { permission: 'organizations.write' },
    handler: async (req) => {
      const orgId = req.principal.organizationId;
      if (orgId === null) throw permissionDenied('A location key cannot update an organization.');
      return orgs.updateOrganization(db, orgId, req.body, wantsLocations(req.query));
    },
  });

  app.get('/organizations/:organization_id', {
    schema: {
      tags,
      operationId: 'getOrganization',
      summary: 'Retrieve an organization',
      params: OrgParams,
      querystring: ExpandQuery,
      response: one,
    },
    config: { permission: 'organizations.read' },
    handler: async (req) => orgs.getOrganization(db, req.params.organization_id, wantsLocations(req.query)),
  });
};

export const adminOrganizationRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/organizations', {
    schema: {
      tags,
      operationId: 'adminListOrganizations',
      summary: 'List organizations',
      querystring: ListExpandQuery,
      response: list,
    },
    handler: async (req) =>
      listEnvelope(req, await orgs.listOrganizations(db, {}, req.query, wantsLocations(req.query))),
  });

  app.post('/organizations', {
    schema: {
      tags,
      operationId: 'createOrganization',
      summary: 'Create an organization',
      body: OrganizationCreate,
      response: { 201: Type.Ref(Organization), ...errorResponses },
    },
    config: { idempotent: true },
    handler: (req, reply) => sendCreated(db, req, reply, (tx) => orgs.createOrganization(tx, req.body)),
  });

  app.get('/organizations/:organization_id', {
    schema: {
      tags,
      operationId: 'adminGetOrganization',
      summary: 'Retrieve an organization',
      params: OrgParams,
      querystring: ExpandQuery,
      response: one,
    },
    handler: async (req) => orgs.getOrganization(db, req.params.organization_id, wantsLocations(req.query)),
  });

  app.patch('/organizations/:organization_id', {
    schema: {
      tags,
      operationId: 'adminUpdateOrganization',
      summary: 'Update an organization',
      params: OrgParams,
      querystring: ExpandQuery,
      body: OrganizationUpdate,
      response: one,
    },
    handler: async (req) => {
      await orgs.getOrganization(db, req.params.organization_id);
      return orgs.updateOrganization(db, req.params.organization_id, req.body, wantsLocations(req.query));
    },
  });
};
