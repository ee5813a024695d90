/**
 * The admin surface of the message webhook: deliveries waiting while CHATBOT_URL is unset, the list and
 * its filters, one delivery with its attempts, a manual retry, the settings (signing secret), pruning.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import type { App } from '../../src/app.js';
import { pruneDeliveries } from '../../src/webhooks/deliveries.js';
import { createTestAccount, digits } from '../conversations/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { assertError, newTenant, type Tenant } from '../helpers/fixtures.js';
import { eventually, fakeReceiver, isolateDatabase, newSecret } from './_support.js';
import { webhookApp } from './app.js';

let h: Harness;
let t: Tenant;
let account: string;
/** Messages queued while no worker ran. */
const waiting: string[] = [];

before(async () => {
  await isolateDatabase();
  h = await getHarness();
  t = await newTenant(h);
  account = await createTestAccount(h, { location_id: t.locationIds[0] });
});

async function say(text: string, phone = `+4917${digits(8)}`) {
  const res = await h.call('POST', `/admin/v1/channel_accounts/${account}/inbound_messages`, {
    body: { from: { phone }, text },
  });
  assert.equal(res.status, 201, res.raw);
  return res.body as { id: string; conversation_id: string };
}

const list = async (query: string) => {
  const res = await h.call('GET', `/admin/v1/webhook_deliveries?${query}`);
  assert.equal(res.status, 200, res.raw);
  return res.body;
};

describe('without CHATBOT_URL', () => {
  test('every customer message is queued, and waits', async () => {
    const phone = `+4917${digits(8)}`;
    const a = await say('first', phone);
    const b = await say('second', phone);
    waiting.push(a.id, b.id);
    const page = await list(`conversation_id=${a.conversation_id}`);
    assert.equal(page.object, 'list');
    assert.equal(page.url, '/admin/v1/webhook_deliveries');
    assert.deepEqual(
      page.data.map((d: any) => [d.message_id, d.status, d.event, d.attempt_count]),
      [
        [a.id, 'pending', 'message', 0],
        [b.id, 'pending', 'message', 0],
      ],
    );
    const [d] = page.data;
    assert.match(d.id, /^whd_/);
    assert.equal(d.object, 'webhook_delivery');
    assert.equal(d.conversation_id, a.conversation_id);
    assert.ok(d.next_attempt_at);
    assert.equal(d.outcome, null);
    assert.equal(d.completed_at, null);

    const one = await h.call('GET', `/admin/v1/webhook_deliveries/${d.id}`);
    assert.equal(one.status, 200, one.raw);
    assert.deepEqual(one.body.attempts, []);

    const settings = (await h.call('GET', '/admin/v1/webhook_settings')).body;
    assert.equal(settings.url, null);
    assert.equal(settings.token_set, false);
    assert.ok(settings.deliveries.pending >= 2);
  });

  test('list: filters and keyset pages', async () => {
    const phone = `+4917${digits(8)}`;
    const sent = [await say('p1', phone), await say('p2', phone), await say('p3', phone)];
    const cnv = sent[0].conversation_id;
    const first = await list(`conversation_id=${cnv}&limit=2`);
    assert.equal(first.data.length, 2);
    assert.equal(first.has_more, true);
    const rest = await list(`conversation_id=${cnv}&limit=2&starting_after=${first.data[1].id}`);
    assert.deepEqual(
      [...first.data, ...rest.data].map((d: any) => d.message_id),
      sent.map((m) => m.id),
    );
    assert.equal((await list(`conversation_id=${cnv}&status=failed`)).data.length, 0);
    assert.equal((await list(`conversation_id=${cnv}&status=pending`)).data.length, 3);
    assertError(
      await h.call('GET', '/admin/v1/webhook_deliveries?status=lost'),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'status',
    );
    assertError(
      await h.call('GET', '/admin/v1/webhook_deliveries/whd_nope'),
      404,
      'not_found_error',
      'resource_not_found',
    );
    assertError(
      await h.call('POST', `/admin/v1/webhook_deliveries/${first.data[0].id}/retry`),
      409,
      'conflict_error',
      'resource_conflict',
    );
    assertError(
      await h.call('GET', '/admin/v1/webhook_deliveries', { key: t.orgKey }),
      403,
      'authorization_error',
      'api_key_wrong_surface',
    );
  });

  test('the signing secret is generated once, kept, and shown', async () => {
    const a = (await h.call('GET', '/admin/v1/webhook_settings')).body;
    assert.equal(a.object, 'webhook_settings');
    assert.equal(a.signing_secret_source, 'generated');
    assert.match(a.signing_secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(a.signing_secret.slice(6), 'base64').length, 32);
    new Webhook(a.signing_secret); // usable as is
    // Another app on the same database (another process) agrees on it.
    const other = await webhookApp({ signingSecret: undefined });
    try {
      const b = await other.inject({
        method: 'GET',
        url: '/admin/v1/webhook_settings',
        headers: { 'x-api-key': h.adminKey },
      });
      assert.equal(b.json().signing_secret, a.signing_secret);
    } finally {
      await other.close();
    }
  });
});

