/**
 * Issue 19, item 7: a secret carried as a query parameter (the WhatsApp verify token, and the other names
 * src/lib/redact-query.ts knows) never reaches a log line, however the parameter's name is written: the
 * query parser decodes names, so `hub.verify%5Ftoken` is the verify token as much as `hub.verify_token`.
 * Every character of every secret name is percent-encoded in turn (upper and lower case hex), on a real
 * port at trace level, with every log line captured.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { type App, buildApp } from '../../src/app.js';
import { issueKey } from '../../src/domain/api-keys.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { testDb } from '../helpers/db.js';
import { exchange } from '../helpers/raw-http.js';

const lines: string[] = [];
let app: App;
let port: number;
let accountId: string;
const verifyToken = `verify-${randomBytes(24).toString('hex')}`;

before(async () => {
  const db = await testDb();
  app = await buildApp({
    db,
    store: memoryStore(),
    logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
  });
  const adminKey = (await issueKey(db, { type: 'admin', name: 'query secret redaction' })).secret as string;
  const headers = { 'x-api-key': adminKey, 'idempotency-key': `qsr-${Date.now()}` };
  const org = await app.inject({ method: 'POST', url: '/admin/v1/organizations', headers, payload: { name: 'Q' } });
  const account = await app.inject({
    method: 'POST',
    url: '/admin/v1/channel_accounts',
    headers: { ...headers, 'idempotency-key': `qsr-${Date.now()}-2` },
    payload: {
      channel: 'whatsapp',
      organization_id: org.json().id,
      whatsapp: {
        phone_number_id: String(Date.now()),
        access_token: 'EAAG-unused',
        app_secret: 'unused',
        verify_token: verifyToken,
      },
    },
  });
  assert.equal(account.statusCode, 201, account.body);
  accountId = account.json().id;
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});

after(async () => {
  await app.close();
  await (await testDb()).close();
});

/** The name with its i-th character percent-encoded, in upper or lower case hex. */
const encodeAt = (name: string, i: number, lower: boolean) => {
  const hex = name.charCodeAt(i).toString(16).padStart(2, '0');
  return `${name.slice(0, i)}%${lower ? hex.toLowerCase() : hex.toUpperCase()}${name.slice(i + 1)}`;
};
const encodeAll = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');

/** Every written form of a parameter name the tests try. */
function nameForms(name: string): string[] {
  const forms = [name, encodeAll(name), name.toUpperCase(), name.replace('_', '%255F')];
  for (let i = 0; i < name.length; i++) forms.push(encodeAt(name, i, false), encodeAt(name, i, true));
  return forms;
}

async function get(path: string) {
  const [res] = await exchange(port, `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
  return res;
}

/** The lines holding any 8 consecutive characters of the secret's random part. */
function leaks(secret: string): string[] {
  const part = secret.replace(/^[a-z]+-/, '');
  const windows = Array.from({ length: part.length - 7 }, (_, i) => part.slice(i, i + 8));
  return lines.filter((line) => windows.some((w) => line.includes(w))).map((line) => line.slice(0, 300));
}

const hook = () => `/channels/whatsapp/${accountId}/webhook`;

test('the verify token, under every encoding of its parameter name, is read and never logged', async () => {
  for (const name of nameForms('hub.verify_token')) {
    const res = await get(`${hook()}?hub.mode=subscribe&${name}=${verifyToken}&hub.challenge=42`);
    // Each single-character encoding is the verify token to the server: the handshake succeeds.
    if (/^hub.verify_token$/i.test(decodeURIComponent(name)) && name !== name.toUpperCase()) {
      assert.equal(res.status, 200, `${name}: ${res.raw.slice(0, 200)}`);
    }
  }
  // An encoded value, and the parameter repeated (the second copy is the secret).
  await get(`${hook()}?hub.mode=subscribe&hub.verify_token=${encodeAll(verifyToken)}&hub.challenge=1`);
  await get(`${hook()}?hub.verify%5Ftoken=x&hub.verify%5ftoken=${verifyToken}&hub.verify_token=${verifyToken}`);
  await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual(leaks(verifyToken), []);
  assert.ok(
    lines.some((l) => l.includes('incoming request') && l.includes('=[redacted]')),
    'no redacted request line captured: the capture or the URL logging changed',
  );
});

test('every other secret parameter name, each character encoded in turn, keeps its value out of the log', async () => {
  for (const param of ['verify_token', 'access_token', 'app_secret', 'api_key']) {
    const secret = `${param.split('_')[0]}-${randomBytes(24).toString('hex')}`;
    for (const name of nameForms(param)) await get(`${hook()}?${name}=${secret}&hub.mode=subscribe`);
    await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(leaks(secret), [], param);
  }
});
