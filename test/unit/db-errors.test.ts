import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { isConnectionFailure } from '../../src/db/errors.js';
import { ApiError } from '../../src/domain/errors.js';
import { toApiError } from '../../src/http/plugins/errors.js';
import { freePort } from '../helpers/services.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

test('unreachable or restarting database: socket errors, SQLSTATE 08xxx and 57P01-03, pg and PGlite messages', () => {
  for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']) {
    assert.ok(isConnectionFailure(withCode(code)), code);
  }
  for (const code of ['08000', '08003', '08006', '08001', '08P01', '57P01', '57P02', '57P03']) {
    assert.ok(isConnectionFailure(withCode(code)), code);
  }
  for (const message of [
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
    'Client was closed and is not queryable',
    'PGlite is closed',
  ]) {
    assert.ok(isConnectionFailure(new Error(message)), message);
  }
});

test('wrapped failures count: AggregateError of a multi-address connect, and an error cause', () => {
  assert.ok(isConnectionFailure(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], '')));
  assert.ok(isConnectionFailure(new Error('query failed', { cause: withCode('57P01') })));
});

test('query failures of their own are not outages', () => {
  for (const code of ['23505', '23503', '22P02', '40001', '40P01', '57014', '42P01', 'ERR_X', 'ENOENT']) {
    assert.equal(isConnectionFailure(withCode(code)), false, code);
  }
  for (const value of [undefined, null, 'ECONNREFUSED', 42, new Error('boom'), new TypeError('x is undefined')]) {
    assert.equal(isConnectionFailure(value), false, String(value));
  }
  // A cycle of causes ends.
  const a: Error & { cause?: unknown } = new Error('a');
  a.cause = a;
  assert.equal(isConnectionFailure(a), false);
});

test('a real refused connection from node-postgres is classified', async () => {
  const port = await freePort(); // nothing listens there
  const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/x`, max: 1 });
  const err = await pool.query('SELECT 1').then(
    () => undefined,
    (e: unknown) => e,
  );
  await pool.end();
  assert.ok(isConnectionFailure(err), String(err));
});

test('rendered as 503 api_error service_unavailable with Retry-After; other 5xx stay 500', () => {
  const unavailable = toApiError(withCode('57P01', 'terminating connection due to administrator command'), 1000);
  assert.equal(unavailable.status, 503);
  assert.equal(unavailable.type, 'api_error');
  assert.equal(unavailable.code, 'service_unavailable');
  assert.ok(Number(unavailable.headers?.['Retry-After']) >= 1);

  const bug = toApiError(new TypeError('x is undefined'), 1000);
  assert.deepEqual([bug.status, bug.code], [500, 'internal_error']);
  // A caller that drops its own upload is a 4xx, not a database outage.
  const aborted = toApiError(Object.assign(withCode('ECONNRESET', 'aborted'), { statusCode: 400 }), 1000);
  assert.equal(aborted.status, 400);
  // The status option overrides the type's status; the type's stays the default.
  assert.equal(new ApiError('api_error', 'x', 'y').status, 500);
  assert.equal(new ApiError('api_error', 'x', 'y', { status: 503 }).status, 503);
});