describe('with a receiver', () => {
  let app: App;
  let receiver: Awaited<ReturnType<typeof fakeReceiver>>;
  const secret = newSecret();
  let refuse = true;

  before(async () => {
    receiver = await fakeReceiver((r) =>
      r.body?.lastMessage?.text === 'refused at first' && refuse ? { status: 400 } : { status: 200 },
    );
    // Attempts are counted here: a slow answer on a loaded machine must not time out into one more.
    app = await webhookApp({
      chatbotUrl: receiver.url,
      chatbotToken: 'secret-token',
      signingSecret: secret,
      timeoutMs: 10_000,
    });
  });

  after(async () => {
    await app?.close();
    await receiver?.close();
  });

  test('settings show the receiver, whether a token is set, and the configured secret', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/admin/v1/webhook_settings',
      headers: { 'x-api-key': h.adminKey },
    });
    assert.equal(res.statusCode, 200, res.body);
    const s = res.json();
    assert.equal(s.url, `${receiver.url}/message`);
    assert.equal(s.token_set, true);
    assert.doesNotMatch(res.body, /secret-token/);
    assert.equal(s.signing_secret, secret);
    assert.equal(s.signing_secret_source, 'environment');
    assert.deepEqual(Object.keys(s.deliveries).sort(), ['delivering', 'failed', 'pending']);
  });

  test('a failed delivery retried goes back in the queue with a fresh budget; its attempts go on', async () => {
    const m = await say('refused at first');
    const failed = await eventually(async () => {
      const [d] = (await list(`conversation_id=${m.conversation_id}&status=failed`)).data;
      return d;
    });
    assert.equal(failed.attempt_count, 1);
    refuse = false;
    const res = await h.call('POST', `/admin/v1/webhook_deliveries/${failed.id}/retry`, { idempotencyKey: '' });
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.id, failed.id);
    assert.ok(['pending', 'delivering', 'succeeded'].includes(res.body.status), res.body.status);
    const done = await eventually(async () => {
      const d = (await h.call('GET', `/admin/v1/webhook_deliveries/${failed.id}`)).body;
      return d.status === 'succeeded' ? d : undefined;
    });
    assert.equal(done.attempt_count, 1);
    assert.deepEqual(
      done.attempts.map((a: any) => [a.number, a.status_code, a.result]),
      [
        [1, 400, 'failed'],
        [2, 200, 'succeeded'],
      ],
    );
    assert.equal(done.outcome.fallback_sent, false);
    const ids = receiver.received.filter((r) => r.body?.lastMessage?.id === m.id).map((r) => r.id);
    assert.deepEqual(ids, [failed.id, failed.id]);
    assertError(
      await h.call('POST', `/admin/v1/webhook_deliveries/${failed.id}/retry`),
      409,
      'conflict_error',
      'resource_conflict',
    );
  });

  test('deliveries waiting from before are delivered once a receiver is configured', async () => {
    // The messages of the first suite were queued while no worker ran.
    await eventually(async () => {
      const got = receiver.received.filter((r) => waiting.includes(r.body?.lastMessage?.id));
      return got.length === waiting.length ? true : undefined;
    });
    // Received comes before succeeded: the answer is carried out and the delivery settled after the POST.
    await eventually(async () => {
      const ours = (await list('limit=100&status=succeeded')).data.filter((d: any) => waiting.includes(d.message_id));
      return ours.length === waiting.length ? true : undefined;
    });
  });
});

describe('pruning', () => {
  test('succeeded deliveries go after 7 days, failed ones after 30, their attempts with them', async () => {
    const db = await testDb();
    const m = await say('to be pruned');
    const ageOf: Record<string, [string, number]> = {
      whd_prune_s8: ['succeeded', 8],
      whd_prune_s6: ['succeeded', 6],
      whd_prune_f31: ['failed', 31],
      whd_prune_f8: ['failed', 8],
      whd_prune_p40: ['pending', 40],
    };
    for (const [id, [status, days]] of Object.entries(ageOf)) {
      await db.query(
        `INSERT INTO webhook_deliveries (id, conversation_id, message_id, event, queue_at, status, attempts,
           created_at, updated_at, completed_at)
         VALUES ($1, $2, $3, 'message', now(), $4, 1, now() - $5 * interval '1 day', now(),
           CASE WHEN $4 = 'pending' THEN NULL ELSE now() - $5 * interval '1 day' END)`,
        [id, m.conversation_id, m.id, status, days],
      );
      await db.query(
        `INSERT INTO webhook_attempts (delivery_id, number, started_at, duration_ms, result) VALUES ($1, 1, now(), 5, 'retry')`,
        [id],
      );
    }
    assert.ok((await pruneDeliveries(db, 2)) >= 2);
    const left = await db.query<{ id: string }>(
      "SELECT id FROM webhook_deliveries WHERE id LIKE 'whd_prune_%' ORDER BY id",
    );
    assert.deepEqual(
      left.map((r) => r.id),
      ['whd_prune_f8', 'whd_prune_p40', 'whd_prune_s6'],
    );
    const attempts = await db.query<{ id: string }>(
      "SELECT delivery_id AS id FROM webhook_attempts WHERE delivery_id LIKE 'whd_prune_%' ORDER BY 1",
    );
    assert.deepEqual(
      attempts.map((r) => r.id),
      ['whd_prune_f8', 'whd_prune_p40', 'whd_prune_s6'],
    );
    await db.query("DELETE FROM webhook_deliveries WHERE id LIKE 'whd_prune_%'");
  });
});
