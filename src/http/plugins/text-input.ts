import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invalidParam } from '../../domain/errors.js';

/** The dot path of the first string (key or value) holding a NUL character, or null. */
function findNul(value: unknown, path: string[]): string[] | null {
  if (typeof value === 'string') return value.includes('\0') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\0')) return [...path, k];
    const found = findNul(v, [...path, k]);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000. JSON and URLs can (`\u0000`, `%00`), so such input is refused as
 * a 400 naming the field, before it reaches a query and fails there as a 500.
 */
export default fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = findNul(part, []);
      if (found) {
        throw invalidParam(found.join('.').replace(/\[\]$/, ''), 'Text cannot contain the NUL character (U+0000).');
      }
    }
  });
});
