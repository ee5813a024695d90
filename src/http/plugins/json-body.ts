import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../domain/errors.js';
import { routeNotFound } from './errors.js';

/** Arrays and objects nested deeper than this are refused before parsing; no endpoint needs more than ~8. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const [OPEN_ARRAY, CLOSE_ARRAY, OPEN_OBJECT, CLOSE_OBJECT] = [0x5b, 0x5d, 0x7b, 0x7d];

/**
 * Whether JSON text nests arrays and objects deeper than `max`. One pass, no recursion, brackets inside
 * strings ignored; it only measures, so text that is not JSON is left for the parser to refuse.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return false;
}

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
