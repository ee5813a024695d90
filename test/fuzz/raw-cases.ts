/** Requests Fastify's inject cannot send: broken request lines, header bytes and body framing. */
import type { Rng } from './random.js';

export interface RawCase {
  name: string;
  /** Cases that share a cause share a group (the name when unset). */
  group?: string;
  bytes: Buffer;
  /** False when the request never ends (a truncated body): closing without an answer is then fine. */
  expectAnswer: boolean;
  /** How many responses to wait for (pipelined requests). */
  responses?: number;
}

export interface RawTargets {
  orgKey: string;
  adminKey: string;
  locationId: string;
}

const b = (...parts: (string | Buffer | number[])[]) =>
  Buffer.concat(
    parts.map((p) => (Buffer.isBuffer(p) ? p : Array.isArray(p) ? Buffer.from(p) : Buffer.from(p, 'utf8'))),
  );

/** A request with the key up front, so a parser error after it has the key in its raw packet. */
function req(line: string, key: string, headers: string[] = [], body = '', host = 'Host: 127.0.0.1\r\n') {
  return `${line}\r\n${host}x-api-key: ${key}\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n${body}`;
}

export function fixedCases(t: RawTargets): RawCase[] {
  const { orgKey: k, adminKey: a } = t;
  const get = 'GET /v1/locations HTTP/1.1';
  const post = 'POST /admin/v1/organizations HTTP/1.1';
  const json = ['content-type: application/json', 'idempotency-key: raw-fixed'];
  const cases: [string, string | Buffer, boolean?, number?][] = [
    ['baseline GET', req(get, k)],
    ['garbage', 'GARBAGE\r\n\r\n'],
    ['method only', 'GET\r\n\r\n'],
    ['HTTP/0.9', 'GET /v1/locations\r\n\r\n'],
    ['HTTP/9.9', req('GET /v1/locations HTTP/9.9', k)],
    ['extra token', req('GET /v1/locations HTTP/1.1 extra', k)],
    ['double space', req('GET  /v1/locations HTTP/1.1', k)],
    ['lowercase method', req('get /v1/locations HTTP/1.1', k)],
    ['unknown method FOO', req('FOO /v1/locations HTTP/1.1', k)],
    ['unknown method BREW', req('BREW /v1/locations HTTP/1.1', k)],
    ['PROPFIND', req('PROPFIND /v1/locations HTTP/1.1', k)],
    ['CONNECT authority', req('CONNECT 127.0.0.1:443 HTTP/1.1', k)],
    ['CONNECT path', req('CONNECT /v1/locations HTTP/1.1', k)],
    ['absolute-form', req('GET http://evil.example/v1/locations HTTP/1.1', k)],
    ['asterisk-form', req('GET * HTTP/1.1', k)],
    ['NUL in path', req('GET /v1/loc\u0000ations HTTP/1.1', k)],
    ['UTF-8 bytes in path', b('GET /v1/locations/', [0xc3, 0xa9], ` HTTP/1.1\r\nHost: x\r\nx-api-key: ${k}\r\n\r\n`)],
    ['invalid bytes in path', b('GET /v1/locations/', [0xff, 0xfe], ` HTTP/1.1\r\nHost: x\r\nx-api-key: ${k}\r\n\r\n`)],
    ['tab in path', req('GET /v1/loc\tations HTTP/1.1', k)],
    ['URL over 16 KB', req(`GET /v1/${'a'.repeat(20_000)} HTTP/1.1`, k)],
    ['leading CRLFs', `\r\n\r\n${req(get, k)}`],
    ['LF line endings', req(get, k).replace(/\r\n/g, '\n')],
    ['no Host, HTTP/1.1', req(get, k, [], '', '')],
    ['no Host, HTTP/1.0', req('GET /v1/locations HTTP/1.0', k, [], '', '')],
    ['two Hosts', req(get, k, ['Host: other'])],
    ['NUL in key header', req(get, `${k}\u0000`)],
    ['CR in header value', req(get, k, ['x-request-id: ab\rcd'])],
    ['LF splits a header', req(get, k, ['x-fuzz: a\nb'])],
    ['header without colon', req(get, k, ['x-api-key-without-colon'])],
    ['space in header name', req(get, k, ['x api: v'])],
    ['space before colon', req(get, k, ['x-api-key : v'])],
    ['obs-fold', req(get, k, ['x-fuzz: a', ' folded'])],
    ['non-ASCII header name', b(req(get, k).slice(0, -2), 'x-f', [0xfc], ': 1\r\n\r\n')],
    ['non-ASCII header value', b(req(get, k).slice(0, -2), 'x-request-id: ', [0xc3, 0xa9], '\r\n\r\n')],
    ['header over 16 KB', req(get, k, [`x-fuzz: ${'y'.repeat(17_000)}`])],
    ['key header over 16 KB', req(get, `${k}${'A'.repeat(17_000)}`)],
    [
      '3000 headers',
      req(
        get,
        k,
        Array.from({ length: 3000 }, (_, i) => `x-h${i}: v`),
      ),
    ],
    ['Content-Length abc', req(post, a, [...json, 'content-length: abc'], '{}')],
    ['Content-Length -1', req(post, a, [...json, 'content-length: -1'], '{}')],
    ['Content-Length 1e3', req(post, a, [...json, 'content-length: 1e3'], '{}')],
    ['two Content-Lengths', req(post, a, [...json, 'content-length: 2', 'content-length: 3'], '{}')],
    ['huge Content-Length', req(post, a, [...json, 'content-length: 99999999999999999999'], '{}'), false],
    ['CL and TE', req(post, a, [...json, 'content-length: 2', 'transfer-encoding: chunked'], '2\r\n{}\r\n0\r\n\r\n')],
    ['chunk size zz', req(post, a, [...json, 'transfer-encoding: chunked'], 'zz\r\n{}\r\n0\r\n\r\n')],
    ['chunk size overflow', req(post, a, [...json, 'transfer-encoding: chunked'], `${'f'.repeat(20)}\r\n{}\r\n`)],
    ['no last chunk', req(post, a, [...json, 'transfer-encoding: chunked'], '2\r\n{}\r\n'), false],
    ['chunk extension', req(post, a, [...json, 'transfer-encoding: chunked'], '2;x=y\r\n{}\r\n0\r\n\r\n')],
    ['bad trailer', req(post, a, [...json, 'transfer-encoding: chunked'], '2\r\n{}\r\n0\r\nbad trailer\r\n\r\n')],
    ['TE gzip, chunked', req(post, a, [...json, 'transfer-encoding: gzip, chunked'], '2\r\n{}\r\n0\r\n\r\n')],
    ['TE chunked, gzip', req(post, a, [...json, 'transfer-encoding: chunked, gzip'], '2\r\n{}\r\n0\r\n\r\n')],
    ['TE xchunked', req(post, a, [...json, 'transfer-encoding: xchunked'], '2\r\n{}\r\n0\r\n\r\n')],
    ['truncated body', req(post, a, [...json, 'content-length: 100'], '{"name":"trunc'), false],
    ['body longer than CL', req(post, a, [...json, 'content-length: 2'], '{}GARBAGE / HTTP/1.1\r\n\r\n'), true, 2],
    ['pipelined', req(get, k) + req(get, k), true, 2],
    ['Expect 100-continue', req(post, a, [...json, 'expect: 100-continue', 'content-length: 2'], '{}')],
    ['Expect unknown', req(post, a, [...json, 'expect: 1000-continue', 'content-length: 2'], '{}')],
    ['Upgrade websocket', req(get, k, ['connection: upgrade', 'upgrade: websocket'])],
    ['Upgrade h2c', req(get, k, ['connection: upgrade, http2-settings', 'upgrade: h2c', 'http2-settings: AAA'])],
    ['HTTP/2 preface', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'],
    ['TLS hello', b([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03])],
    ['only CRLFs', '\r\n\r\n\r\n', false],
    ['nothing', '', false],
  ];
  return cases.map(([name, bytes, expectAnswer = true, responses]) => ({
    name,
    bytes: b(bytes),
    expectAnswer,
    responses,
  }));
}

/** Seeded mixes: one broken request line, header or framing in an otherwise normal request. */
export function mixedCases(rng: Rng, t: RawTargets, count: number): RawCase[] {
  const lines = [
    `GET /v1/locations/${t.locationId} HTTP/1.1`,
    `PATCH /v1/locations/${t.locationId} HTTP/1.1`,
    'POST /admin/v1/organizations HTTP/1.1',
    `GET /v1/locations/${t.locationId}/orders?limit=%FF HTTP/1.1`,
    'DELETE /v1/organizations HTTP/1.1',
  ];
  const anomalies = [
    'x-fuzz: \u0000',
    'x-fuzz: a\rb',
    `x-request-id: ${'r'.repeat(200)}`,
    'cookie: svc_session=1',
    'content-type: text/plain',
    'content-type: application/json; charset=utf-16',
    `idempotency-key: ${'k'.repeat(300)}`,
    'x-api-key: second',
    'transfer-encoding: identity',
    'connection: keep-alive, close',
  ];
  const framings: [string, (body: string) => string[], (body: string) => string, boolean][] = [
    ['none', () => [], () => '', true],
    ['CL', (x) => [`content-length: ${Buffer.byteLength(x)}`], (x) => x, true],
    [
      'chunked',
      () => ['transfer-encoding: chunked'],
      // An empty body is the last chunk alone; a zero-size chunk before it would end the message early.
      (x) => (x === '' ? '0\r\n\r\n' : `${Buffer.byteLength(x).toString(16)}\r\n${x}\r\n0\r\n\r\n`),
      true,
    ],
    ['CL short', (x) => [`content-length: ${Buffer.byteLength(x) + 5}`], (x) => x, false],
  ];
  const out: RawCase[] = [];
  for (let i = 0; i < count; i++) {
    const line = rng.pick(lines);
    const anomaly = rng.pick(anomalies);
    const [fname, fheaders, fbody, expectAnswer] = rng.pick(framings);
    const json = rng.pick(['{"name":"Raw"}', '{"name":"\u00e9"}', '[[[[[[[[]]]]]]]]', '{"name":', '']);
    const key = line.includes('/admin/') ? t.adminKey : t.orgKey;
    const headers = ['content-type: application/json', `idempotency-key: raw-${i}`, anomaly, ...fheaders(json)];
    out.push({
      name: `mix: ${line.split(' ').slice(0, 2).join(' ')} + ${anomaly.slice(0, 30)} + ${fname}`,
      group: `mix + ${JSON.stringify(anomaly.slice(0, 30))} + ${fname}`,
      bytes: b(req(line, key, headers, fbody(json))),
      expectAnswer,
    });
  }
  return out;
}
