import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invalidParam } from '../../domain/errors.js';

// NUL, or half of a UTF-16 surrogate pair (which JSON's \uD800 escapes can produce).
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

interface Node {
  value: unknown;
  key?: string;
  parent?: Node;
}

function pathOf(node: Node): string[] {
  const path: string[] = [];
  for (let n: Node | undefined = node; n?.key !== undefined; n = n.parent) path.push(n.key);
  return path.reverse();
}

/**
 * The dot path of the first string (key or value) PostgreSQL cannot store, or null. Walked with a stack
 * of its own, not recursion, so no nesting can overflow the call stack; paths are built only when found.
 */
function findUnstorable(root: unknown): string[] | null {
  const stack: Node[] = [{ value: root }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.key !== undefined && UNSTORABLE.test(node.key)) return pathOf(node);
    const { value } = node;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return pathOf(node);
    } else if (value !== null && typeof value === 'object') {
      // Pushed last to first, so the first problem in document order is the one reported.
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        stack.push({ key: entries[i][0], value: entries[i][1], parent: node });
      }
    }
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
      const found = findUnstorable(part);
      if (found) {
        throw invalidParam(
          found.join('.').replace(/\[\]$/, ''),
          'Text must be well-formed Unicode without the NUL character (U+0000).',
        );
      }
    }
  });
});
