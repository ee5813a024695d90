import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ApiKeyCreate, ApiKeyWithSecret } from '../../contracts/rest/api-keys.js';
import { errorResponses, ListOf, ListQuery } from '../../contracts/rest/common.js';
import { IdParam } from '../../contracts/rest/ids.js';
import type { Db } from '../../db/client.js';
import * as keys from '../../domain/api-keys.js';
import { sendCreated } from '../plugins/idempotency.js';
import { listEnvelope } from '../reply.js';

const tags = ['API keys'];

const KeyParams = IdParam('key_id');

function withoutSecret(body: string): string {
  const { secret: _secret, ...key } = JSON.parse(body) as Record<string, unknown>;
  return JSON.stringify(key);
}

export const apiKeyRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post('/api_keys', {
    schema: {
      tags,
      operationId: 'createApiKey',
      summary: 'Issue a key; the secret is in this response only',
      description:
        'Only a hash of the secret is stored. A replay with the same Idempotency-Key returns the key without its secret: if the first response was lost, revoke the key and issue another.',
      body: ApiKeyCreate,
      response: { 201: ApiKeyWithSecret, ...errorResponses },
    },
    config: { idempotent: true },
    // The secret exists only in this response: the replay record keeps the key without it.
    handler: (req, reply) =>
      sendCreated(db, req, reply, (tx) => keys.issueKey(tx, req.body), { storeAs: withoutSecret }),
  });

  app.get('/api_keys', {
    schema: {
      tags,
      operationId: 'listApiKeys',
      summary: 'List keys (prefix and last four only)',
      querystring: ListQuery,
      response: { 200: ListOf(Type.Ref('ApiKey')), ...errorResponses },
    },
    handler: async (req) => listEnvelope(req, await keys.listKeys(db, req.query)),
  });

  app.get('/api_keys/:key_id', {
    schema: {
      tags,
      operationId: 'getApiKey',
      summary: 'Retrieve a key',
      params: KeyParams,
      response: { 200: Type.Ref('ApiKey'), ...errorResponses },
    },
    handler: async (req) => keys.getKey(db, req.params.key_id),
  });

  app.post('/api_keys/:key_id/revoke', {
    schema: {
      tags,
      operationId: 'revokeApiKey',
      summary: 'Revoke a key; it gets 401 from then on',
      params: KeyParams,
      response: { 200: Type.Ref('ApiKey'), ...errorResponses },
    },
    handler: async (req) => {
      const key = await keys.revokeKey(db, req.params.key_id);
      // This process drops it now; the others when the trigger's notice reaches them (milliseconds).
      app.accessCache.forget(key.id);
      return key;
    },
  });
};
