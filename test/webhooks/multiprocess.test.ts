/**
 * Server processes on one PostgreSQL (a schema of this file's own) delivering to one receiver: no
 * delivery twice, one at a time and in order within a conversation; and a process killed (SIGKILL)
 * in the middle of a delivery loses nothing: after its lease runs out a new process delivers it, and the
 * answer is carried out once. Needs PostgreSQL: under CI=true its absence fails, elsewhere it skips.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type ServerProcess, startServerProcess } from '../helpers/services.js';
import { type Answer, eventually, fakeReceiver, needs, newSecret, privatePostgres, type Received } from './_support.js';

const ADMIN = `svc_admin_${randomBytes(40)
  .toString('base64')
  .replace(/[^A-Za-z0-9]/g, '')
  .slice(0, 36)}`;
let unavailable: string | undefined;
let env: Record<string, string>;
const servers: ServerProcess[] = [];
let receiver: Awaited<ReturnType<typeof fakeReceiver>>;
/** Per conversation: attempts in flight now, and the most ever seen at once. */
const inFlight = new Map<string, number>();
let maxInFlight = 0;
let hold: ((r: Received) => Answer | undefined) | undefined;

before(async () => {
  const pg = await privatePostgres();
  if ('unavailable' in pg) {
    unavailable = pg.unavailable;
    return;
  }
  receiver = await fakeReceiver(async (r) => {
    const held = hold?.(r);
    if (held) return held;
    const cnv = r.body?.conversation?.id as string;
    const n = (inFlight.get(cnv) ?? 0) + 1;
    inFlight.set(cnv, n);
    maxInFlight = Math.max(maxInFlight, n);
    await new Promise((x) => setTimeout(x, Math.random() * 20));
    inFlight.set(cnv, n - 1);
    return { status: 200 };
  });
  env = {
    DATABASE_URL: pg.url,
    REDIS_URL: '',
    ADMIN_API_KEY: ADMIN,
    CHATBOT_URL: receiver.url,
    CHATBOT_SIGNING_SECRET: newSecret(),
    CHATBOT_TIMEOUT_MS: '1000',
  };
  // Together: their migrations at start-up are serialized by an advisory lock.
  const started = await Promise.allSettled([startServerProcess(env, 60_000), startServerProcess(env, 60_000)]);
  for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
  for (const s of started) if (s.status === 'rejected') throw s.reason;
});

after(async () => {
  for (const s of servers) {
    try {
      process.kill(-(s.proc.pid as number), 'SIGKILL');
    } catch {}
  }
  await Promise.all(servers.map((s) => s.exited()));
  await receiver?.close();
});

