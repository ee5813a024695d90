import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redactLogLine, serializeError, serializeHeaders } from '../../src/http/logging.js';

const KEY = `svc_admin_${'Q1w2E3r4'.repeat(5)}`;

test('a log line loses any key, plain or percent-encoded, and keeps the rest', () => {
  const encoded = [...KEY].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
  for (const line of [
    `{"url":"/v1/x?k=${KEY}"}`,
    `{"url":"/v1/x?k=${encoded}&b=%20"}`,
    `{"msg":"Route GET:/${KEY} not found"}`,
  ]) {
    const out = redactLogLine(line);
    assert.ok(!out.includes('Q1w2E3r4'), out);
    assert.match(out, /svc_admin_\[redacted\]/);
  }
  assert.equal(redactLogLine('{"url":"/v1/x?a=%20b&c=%E2%82%AC"}'), '{"url":"/v1/x?a=%20b&c=%E2%82%AC"}');
  assert.equal(redactLogLine('{"url":"/v1/x?a=%ZZ"}'), '{"url":"/v1/x?a=%ZZ"}');
});

test('an error is logged without the raw bytes Node attaches, with its code and cause', () => {
  const err = Object.assign(new Error('Parse Error: Invalid method encountered'), {
    code: 'HPE_INVALID_METHOD',
    rawPacket: Buffer.from(`FOO / HTTP/1.1\r\nx-api-key: ${KEY}\r\n\r\n`),
    extra: { bytes: Buffer.from(KEY), view: new Uint8Array([1, 2, 3]) },
    cause: new Error('inner'),
  });
  const out = serializeError(err) as Record<string, any>;
  assert.equal(out.code, 'HPE_INVALID_METHOD');
  assert.equal(out.rawPacket, undefined);
  assert.deepEqual(out.extra, { bytes: '[binary]', view: '[binary]' });
  assert.equal(out.cause.message, 'inner');
  assert.ok(!JSON.stringify(out).includes('Q1w2E3r4'));
  assert.deepEqual(serializeHeaders({ 'X-Api-Key': KEY, cookie: 'svc_session=1', accept: '*/*' }), {
    'X-Api-Key': '[redacted]',
    cookie: '[redacted]',
    accept: '*/*',
  });
});
