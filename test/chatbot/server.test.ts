/** The receiver's rules over real HTTP (spec "Errors described for the receiver"). */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { loadContract } from '../../chatbot/contract.js';
import { createDeterministicEngine } from '../../chatbot/engine/deterministic/index.js';
import type { Engine } from '../../chatbot/engine/types.js';
import { createLogger } from '../../chatbot/log.js';
import { createChatbotServer } from '../../chatbot/server.js';
import { body, unchecked } from './body.js';
import { contractErrors } from './contract-check.js';
import { NOW } from './fixtures.js';

const TOKEN = 'test-token-0123456789';
const SECRET = `whsec_${Buffer.from('a secret of thirty-two bytes!!!!').toString('base64')}`;
const logged: string[] = [];
const contract = loadContract();
const server = createChatbotServer({
  token: TOKEN,
  signingSecret: SECRET,
  engine: createDeterministicEngine(() => NOW),
  log: createLogger('info', (line) => logged.push(line)),
  contract,
  answerCheck: 'throw',
});
let url = '';

/** An engine whose answer breaks the published answer schema (an empty reply text). */
const broken: Engine = { name: 'broken', answer: async () => ({ replies: [{ text: '' }] }) };
const servers = (['log', 'throw'] as const).map((answerCheck) =>
  createChatbotServer({
    token: TOKEN,
    signingSecret: SECRET,
    engine: broken,
    log: createLogger('info', (line) => logged.push(line)),
    contract,
    answerCheck,
  }),
);
const urls: string[] = [];

before(async () => {
  for (const s of [server, ...servers]) await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const s of servers) urls.push(`http://127.0.0.1:${(s.address() as AddressInfo).port}`);
});
after(() => Promise.all([server, ...servers].map((s) => new Promise<void>((resolve) => s.close(() => resolve())))));

interface Send {
  raw: string;
  token?: string | null;
  secret?: string;
  at?: Date;
  id?: string;
  signature?: string;
  /** Another server's base URL (default: the deterministic one's). */
  to?: string;
}

async function post(o: Send) {
  const id = o.id ?? `whd_${Math.random().toString(36).slice(2)}`;
  const at = o.at ?? new Date();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': o.signature ?? new Webhook(o.secret ?? SECRET).sign(id, at, o.raw),
  };
  if (o.token !== null) headers.authorization = `Bearer ${o.token ?? TOKEN}`;
  const res = await fetch(`${o.to ?? url}/message`, { method: 'POST', headers, body: o.raw });
  return { status: res.status, body: (await res.json()) as any };
}

const valid = JSON.stringify(body({ text: 'Are you open?', language: 'en' }));

describe('authentication', () => {
  it('401 without a bearer token, or with a wrong one', async () => {
    const none = await post({ raw: valid, token: null });
    assert.equal(none.status, 401);
    assert.equal(none.body.error.type, 'authentication_error');
    assert.equal((await post({ raw: valid, token: 'wrong-token-0123456789' })).status, 401);
    assert.equal((await post({ raw: valid, token: `${TOKEN}x` })).status, 401);
  });

  it('401 for a missing, wrong, or stale signature, and for a body changed after signing', async () => {
    assert.equal((await post({ raw: valid, signature: '' })).status, 401);
    const other = `whsec_${Buffer.from('another secret of 32 bytes!!!!!!').toString('base64')}`;
    assert.equal((await post({ raw: valid, secret: other })).status, 401);
    const stale = new Date(Date.now() - 10 * 60_000);
    assert.equal((await post({ raw: valid, at: stale })).status, 401);
    const id = 'whd_tampered';
    const at = new Date();
    const signature = new Webhook(SECRET).sign(id, at, valid);
    const tampered = valid.replace('Are you open?', 'Cancel everything');
    assert.equal((await post({ raw: tampered, id, at, signature })).status, 401);
    assert.ok(logged.some((l) => l.includes('signature refused')));
  });
});

describe('bodies', () => {
  it('a valid message gets the engine’s answer, within the contract', async () => {
    const res = await post({ raw: valid });
    assert.equal(res.status, 200);
    assert.deepEqual(contractErrors(res.body), []);
    assert.match(res.body.replies[0].text, /We are open now, until 14:30/);
  });

  it('a malformed payload is logged and answered with "please try again"', async () => {
    const notJson = await post({ raw: '{"lastMessage": ' });
    assert.equal(notJson.status, 200);
    assert.deepEqual(notJson.body, { replies: [{ text: 'Sorry, I could not read your message. Please try again.' }] });
    const partial = body({ text: 'Hallo', language: 'de' });
    delete partial.conversation;
    const german = await post({ raw: JSON.stringify(partial) });
    assert.match(german.body.replies[0].text, /Bitte versuchen Sie es noch einmal/);
    assert.ok(logged.some((l) => l.includes('"malformed payload"') && l.includes('conversation.id is missing')));
  });

  it('a body outside the schema openapi.json publishes is refused as a malformed one is', async () => {
    // Readable by the defensive readers (an unknown message type reads as text), but not a body the server sends.
    const odd = body({ text: 'Are you open?', language: 'en' });
    (odd.lastMessage as { type: string }).type = 'video';
    const res = await post({ raw: JSON.stringify(odd) });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { replies: [{ text: 'Sorry, I could not read your message. Please try again.' }] });
    assert.ok(
      logged.some(
        (l) => l.includes('"malformed payload"') && l.includes('outside the body schema: /lastMessage/type must be'),
      ),
    );
  });

  it('an invalid customer id is asked to start again', async () => {
    const res = await post({ raw: JSON.stringify(unchecked({ text: 'hi', customerId: 'cus_', language: 'en' })) });
    assert.equal(res.status, 200);
    assert.match(res.body.replies[0].text, /Please start again by sending "Hi"/);
    assert.ok(logged.some((l) => l.includes('"invalid customer"')));
  });

  it('health, unknown paths and methods', async () => {
    assert.deepEqual(await (await fetch(`${url}/healthz`)).json(), { status: 'ok', engine: 'deterministic' });
    assert.equal((await fetch(`${url}/nope`)).status, 404);
    assert.equal((await fetch(`${url}/message`)).status, 405);
  });
});

describe('the answer', () => {
  it('is checked against the published answer schema: logged at error, then sent (or a 500 when strict)', async () => {
    const sent = await post({ raw: valid, to: urls[0] });
    assert.equal(sent.status, 200);
    assert.deepEqual(sent.body, { replies: [{ text: '' }] });
    assert.ok(logged.some((l) => l.includes('"answer outside the contract"') && l.includes('/replies/0/text')));
    const line = JSON.parse(logged.find((l) => l.includes('"answer outside the contract"')) as string);
    assert.equal(line.level, 50);
    const strict = await post({ raw: valid, to: urls[1] });
    assert.equal(strict.status, 500);
    assert.equal(strict.body.error.code, 'internal_error');
  });
});

describe('a body over the limit', () => {
  it('is answered 413 (never a reset the platform would retry), and the next request is served', async () => {
    const big = JSON.stringify({ ...JSON.parse(valid), padding: 'x'.repeat(1_100_000) });
    const res = await post({ raw: big });
    assert.equal(res.status, 413);
    assert.equal(res.body.error.code, 'body_too_large');
    assert.equal((await post({ raw: valid })).status, 200);
  });
});
