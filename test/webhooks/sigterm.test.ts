/**
 * Real server processes (src/main.ts) stopped with SIGTERM while the chatbot's receiver holds their
 * delivery. Each exits 0. A delivery answered within the drain (10 s) is completed by the stopping
 * process, its answer carried out; one still unanswered when the drain ends is cut short, handed back,
 * and delivered once by the next server started on the same database. Either way no webhook-id is
 * answered twice and the conversation gets exactly one bot reply, which reaches the customer. On PGlite
 * (a DATA_DIR of the test's own) and, with DATABASE_URL, on PostgreSQL (a schema of the test's own).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type ServerProcess, startServerProcess } from '../helpers/services.js';
import { eventually, needs, newSecret, privatePostgres } from './_support.js';

const ADMIN = `svc_admin_${randomBytes(40)
  .toString('base64')
  .replace(/[^A-Za-z0-9]/g, '')
  .slice(0, 36)}`;
/** How long the receiver holds a `hold` message's first delivery: well inside the worker's 10 s drain. */
const HOLD_MS = 1_500;
/** The worker's drain bound (WorkerOptions.drainMs default; the server does not change it). */
const DRAIN_MS = 10_000;
const ANSWER = JSON.stringify({ replies: [{ text: 'hi' }] });

interface Seen {
  id: string;
  text: string;
  at: number;
  /** The answer was handed over on a live connection (not written to one the server had cut). */
  answered: boolean;
  /** The server closed the connection before the answer went out. */
  cut: boolean;
}

let unavailable: string | undefined;
let env: Record<string, string>;
let dataDir: string | undefined;
/** The server processes running now (at most one: PGlite's data folder serves one process). */
const servers: ServerProcess[] = [];
const seen: Seen[] = [];
let receiver: Server | undefined;

before(async () => {
  if (process.env.DATABASE_URL) {
    const pg = await privatePostgres();
    if ('unavailable' in pg) {
      unavailable = pg.unavailable;
      return;
    }
    env = { DATABASE_URL: pg.url };
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'sigterm-'));
    env = { DATA_DIR: join(dataDir, 'data'), DATABASE_URL: '' };
  }
  // The chatbot. By the message's text, the first request of a webhook-id is held HOLD_MS (`hold`), or not
  // answered at all until the server gives up on it (`hang`); every other request is answered at once.
  // Every answer is the same single reply: a second answer carried out would show as a second bot reply.
  receiver = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const s: Seen = {
      id: String(req.headers['webhook-id']),
      text: JSON.parse(raw).lastMessage?.text,
      at: Date.now(),
      answered: false,
      cut: false,
    };
    const first = !seen.some((x) => x.id === s.id);
    seen.push(s);
    res.on('close', () => {
      if (!res.writableFinished) s.cut = true;
    });
    if (first && s.text === 'hang') return;
    if (first && s.text === 'hold') await new Promise((r) => setTimeout(r, HOLD_MS));
    if (res.destroyed) return;
    res.writeHead(200, { 'content-type': 'application/json' }).end(ANSWER, () => {
      s.answered = !s.cut;
    });
  });
  await new Promise<void>((r) => receiver?.listen(0, '127.0.0.1', () => r()));
  env = {
    ...env,
    REDIS_URL: '',
    ADMIN_API_KEY: ADMIN,
    CHATBOT_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
    CHATBOT_TOKEN: 'tok-sigterm',
    CHATBOT_SIGNING_SECRET: newSecret(),
    // Beyond the drain: a `hang` attempt is ended by the shutdown, not by its own timeout.
    CHATBOT_TIMEOUT_MS: '15000',
  };
});

