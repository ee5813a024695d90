/**
 * Two server processes on one PostgreSQL, over real ports, with WhatsApp sends going to a fake Graph API:
 * a notification delivered to both at once is stored once, a burst split between them keeps a strict
 * order, and every reply is sent exactly once. Needs the machine's PostgreSQL; under CI=true its absence
 * fails the test, elsewhere the test is skipped with the reason.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { signBody } from '../../src/channels/whatsapp/signature.js';
import { type ServerProcess, startServerProcess } from '../helpers/services.js';
import { digits, eventually, fakeGraphApi, fill, fixture, secretish, wamid } from './_support.js';

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ordering_conversations_multiprocess';
const ADMIN = `svc_admin_${randomBytes(40)
  .toString('base64')
  .replace(/[^A-Za-z0-9]/g, '')
  .slice(0, 36)}`;
const servers: ServerProcess[] = [];
let graph: Awaited<ReturnType<typeof fakeGraphApi>>;
let unavailable: string | undefined;

async function databaseUp(): Promise<string | undefined> {
  const url = new URL(PG_URL);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(PG_URL), { pathname: '/postgres' }).href });
  try {
    await admin.connect();
    if (!process.env.DATABASE_URL) {
      await admin.query(`DROP DATABASE IF EXISTS "${url.pathname.slice(1)}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${url.pathname.slice(1)}"`);
    }
  } catch (err) {
    return `PostgreSQL at ${url.host} is not reachable: ${(err as Error).message}`;
  } finally {
    await admin.end().catch(() => {});
  }
  return undefined;
}

before(async () => {
  unavailable = await databaseUp();
  if (unavailable) return;
  graph = await fakeGraphApi();
  const env = { DATABASE_URL: PG_URL, ADMIN_API_KEY: ADMIN, WHATSAPP_GRAPH_BASE_URL: graph.url };
  // One after the other: both migrate the same database at start-up.
  servers.push(await startServerProcess(env), await startServerProcess(env));
});

after(async () => {
  for (const s of servers) process.kill(-(s.proc.pid as number), 'SIGTERM');
  await Promise.all(servers.map((s) => s.exited()));
  await graph?.close();
});

function needServices(t: { skip(msg: string): void }): boolean {
  if (!unavailable) return true;
  if (process.env.CI === 'true') assert.fail(unavailable);
  t.skip(unavailable);
  return false;
}

async function call(server: ServerProcess, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { 'x-api-key': ADMIN };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method === 'POST') headers['idempotency-key'] = `mp-${randomBytes(8).toString('hex')}`;
  const res = await fetch(server.base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function setUp() {
  const [a] = servers;
  const org = await call(a, 'POST', '/admin/v1/organizations', { name: 'Multi' });
  const loc = await call(a, 'POST', `/admin/v1/organizations/${org.body.id}/locations`, {
    name: 'Mitte',
    currency: 'EUR',
    country: 'DE',
    timezone: 'Europe/Berlin',
    default_language: 'de',
  });
  assert.equal(loc.status, 201);
  const appSecret = randomBytes(16).toString('hex');
  const phoneNumberId = digits(15);
  const account = await call(a, 'POST', '/admin/v1/channel_accounts', {
    channel: 'whatsapp',
    location_id: loc.body.id,
    whatsapp: {
      phone_number_id: phoneNumberId,
      access_token: secretish('EAAG'),
      app_secret: appSecret,
      verify_token: 'v',
    },
  });
  assert.equal(account.status, 201);
  const notify = (server: ServerProcess, raw: string) =>
    fetch(`${server.base}/channels/whatsapp/${account.body.id}/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(raw, appSecret) },
      body: raw,
    });
  const text = (waId: string, id: string) =>
    fill(fixture('text-message'), { PHONE_NUMBER_ID: phoneNumberId, WA_ID: waId, WAMID: id });
  return { notify, text };
}

async function conversationOf(waId: string) {
  const customer = (await call(servers[0], 'GET', `/admin/v1/customers?phone=${waId}`)).body.data[0];
  return (await call(servers[0], 'GET', `/admin/v1/conversations?customer_id=${customer.id}`)).body.data[0]
    .id as string;
}

const messagesOf = async (conversationId: string) =>
  (await call(servers[1], 'GET', `/admin/v1/conversations/${conversationId}/messages?limit=100`)).body.data as any[];

describe('conversations across two server processes', () => {
  test('one notification delivered to both processes at once is stored once', async (t) => {
    if (!needServices(t)) return;
    const { notify, text } = await setUp();
    const waId = `49${digits(10)}`;
    const raw = text(waId, wamid());
    const answers = await Promise.all([0, 1, 0, 1, 0, 1].map((i) => notify(servers[i], raw)));
    assert.deepEqual(
      answers.map((r) => r.status),
      [200, 200, 200, 200, 200, 200],
    );
    assert.equal((await messagesOf(await conversationOf(waId))).length, 1);
  });

  test('a burst split between the processes is all stored, in a strict order', async (t) => {
    if (!needServices(t)) return;
    const { notify, text } = await setUp();
    const waId = `49${digits(10)}`;
    await Promise.all(Array.from({ length: 20 }, (_, i) => notify(servers[i % 2], text(waId, wamid()))));
    const messages = await messagesOf(await conversationOf(waId));
    assert.equal(messages.length, 20);
    for (let i = 1; i < messages.length; i++) {
      assert.ok(Date.parse(messages[i].created_at) > Date.parse(messages[i - 1].created_at));
    }
  });

  test('replies stored on either process are each sent exactly once, in order', async (t) => {
    if (!needServices(t)) return;
    const { notify, text } = await setUp();
    const waId = `49${digits(10)}`;
    await notify(servers[0], text(waId, wamid()));
    const conversation = await conversationOf(waId);
    for (let i = 0; i < 6; i++) {
      const res = await call(servers[i % 2], 'POST', `/admin/v1/conversations/${conversation}/messages`, {
        text: `reply ${i}`,
      });
      assert.equal(res.status, 201);
    }
    const out = await eventually(async () => {
      const sent = (await messagesOf(conversation)).filter((m) => m.direction === 'outbound');
      return sent.every((m) => m.status === 'sent') ? sent : undefined;
    }, 10_000);
    assert.equal(out.length, 6);
    const requests = graph.requests.filter((r) => r.body.to === waId).map((r) => r.body.text.body);
    assert.deepEqual(
      requests,
      Array.from({ length: 6 }, (_, i) => `reply ${i}`),
    );
  });
});
