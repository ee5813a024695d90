/**
 * Real server processes on one PostgreSQL (a schema of this file's own): a process killed (SIGKILL) in the
 * middle of an event delivery loses nothing: once its lease runs out (the 10 s timeout plus 5 s) another
 * process delivers the event, with the same webhook-id. Needs PostgreSQL: under CI=true its absence
 * fails, elsewhere it skips.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { type ServerProcess, startServerProcess } from '../helpers/services.js';
import { eventually, fakeReceiver, needs, privatePostgres } from '../webhooks/_support.js';

const ADMIN = `svc_admin_${randomBytes(40)
  .toString('base64')
  .replace(/[^A-Za-z0-9]/g, '')
  .slice(0, 36)}`;
let unavailable: string | undefined;
let env: Record<string, string>;
const servers: ServerProcess[] = [];
let receiver: Awaited<ReturnType<typeof fakeReceiver>>;
let hang = true;

before(async () => {
  const pg = await privatePostgres();
  if ('unavailable' in pg) {
    unavailable = pg.unavailable;
    return;
  }
  // The first attempt never gets an answer: its process is killed meanwhile.
  receiver = await fakeReceiver(() => (hang ? 'hang' : { status: 200 }));
  env = { DATABASE_URL: pg.url, REDIS_URL: '', ADMIN_API_KEY: ADMIN, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' };
  servers.push(await startServerProcess(env, 60_000));
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
  if (method === 'POST') headers['idempotency-key'] = `ev-kill-${randomBytes(8).toString('hex')}`;
  const res = await fetch(server.base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

test('an event whose delivering process was killed is delivered by the next process', {
  timeout: 90_000,
}, async (t) => {
  if (!needs(t, unavailable)) return;
  const [first] = servers;
  const org = await call(first, 'POST', '/admin/v1/organizations', { name: 'Events' });
  const loc = await call(first, 'POST', `/admin/v1/organizations/${org.body.id}/locations`, {
    name: 'Mitte',
    currency: 'EUR',
    country: 'DE',
    timezone: 'Europe/Berlin',
    default_language: 'de',
  });
  const ep = await call(first, 'POST', '/admin/v1/webhook_endpoints', {
    url: `${receiver.url}/events`,
    enabled_events: ['order.created'],
    organization_id: org.body.id,
  });
  assert.equal(ep.status, 201, JSON.stringify(ep.body));
  const order = await call(first, 'POST', `/admin/v1/locations/${loc.body.id}/orders`, {
    channel: 'web',
    items: [{ type: 'product', name: 'Espresso', quantity: 1, unit_price: { amount: 250, currency: 'EUR' } }],
    total: { amount: 250, currency: 'EUR' },
  });
  assert.equal(order.status, 201, JSON.stringify(order.body));
  await eventually(() => (receiver.received.length >= 1 ? true : undefined), 20_000);
  process.kill(-(first.proc.pid as number), 'SIGKILL');
  await first.exited();
  hang = false;
  const second = await startServerProcess(env, 60_000);
  servers.push(second);
  await eventually(() => (receiver.received.some((r) => r.status === 200) ? true : undefined), 40_000);
  const [killed, delivered] = receiver.received;
  assert.equal(delivered.id, killed.id, 'the same webhook-id');
  assert.equal(delivered.body.data.object.id, order.body.id);
  // The receiver answers before the attempt is settled: the delivery shows it a moment later.
  const d = await eventually(async () => {
    const [row] = (await call(second, 'GET', `/admin/v1/webhook_endpoints/${ep.body.id}/deliveries`)).body.data;
    return row?.status === 'succeeded' ? row : undefined;
  }, 10_000);
  assert.match(d.attempts[0].error, /abandoned: the process delivering it .* stopped/);
  assert.equal(d.attempts.at(-1).result, 'succeeded');
});