after(async () => {
  for (const s of servers) {
    try {
      process.kill(-(s.proc.pid as number), 'SIGKILL');
    } catch {}
  }
  await Promise.all(servers.map((s) => s.exited()));
  await new Promise((r) => (receiver ? receiver.close(r) : r(undefined)));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function call(server: ServerProcess, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { 'x-api-key': ADMIN };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method === 'POST') headers['idempotency-key'] = `sigterm-${randomBytes(8).toString('hex')}`;
  const res = await fetch(server.base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** The server running now, or a new one on the test's database. */
async function server(): Promise<ServerProcess> {
  if (servers[0]) return servers[0];
  const s = await startServerProcess(env, 40_000);
  servers.push(s);
  return s;
}

/** SIGTERM to the server's process group, as an orchestrator stops it; resolves with its exit and how long it took. */
async function terminate(s: ServerProcess) {
  const t0 = Date.now();
  process.kill(-(s.proc.pid as number), 'SIGTERM');
  // Bounded: a server that never exits fails the test (and the file's after() kills it).
  const code = await Promise.race([
    s.exited(),
    new Promise((r) => setTimeout(() => r('still running 20 s after SIGTERM'), 20_000).unref()),
  ]);
  assert.equal(code, 0, s.output());
  servers.splice(servers.indexOf(s), 1);
  return Date.now() - t0;
}

async function customerSays(s: ServerProcess, text: string) {
  const org = await call(s, 'POST', '/admin/v1/organizations', { name: 'Stopping' });
  assert.equal(org.status, 201, JSON.stringify(org.body));
  const loc = await call(s, 'POST', `/admin/v1/organizations/${org.body.id}/locations`, {
    name: 'Mitte',
    currency: 'EUR',
    country: 'DE',
    timezone: 'Europe/Berlin',
    default_language: 'de',
  });
  assert.equal(loc.status, 201, JSON.stringify(loc.body));
  const account = await call(s, 'POST', '/admin/v1/channel_accounts', { channel: 'test', location_id: loc.body.id });
  assert.equal(account.status, 201, JSON.stringify(account.body));
  const sent = await call(s, 'POST', `/admin/v1/channel_accounts/${account.body.id}/inbound_messages`, {
    from: { phone: `+49170${String(Date.now()).slice(-7)}` },
    text,
  });
  assert.equal(sent.status, 201, JSON.stringify(sent.body));
  return sent.body as { id: string; conversation_id: string };
}

/** The message's one delivery, once it has ended. */
async function endedDelivery(s: ServerProcess, m: { id: string; conversation_id: string }) {
  const list = await call(s, 'GET', `/admin/v1/webhook_deliveries?conversation_id=${m.conversation_id}&limit=100`);
  assert.equal(list.status, 200, JSON.stringify(list.body));
  assert.equal(list.body.data.length, 1, 'one delivery for the one message');
  assert.equal(list.body.data[0].message_id, m.id);
  return eventually(async () => {
    const d = (await call(s, 'GET', `/admin/v1/webhook_deliveries/${list.body.data[0].id}`)).body;
    return d.status === 'succeeded' || d.status === 'failed' ? d : undefined;
  }, 15_000);
}

/** No webhook-id answered twice; the conversation's bot replies, once every one has been sent. */
async function afterwards(s: ServerProcess, conversationId: string) {
  for (const id of new Set(seen.map((x) => x.id))) {
    const answered = seen.filter((x) => x.id === id && x.answered).length;
    assert.ok(answered <= 1, `${id} answered ${answered} times: ${JSON.stringify(seen)}`);
  }
  // A reply the stopping process stored but did not send is taken up by the next one (its 5 s sweep).
  const replies = await eventually(async () => {
    const msgs = (await call(s, 'GET', `/admin/v1/conversations/${conversationId}/messages?limit=100`)).body.data;
    const out = msgs.filter((x: any) => x.direction === 'outbound');
    return out.every((x: any) => x.status === 'sent') ? out : undefined;
  }, 20_000);
  return replies.map((x: any) => x.text);
}

describe('a server stopped with SIGTERM during a delivery', () => {
  test('answered within the drain: exits 0, the delivery completed and its answer carried out once', async (t) => {
    if (!needs(t, unavailable)) return;
    const a = await server();
    const m = await customerSays(a, 'hold');
    // The receiver has the request in hand: stop the server now.
    const held = await eventually(() => seen.find((x) => x.text === 'hold'), 10_000);
    const took = await terminate(a);
    assert.ok(took < DRAIN_MS, `exited ${took} ms after SIGTERM: it waited for the answer, not for the drain bound`);
    assert.equal(held.answered, true, 'the held request was answered, not cut short');

    // The next server on the same database shows what the stopped one recorded, and sends nothing again.
    const b = await server();
    const d = await endedDelivery(b, m);
    assert.equal(d.id, held.id);
    assert.equal(d.status, 'succeeded', JSON.stringify(d));
    assert.deepEqual(
      d.attempts.map((x: any) => [x.number, x.status_code, x.result]),
      [[1, 200, 'succeeded']],
      'completed by the stopping process',
    );
    assert.equal(d.outcome?.applied, true, JSON.stringify(d.outcome));
    assert.equal(d.outcome?.replies_sent, 1, JSON.stringify(d.outcome));
    await new Promise((r) => setTimeout(r, 1_000)); // time for a wrongly handed-back delivery to go out again
    assert.equal(seen.filter((x) => x.id === d.id).length, 1, JSON.stringify(seen));
    assert.deepEqual(await afterwards(b, m.conversation_id), ['hi']);
  });

  test('unanswered when the drain ends: exits 0, the attempt handed back and delivered once by the next server', async (t) => {
    if (!needs(t, unavailable)) return;
    const b = await server();
    const m = await customerSays(b, 'hang');
    const hung = await eventually(() => seen.find((x) => x.text === 'hang'), 10_000);
    const took = await terminate(b);
    assert.ok(took >= DRAIN_MS - 500, `exited ${took} ms after SIGTERM: before the drain bound`);
    assert.ok(took < DRAIN_MS + 8_000, `exited ${took} ms after SIGTERM: long after the drain bound`);
    await eventually(() => (hung.cut ? true : undefined), 2_000);

    const c = await server();
    const d = await endedDelivery(c, m);
    assert.equal(d.id, hung.id);
    assert.equal(d.status, 'succeeded', JSON.stringify(d));
    assert.deepEqual(
      d.attempts.map((x: any) => [x.number, x.status_code, x.result]),
      [
        [1, null, 'retry'],
        [2, 200, 'succeeded'],
      ],
    );
    assert.match(d.attempts[0].error, /cut short: the server is stopping/);
    assert.equal(d.outcome?.replies_sent, 1, JSON.stringify(d.outcome));
    await new Promise((r) => setTimeout(r, 1_000));
    const requests = seen.filter((x) => x.id === d.id);
    assert.deepEqual(
      requests.map((x) => [x.cut, x.answered]),
      [
        [true, false],
        [false, true],
      ],
      'sent again with the same webhook-id, and answered once',
    );
    assert.deepEqual(await afterwards(c, m.conversation_id), ['hi']);
    assert.ok((await terminate(c)) < DRAIN_MS, 'an idle server stops at once');
  });
});
