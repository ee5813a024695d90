/**
 * The client's retries and timeouts against a fake API on a real port: each test scripts the answers
 * of successive attempts and checks what the client sent and what the caller got.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { after, test } from 'node:test';
import {
  ApiConnectionError,
  ApiError,
  type ClientConfig,
  createAdminClient,
  type RetryEvent,
  unwrap,
} from '../../client/index.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
interface Seen {
  method: string;
  url: string;
  key: string | undefined;
  body: string;
  at: number;
}

const seen: Seen[] = [];
let script: Handler[] = [];
const server: Server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    seen.push({
      method: req.method!,
      url: req.url!,
      key: req.headers['idempotency-key'] as string,
      body,
      at: Date.now(),
    });
    const next = script.shift() ?? ((_q, r) => json(r, 500, envelope('api_error', 'script_exhausted')));
    next(req, res);
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
after(() => {
  server.closeAllConnections();
  server.close();
});

function envelope(type: string, code: string, param?: string) {
  return { error: { type, code, message: `${code} happened`, param, request_id: 'req_fake' } };
}
function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'req_header', ...headers });
  res.end(JSON.stringify(body));
}
const created: Handler = (_q, r) => json(r, 201, { id: 'org_1', object: 'organization', name: 'P' });
const fail =
  (status: number, type: string, code: string, headers?: Record<string, string>): Handler =>
  (_q, r) =>
    json(r, status, envelope(type, code), headers);
const hang: Handler = () => {}; // never answers
const reset: Handler = (req) => req.socket.destroy();

/** A client on the fake with quick backoff (10 ms), recording its retries; `steps` script the answers. */
function setup(steps: Handler[], config: Partial<ClientConfig> = {}) {
  seen.length = 0;
  script = steps;
  const retries: RetryEvent[] = [];
  const client = createAdminClient({
    baseUrl: base,
    apiKey: 'svc_admin_fake',
    retryPolicy: { initialDelayMs: 10, maxDelayMs: 40 },
    onRetry: (e) => retries.push(e),
    ...config,
  });
  const create = (init?: { signal?: AbortSignal }) =>
    client.POST('/admin/v1/organizations', { body: { name: 'P' }, ...init });
  return { client, create, retries };
}

test('409 request_in_flight is retried with the same Idempotency-Key until the outcome comes', async () => {
  const { create, retries } = setup([
    fail(409, 'conflict_error', 'request_in_flight'),
    fail(409, 'conflict_error', 'request_in_flight'),
    created,
  ]);
  const org = await unwrap(create());
  assert.equal(org.id, 'org_1');
  assert.equal(seen.length, 3);
  assert.ok(seen[0].key && seen.every((s) => s.key === seen[0].key), JSON.stringify(seen));
  assert.ok(
    seen.every((s) => s.body === '{"name":"P"}'),
    'every attempt sends the body',
  );
  assert.deepEqual(
    retries.map((r) => [r.retry, r.reason, r.idempotencyKey]),
    [
      [1, '409 request_in_flight', seen[0].key],
      [2, '409 request_in_flight', seen[0].key],
    ],
  );
});

test('429 waits for Retry-After before the retry', async () => {
  const { create, retries } = setup([
    fail(429, 'rate_limit_error', 'rate_limit_exceeded', { 'retry-after': '1' }),
    created,
  ]);
  await unwrap(create());
  assert.equal(seen.length, 2);
  assert.equal(retries[0].delayMs, 1000, 'Retry-After beats the 10 ms backoff');
  assert.ok(seen[1].at - seen[0].at >= 990, `retried after ${seen[1].at - seen[0].at} ms`);
  assert.equal(seen[1].key, seen[0].key);
});

test('a 429 asking for more than a minute goes to the caller at once', async () => {
  const { create } = setup([fail(429, 'rate_limit_error', 'rate_limit_exceeded', { 'retry-after': '120' })]);
  const err = await unwrap(create()).catch((e) => e);
  assert.ok(err instanceof ApiError);
  assert.equal(err.status, 429);
  assert.equal(err.retryAfter, 120);
  assert.equal(seen.length, 1);
});

test('5xx: retried twice by default, then the last error is an ApiError', async () => {
  const { create, retries } = setup([
    fail(500, 'api_error', 'internal_error'),
    fail(502, 'api_error', 'bad_gateway'),
    fail(503, 'api_error', 'service_unavailable', { 'retry-after': '0' }),
  ]);
  const err = await unwrap(create()).catch((e) => e);
  assert.ok(err instanceof ApiError, String(err));
  assert.deepEqual(
    [err.status, err.type, err.code, err.message, err.requestId],
    [503, 'api_error', 'service_unavailable', 'service_unavailable happened', 'req_fake'],
  );
  assert.deepEqual(
    retries.map((r) => r.reason),
    ['500', '502'],
  );
  assert.equal(new Set(seen.map((s) => s.key)).size, 1);
});

test('maxRetries is configurable: 0 makes one attempt, 4 makes five', async () => {
  const none = setup([fail(500, 'api_error', 'internal_error')], { maxRetries: 0 });
  assert.equal((await none.create()).response.status, 500);
  assert.equal(seen.length, 1);
  const four = setup([...Array(4)].map(() => fail(500, 'api_error', 'internal_error')).concat(created), {
    maxRetries: 4,
  });
  assert.equal((await four.create()).response.status, 201);
  assert.equal(seen.length, 5);
});

