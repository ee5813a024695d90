import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ErrorEnvelope } from '../../src/contracts/rest/common.js';
import { ERROR_STATUS } from '../../src/domain/errors.js';
import { ERROR_CATALOGUE, ERROR_CODES, ERROR_TYPES } from '../../src/domain/errors-catalogue.js';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The string literals of an argument, e.g. both codes of `a === 'b' ? 'x' : 'y'` (not the compared 'b'). */
const literals = (arg: string) => [...arg.matchAll(/(?<![=!]=\s*)'([a-z_]+)'/g)].map((m) => m[1]);

/**
 * Every [type, code] the source throws: `new ApiError(type, code, …)` with literal codes, and the two
 * helpers that pass a code through (access.ts's authError, the error handler's invalid).
 */
function thrownCodes(): { where: string; type: string; code: string }[] {
  const found: { where: string; type: string; code: string }[] = [];
  for (const file of sources('src')) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/new ApiError\(\s*'([a-z_]+)',\s*([^,]+),/g)) {
      const codes = literals(m[2]);
      if (codes.length === 0) {
        // A code passed through a helper's parameter: the helper's callers are scanned below.
        assert.equal(m[2].trim(), 'code', `${file}: new ApiError with a computed code: ${m[2]}`);
        continue;
      }
      for (const code of codes) found.push({ where: file, type: m[1], code });
    }
    for (const m of text.matchAll(/\bauthError\(\s*'([a-z_]+)'/g)) {
      found.push({ where: file, type: 'authentication_error', code: m[1] });
    }
    for (const m of text.matchAll(/\binvalid\(\s*'([a-z_]+)'/g)) {
      found.push({ where: file, type: 'invalid_request_error', code: m[1] });
    }
  }
  return found;
}

test('every code thrown in src/ is in the catalogue, with its type', () => {
  const thrown = thrownCodes();
  assert.ok(thrown.length > 30, `only ${thrown.length} found: the scan is broken`);
  for (const { where, type, code } of thrown) {
    const entry = ERROR_CATALOGUE.find((e) => e.code === code && e.type === type);
    assert.ok(entry, `${where}: ${type}/${code} is not in src/domain/errors-catalogue.ts`);
  }
  // And the catalogue holds nothing the source never throws, beyond what the spec lists.
  const spec = [
    'parameter_missing',
    'parameter_invalid',
    'parameter_unknown',
    'parameters_exclusive',
    'idempotency_key_missing',
    'api_key_missing',
    'api_key_invalid',
    'api_key_wrong_surface',
    'session_not_allowed',
    'permission_denied',
    'resource_not_found',
    'route_not_found',
    'request_in_flight',
    'resource_conflict',
    'idempotency_key_reused',
    'rate_limit_exceeded',
    'internal_error',
  ];
  for (const code of spec) assert.ok(ERROR_CODES.includes(code), `the spec's ${code} is missing`);
  for (const { code } of ERROR_CATALOGUE) {
    assert.ok(spec.includes(code) || thrown.some((t) => t.code === code), `${code} is never thrown`);
  }
});

test("each entry's status is its type's, 503 aside; codes are unique", () => {
  assert.equal(new Set(ERROR_CODES).size, ERROR_CATALOGUE.length);
  for (const e of ERROR_CATALOGUE) {
    const expected = e.code === 'service_unavailable' ? 503 : ERROR_STATUS[e.type];
    assert.equal(e.status, expected, e.code);
    assert.ok(e.description.length > 10, e.code);
  }
});

test('the Error schema enumerates the catalogue', () => {
  const error = (ErrorEnvelope as any).properties.error.properties;
  assert.deepEqual(error.type.enum, ERROR_TYPES);
  assert.deepEqual(error.code.enum, ERROR_CODES);
});

test('docs/errors.md describes every type and code with its status', () => {
  const doc = readFileSync('docs/errors.md', 'utf8');
  for (const e of ERROR_CATALOGUE) {
    const row = doc.split('\n').find((line) => line.startsWith(`| \`${e.code}\``));
    assert.ok(row, `docs/errors.md has no row for ${e.code}`);
    assert.ok(row.includes(`| ${e.status} |`) && row.includes(`\`${e.type}\``), `${e.code}: ${row}`);
  }
  for (const type of ERROR_TYPES) assert.ok(doc.includes(`\`${type}\``), type);
});
