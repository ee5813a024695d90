import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../domain/errors.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../lib/json-depth.js';
import { routeNotFound } from './errors.js';

/**
 * Every later step (the text check, validation, the idempotency fingerprint) walks the parsed body, so
 * deep nesting is refused while it is still text: each body costs one linear scan at most. A body sent
 * to an unknown route is not read at all: the answer is the 404 whatever the body holds.
 */
export default fp(async (app: FastifyInstance) => {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  // Fastify's own parser (secure-json-parse, __proto__ and constructor.prototype refused) does the parsing.
  const parseJson = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      const message = `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`;
      const error = new ApiError('invalid_request_error', 'parameter_invalid', message, {
        details: { max_depth: MAX_JSON_DEPTH },
      });
      done(error, undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook('preParsing', async (request) => {
    if (request.is404) throw routeNotFound(request);
  });
});