test('400 and 404 and 409 idempotency_key_reused are not retried', async () => {
  for (const [status, type, code] of [
    [400, 'invalid_request_error', 'parameter_invalid'],
    [404, 'invalid_request_error', 'resource_missing'],
    [409, 'idempotency_error', 'idempotency_key_reused'],
  ] as const) {
    const { create, retries } = setup([(_q, r) => json(r, status, envelope(type, code, 'name'))]);
    const err = await unwrap(create()).catch((e) => e);
    assert.ok(err instanceof ApiError);
    assert.deepEqual([err.status, err.type, err.code, err.param], [status, type, code, 'name']);
    assert.equal(seen.length, 1, `${status} ${code}`);
    assert.equal(retries.length, 0);
  }
});

test('a reset connection is retried with the same key', async () => {
  const { create, retries } = setup([reset, created]);
  assert.equal((await unwrap(create())).id, 'org_1');
  assert.equal(seen.length, 2);
  assert.equal(seen[1].key, seen[0].key);
  assert.equal(retries[0].reason, 'network');
});

test('connection refused: retried, then an ApiConnectionError', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as { port: number }).port;
  await new Promise((resolve) => closed.close(resolve));
  const { create, retries } = setup([], { baseUrl: `http://127.0.0.1:${port}` });
  const err = await create().catch((e) => e);
  assert.ok(err instanceof ApiConnectionError, String(err));
  assert.equal(err.timedOut, false);
  assert.match(err.message, /could not connect \(3 attempts\)/);
  assert.deepEqual(
    retries.map((r) => r.reason),
    ['network', 'network'],
  );
  assert.ok(retries[0].idempotencyKey && retries[0].idempotencyKey === retries[1].idempotencyKey);
});

test('an attempt that takes too long is abandoned and retried with the same key', async () => {
  const { create, retries } = setup([hang, created], { timeoutMs: 300 });
  assert.equal((await unwrap(create())).id, 'org_1');
  assert.equal(seen.length, 2);
  assert.equal(seen[1].key, seen[0].key);
  assert.equal(retries[0].reason, 'timeout');
});

test('a body that stalls counts as a timeout; when every attempt times out, an ApiConnectionError says so', async () => {
  const stall: Handler = (_q, r) => {
    r.writeHead(201, { 'content-type': 'application/json' });
    r.write('{"id":');
  };
  const { create, retries } = setup([stall, hang, hang], { timeoutMs: 300 });
  const err = await create().catch((e) => e);
  assert.ok(err instanceof ApiConnectionError, String(err));
  assert.equal(err.timedOut, true);
  assert.deepEqual(
    retries.map((r) => r.reason),
    ['timeout', 'timeout'],
  );
  assert.equal(seen.length, 3);
});

test("the caller's abort stops the call and its retries", async () => {
  const controller = new AbortController();
  const { create } = setup([fail(500, 'api_error', 'internal_error'), created], {
    retryPolicy: { initialDelayMs: 60_000, maxDelayMs: 60_000 },
    onRetry: () => controller.abort(new Error('caller gave up')),
  });
  await assert.rejects(create({ signal: controller.signal }), /caller gave up/);
  assert.equal(seen.length, 1);
});

test('a fresh key per call; none on GET; one the caller sets is kept; PATCH is retried too', async () => {
  const { client, create } = setup([created, created, (_q, r) => json(r, 200, { object: 'list', data: [] }), created]);
  await create();
  await create();
  await client.GET('/admin/v1/organizations');
  await client.POST('/admin/v1/organizations', {
    body: { name: 'P' },
    headers: { 'Idempotency-Key': 'my-own-key' },
  });
  assert.ok(seen[0].key && seen[1].key && seen[0].key !== seen[1].key);
  assert.equal(seen[2].key, undefined);
  assert.equal(seen[3].key, 'my-own-key');

  const patch = setup([fail(503, 'api_error', 'service_unavailable'), (_q, r) => json(r, 200, { id: 'org_1' })]);
  const res = await patch.client.PATCH('/admin/v1/organizations/{organization_id}', {
    params: { path: { organization_id: 'org_1' } },
    body: { name: 'Q' },
  });
  assert.equal(res.response.status, 200);
  assert.deepEqual(
    seen.map((s) => [s.method, s.key, s.body]),
    [
      ['PATCH', undefined, '{"name":"Q"}'],
      ['PATCH', undefined, '{"name":"Q"}'],
    ],
  );
});

test('an answer without the envelope (a proxy page) is still an ApiError, with the request id of the header', async () => {
  const page: Handler = (_q, r) => {
    r.writeHead(502, { 'content-type': 'text/html', 'x-request-id': 'req_proxy' });
    r.end('<html>Bad gateway</html>');
  };
  const { create, retries } = setup([page, page, page]);
  const err = await unwrap(create({})).catch((e) => e);
  assert.ok(err instanceof ApiError, String(err));
  assert.deepEqual(
    [err.status, err.type, err.code, err.requestId],
    [502, 'api_error', 'unexpected_response', 'req_proxy'],
  );
  assert.equal(retries.length, 2, 'a 502 is retried whatever its body');
  assert.equal(seen.length, 3);
});