async function call(server: ServerProcess, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { 'x-api-key': ADMIN };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method === 'POST') headers['idempotency-key'] = `wh-mp-${randomBytes(8).toString('hex')}`;
  const res = await fetch(server.base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function testAccount(server: ServerProcess) {
  const org = await call(server, 'POST', '/admin/v1/organizations', { name: 'Webhooks' });
  const loc = await call(server, 'POST', `/admin/v1/organizations/${org.body.id}/locations`, {
    name: 'Mitte',
    currency: 'EUR',
    country: 'DE',
    timezone: 'Europe/Berlin',
    default_language: 'de',
  });
  const account = await call(server, 'POST', '/admin/v1/channel_accounts', {
    channel: 'test',
    location_id: loc.body.id,
  });
  assert.equal(account.status, 201, JSON.stringify(account.body));
  return account.body.id as string;
}

async function say(server: ServerProcess, account: string, phone: string, text: string) {
  const res = await call(server, 'POST', `/admin/v1/channel_accounts/${account}/inbound_messages`, {
    from: { phone },
    text,
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as { id: string; conversation_id: string };
}

const delivery = async (server: ServerProcess, messageId: string, conversationId: string) => {
  const list = await call(server, 'GET', `/admin/v1/webhook_deliveries?conversation_id=${conversationId}&limit=100`);
  const d = list.body.data.find((x: any) => x.message_id === messageId);
  return (await call(server, 'GET', `/admin/v1/webhook_deliveries/${d.id}`)).body;
};

describe('the message webhook across server processes', () => {
  test('two processes: every message delivered once, one at a time and in order per conversation', async (t) => {
    if (!needs(t, unavailable)) return;
    const account = await testAccount(servers[0]);
    const phones = Array.from({ length: 6 }, (_, i) => `+49170${String(Date.now()).slice(-6)}${i}`);
    const sent: { id: string; conversation_id: string }[] = [];
    for (let round = 0; round < 8; round++) {
      const batch = await Promise.all(
        phones.map((p, i) => say(servers[(round + i) % 2], account, p, `round ${round}`)),
      );
      sent.push(...batch);
    }
    await eventually(() => {
      const ids = new Set(sent.map((m) => m.id));
      const got = receiver.received.filter((r) => ids.has(r.body?.lastMessage?.id) && r.status === 200);
      return got.length >= sent.length ? true : undefined;
    }, 30_000);
    const ours = receiver.received.filter((r) => sent.some((m) => m.id === r.body?.lastMessage?.id));
    const perId = new Map<string, number>();
    for (const r of ours) perId.set(r.id, (perId.get(r.id) ?? 0) + 1);
    assert.equal(perId.size, sent.length, 'one webhook-id per message');
    assert.deepEqual([...new Set(perId.values())], [1], 'no webhook-id delivered twice');
    assert.equal(maxInFlight, 1, 'never two deliveries of one conversation at once');
    for (const cnv of new Set(sent.map((m) => m.conversation_id))) {
      const stored = (await call(servers[1], 'GET', `/admin/v1/conversations/${cnv}/messages?limit=100`)).body.data;
      const delivered = ours.filter((r) => r.body.conversation.id === cnv).map((r) => r.body.lastMessage.id);
      assert.deepEqual(
        delivered,
        stored.filter((m: any) => m.direction === 'inbound').map((m: any) => m.id),
      );
    }
  });

  test('a process killed during a delivery: another delivers it after the lease, the answer once', async (t) => {
    if (!needs(t, unavailable)) return;
    // Only one process delivers, so the one to kill is the one holding the delivery.
    const b = servers.pop() as ServerProcess;
    process.kill(-(b.proc.pid as number), 'SIGTERM');
    assert.equal(await b.exited(), 0, b.output());
    const a = servers[0];
    const account = await testAccount(a);
    const phone = `+49171${String(Date.now()).slice(-7)}`;
    let held!: Received;
    hold = (r) => {
      if (r.body?.lastMessage?.text !== 'kill me' || held) return undefined;
      held = r;
      return 'hang';
    };
    const first = await say(a, account, phone, 'kill me');
    const second = await say(a, account, phone, 'after the kill');
    await eventually(() => held);
    process.kill(-(a.proc.pid as number), 'SIGKILL');
    await a.exited();
    servers.shift();
    const c = await startServerProcess(env, 60_000);
    servers.push(c);
    // The lease is the 1 s timeout plus 5 s: well before that has passed nothing is sent again.
    const done = await eventually(async () => {
      const d = await delivery(c, second.id, second.conversation_id);
      return d.status === 'succeeded' ? d : undefined;
    }, 30_000);
    const d1 = await delivery(c, first.id, first.conversation_id);
    assert.equal(d1.status, 'succeeded');
    const got1 = receiver.received.filter((r) => r.id === d1.id);
    assert.equal(got1.length, 2, 'sent again after the kill, with the same webhook-id');
    assert.equal(got1.filter((r) => r.status === 200).length, 1, 'answered (and carried out) once');
    assert.ok(got1[1].at - got1[0].at >= 5_000, `taken over ${got1[1].at - got1[0].at} ms later: after the lease`);
    assert.deepEqual(
      d1.attempts.map((x: any) => [x.number, x.status_code, x.result]),
      [
        [1, null, 'retry'],
        [2, 200, 'succeeded'],
      ],
    );
    assert.match(d1.attempts[0].error, /abandoned/);
    const got2 = receiver.received.filter((r) => r.id === done.id);
    assert.equal(got2.length, 1);
    assert.ok(got2[0].at >= (got1[1].answeredAt as number), 'the next message went after the taken-over one');
  });
});
