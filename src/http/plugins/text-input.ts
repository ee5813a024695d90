import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invalidParam } from '../../domain/errors.js';

// NUL, or half of a UTF-16 surrogate pair (which JSON's \uD800 escapes can produce).
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The dot path of the first string (key or value) PostgreSQL cannot store, or null. */
function findUnstorable(value: unknown, path: string[]): string[] | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    if (UNSTORABLE.test(k)) return [...path, k];
    const found = findUnstorable(v, [...path, k]);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000, and its jsonb refuses lone surrogates. JSON and URLs can carry both
 * (`\u0000`, `\ud800`, `%00`), so such input is refused as a 400 naming the field, before it reaches a
 * query and fails there as a 500 (or is silently changed to U+FFFD in a text column).
 */
export default fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = findUnstorable(part, []);
      if (found) {
        throw invalidParam(
          found.join('.').replace(/\[\]$/, ''),
          'Text must be well-formed Unicode without the NUL character (U+0000).',
        );
      }
    }
  });
});
