/**
 * Requests Node's HTTP parser refuses before the app sees them (issue 7, fault 5) used to get Fastify's
 * `{"error":"Bad Request"}` or a bare 431 without X-Request-Id, and CONNECT got no answer at all. Sent here
 * as raw bytes on a real port: each answer must be the envelope, its request_id equal to X-Request-Id,
 * with the rate-limit headers, and never with the key the request carried.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { getHarness } from '../helpers/app.js';
import { exchange, type RawResponse } from '../helpers/raw-http.js';

let port: number;
let key: string;

before(async () => {
  const h = await getHarness();
  key = h.adminKey;
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as { port: number }).port;
});

function assertRawEnvelope(res: RawResponse, status: number, type: string, code: string) {
  assert.equal(res.status, status, res.raw);
  assert.deepEqual(Object.keys(res.body ?? {}), ['error'], res.raw);
  const e = res.body.error;
  assert.equal(e.type, type, res.raw);
  assert.equal(e.code, code, res.raw);
  assert.equal(typeof e.message, 'string');
  assert.match(e.request_id, /^req_[A-Za-z0-9]+$/);
  assert.equal(res.headers['x-request-id'], e.request_id);
  assert.match(res.headers['content-type'], /^application\/json/);
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    assert.match(res.headers[name] ?? '', /^\d+$/, `${name} missing: ${res.raw}`);
  }
  assert.ok(!res.raw.includes(key.slice(-8)), `the key came back: ${res.raw}`);
  return e;
}

const request = (line: string, headers: string[] = []) =>
  `${line}\r\n${['Host: localhost', `x-api-key: ${key}`, ...headers].join('\r\n')}\r\n\r\n`;

async function one(data: string | Buffer) {
  const responses = await exchange(port, data);
  assert.equal(responses.length, 1, `expected one answer, got ${responses.length}`);
  return responses[0];
}

test('a NUL byte in a header value: 400 invalid_request_error', async () => {
  const res = await one(request('GET /admin/v1/organizations HTTP/1.1', ['X-Note: a\0b']));
  const e = assertRawEnvelope(res, 400, 'invalid_request_error', 'parameter_invalid');
  assert.equal(e.details.reason, 'HPE_INVALID_HEADER_TOKEN');
});

test('a method the parser does not know: 400; one it knows but no route has: 404 route_not_found', async () => {
  const unknown = await one(request('FOO / HTTP/1.1'));
  assert.equal(
    assertRawEnvelope(unknown, 400, 'invalid_request_error', 'parameter_invalid').details.reason,
    'HPE_INVALID_METHOD',
  );
  const known = await exchange(port, request('PROPFIND /admin/v1/organizations HTTP/1.1', ['Connection: close']));
  assertRawEnvelope(known[0], 404, 'not_found_error', 'route_not_found');
});

test('headers over 16 KB: 400 with details.max_header_bytes, not a bare 431', async () => {
  const res = await one(request('GET /admin/v1/organizations HTTP/1.1', [`X-Big: ${'a'.repeat(17_000)}${key}`]));
  const e = assertRawEnvelope(res, 400, 'invalid_request_error', 'parameter_invalid');
  assert.equal(e.details.max_header_bytes, 16_384);
  assert.equal(e.details.reason, 'HPE_HEADER_OVERFLOW');
});

test('raw non-ASCII bytes in the path: 400', async () => {
  const data = Buffer.concat([
    Buffer.from('GET /admin/v1/caf'),
    Buffer.from([0xc3, 0xa9, 0xff]),
    Buffer.from(request(' HTTP/1.1')),
  ]);
  const res = await one(data);
  assert.equal(
    assertRawEnvelope(res, 400, 'invalid_request_error', 'parameter_invalid').details.reason,
    'HPE_INVALID_URL',
  );
});

test('CONNECT host:443 is answered (404 route_not_found), not dropped', async () => {
  const res = await one(`CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\nx-api-key: ${key}\r\n\r\n`);
  assertRawEnvelope(res, 404, 'not_found_error', 'route_not_found');
});

test('a malformed request line, a bad chunk size, an HTTP/2 preface: 400', async () => {
  for (const data of [
    'GARBAGE\r\n\r\n',
    'GET /admin/v1/organizations HTTP/9.9\r\nHost: x\r\n\r\n',
    'GET\r\n\r\n',
    request('POST /admin/v1/organizations HTTP/1.1', ['Content-Type: application/json', 'Transfer-Encoding: chunked']) +
      'ZZ\r\n',
    'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
  ]) {
    assertRawEnvelope(await one(data), 400, 'invalid_request_error', 'parameter_invalid');
  }
});

test('HTTP/1.1 without Host: 400 parameter_missing (Host); an unknown Expect is ignored', async () => {
  const noHost = await exchange(
    port,
    `GET /admin/v1/organizations HTTP/1.1\r\nx-api-key: ${key}\r\nConnection: close\r\n\r\n`,
  );
  const e = assertRawEnvelope(noHost[0], 400, 'invalid_request_error', 'parameter_missing');
  assert.equal(e.param, 'Host');
  const expect = await exchange(
    port,
    request('GET /admin/v1/organizations?limit=1 HTTP/1.1', ['Expect: magic', 'Connection: close']),
  );
  assert.equal(expect[0].status, 200, expect[0].raw);
  const keyless = await exchange(
    port,
    'GET /admin/v1/organizations HTTP/1.1\r\nHost: x\r\nExpect: magic\r\nConnection: close\r\n\r\n',
  );
  assertRawEnvelope(keyless[0], 401, 'authentication_error', 'api_key_missing');
});

test('a malformed request pipelined behind a good one is answered after it, in order', async () => {
  const good = request('GET /admin/v1/organizations?limit=1 HTTP/1.1');
  const responses = await exchange(port, `${good}FOO / HTTP/1.1\r\nHost: x\r\n\r\n`, { responses: 2 });
  assert.deepEqual(
    responses.map((r) => r.status),
    [200, 400],
  );
  assertRawEnvelope(responses[1], 400, 'invalid_request_error', 'parameter_invalid');
  assert.notEqual(responses[0].headers['x-request-id'], responses[1].headers['x-request-id']);
});
