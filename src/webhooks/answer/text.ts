// NUL, or half of a UTF-16 surrogate pair (JSON's \uD800 escapes): PostgreSQL stores neither (as for bodies,
// src/http/plugins/text-input.ts).
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The dot path of the first key or string PostgreSQL cannot store, or null. Recursion is safe: the answer's
 * nesting was bounded before it was parsed.
 */
export function unstorablePath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path.join('.') || '(the answer)' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, v] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return [...path, key].join('.');
    const found = unstorablePath(v, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}
