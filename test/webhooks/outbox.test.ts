/**
 * The outbox and its wake-ups: a delivery is written with the customer message (both channels, every
 * message type, never twice for one channel message), a reply stored in any transaction is sent after
 * commit without a kick, and Db.listen hears NOTIFY (on PostgreSQL also after its connection was cut).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { type App, buildApp } from '../../src/app.js';
import { type Notice, openDb } from '../../src/db/client.js';
import type { ConversationRow } from '../../src/domain/conversations/conversations.js';
import { recordOutboundMessage } from '../../src/domain/conversations/messages.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { enqueueDelivery } from '../../src/webhooks/outbox.js';
import {
  createTestAccount,
  createWhatsAppAccount,
  digits,
  fill,
  fixture,
  messagesOf,
  notify,
  wamid,
} from '../conversations/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { eventually, isolateDatabase, needs, privatePostgres } from './_support.js';

let h: Harness;
let t: Tenant;

before(async () => {
  await isolateDatabase();
  h = await getHarness();
  t = await newTenant(h);
});

const deliveriesOf = async (conversationId: string) =>
  (await h.call('GET', `/admin/v1/webhook_deliveries?conversation_id=${conversationId}`)).body.data as any[];

describe('the outbox', () => {
  test('WhatsApp: each new message is queued once, an unsupported type too; a notification seen before is not', async () => {
    const wa = await createWhatsAppAccount(h, { location_id: t.locationIds[0] });
    const waId = `49${digits(10)}`;
    const text = fill(fixture('text-message'), { PHONE_NUMBER_ID: wa.phoneNumberId, WA_ID: waId, WAMID: wamid() });
    const image = fill(fixture('image-message'), { PHONE_NUMBER_ID: wa.phoneNumberId, WA_ID: waId, WAMID: wamid() });
    for (const raw of [text, image, text]) assert.equal((await notify(h, wa.id, raw, wa.appSecret)).status, 200);
    const customer = (await h.call('GET', `/admin/v1/customers?phone=${waId}`)).body.data[0];
    const cnv = (await h.call('GET', `/admin/v1/conversations?customer_id=${customer.id}`)).body.data[0].id;
    const messages = await messagesOf(h, cnv);
    assert.deepEqual(
      messages.map((m) => m.type),
      ['text', 'unsupported'],
    );
    const queued = await deliveriesOf(cnv);
    assert.deepEqual(
      queued.map((d) => [d.message_id, d.event, d.status]),
      messages.map((m) => [m.id, 'message', 'pending']),
    );
    assert.deepEqual(
      queued.map((d) => d.queue_at),
      messages.map((m) => m.created_at),
    );
  });

  test('test channel: a replayed request (same Idempotency-Key) queues nothing more', async () => {
    const account = await createTestAccount(h, { location_id: t.locationIds[0] });
    const phone = `+4917${digits(8)}`;
    const send = () =>
      h.call('POST', `/admin/v1/channel_accounts/${account}/inbound_messages`, {
        body: { from: { phone }, location: { latitude: 52.5, longitude: 13.4 } },
        idempotencyKey: `outbox-${account}`,
      });
    const first = await send();
    assert.equal(first.status, 201, first.raw);
    assert.equal((await send()).headers['idempotent-replayed'], 'true');
    assert.equal((await deliveriesOf(first.body.conversation_id)).length, 1);
  });

  test('a delivery rolled back with its transaction leaves nothing', async () => {
    const db = await testDb();
    const account = await createTestAccount(h, { location_id: t.locationIds[0] });
    const m = (
      await h.call('POST', `/admin/v1/channel_accounts/${account}/inbound_messages`, {
        body: { from: { phone: `+4917${digits(8)}` }, text: 'x' },
      })
    ).body;
    await assert.rejects(
      db.transaction(async (tx) => {
        await enqueueDelivery(tx, {
          conversationId: m.conversation_id,
          messageId: m.id,
          event: 'order_problems',
          problems: [{ code: 'item_unavailable' }],
          queueAt: new Date(m.created_at),
        });
        throw new Error('rolled back');
      }),
    );
    assert.equal((await deliveriesOf(m.conversation_id)).length, 1);
  });
});

describe('replies are sent after commit without a kick', () => {
  let app: App;
  before(async () => {
    app = await buildApp({ db: await testDb(), store: memoryStore(), channels: { wakeOnNotify: true } });
    await app.ready();
  });
  after(async () => {
    await app?.close();
  });

  test('a reply stored in a transaction is sent once it commits', async () => {
    const db = await testDb();
    const account = await createTestAccount(h, { location_id: t.locationIds[0] });
    const m = (
      await h.call('POST', `/admin/v1/channel_accounts/${account}/inbound_messages`, {
        body: { from: { phone: `+4917${digits(8)}` }, text: 'hungry' },
      })
    ).body;
    const [conversation] = await db.query<ConversationRow>('SELECT * FROM conversations WHERE id = $1', [
      m.conversation_id,
    ]);
    await db.transaction((tx) => recordOutboundMessage(tx, conversation, { text: 'Coming right up' }));
    const sent = await eventually(async () => {
      const out = (await messagesOf(h, m.conversation_id)).filter((x) => x.direction === 'outbound');
      return out[0]?.status === 'sent' ? out[0] : undefined;
    }, 5_000);
    assert.equal(sent.text, 'Coming right up');
  });
});

describe('Db.listen', () => {
  test('hears NOTIFY sent after commit, never a rolled-back one, and stops when asked', async () => {
    const db = await testDb();
    const heard: (Notice | null)[] = [];
    const stop = await db.listen('wh_test_channel', (n) => heard.push(n));
    await db.transaction(async (tx) => {
      await tx.query("SELECT pg_notify('wh_test_channel', 'committed')");
      await new Promise((r) => setTimeout(r, 50));
      assert.equal(heard.length, 0, 'nothing before commit');
    });
    await db
      .transaction(async (tx) => {
        await tx.query("SELECT pg_notify('wh_test_channel', 'rolled back')");
        throw new Error('no');
      })
      .catch(() => {});
    await eventually(() => (heard.length > 0 ? true : undefined));
    assert.deepEqual(heard, [{ payload: 'committed', local: true }]);
    await stop();
    await db.query("SELECT pg_notify('wh_test_channel', 'after stop')");
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(heard.length, 1);
    await assert.rejects(
      db.listen('Bad-Name', () => {}),
      /Not a channel name/,
    );
  });

  test('PostgreSQL: after its connection is cut it reconnects, LISTENs again and says so (null)', async (t) => {
    const schema = await privatePostgres();
    if (!needs(t, 'unavailable' in schema ? schema.unavailable : undefined)) return;
    const url = (schema as { url: string }).url;
    const db = await openDb({ databaseUrl: url });
    // Another process's connection: not one of this process's pools.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      const heard: (Notice | null)[] = [];
      await db.listen('wh_reconnect', (n) => heard.push(n));
      await other.query("SELECT pg_notify('wh_reconnect', 'before')");
      await eventually(() => (heard.length === 1 ? true : undefined));
      assert.deepEqual(heard[0], { payload: 'before', local: false });
      const cut = await other.query(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = $1`,
        [`ordering-listener-${process.pid}`],
      );
      assert.ok(cut.rows[0].n >= 1);
      await eventually(() => (heard.includes(null) ? true : undefined));
      await other.query("SELECT pg_notify('wh_reconnect', 'after')");
      await db.query("SELECT pg_notify('wh_reconnect', 'mine')");
      await eventually(() => (heard.length >= 4 ? true : undefined));
      assert.deepEqual(heard.slice(1), [null, { payload: 'after', local: false }, { payload: 'mine', local: true }]);
    } finally {
      await db.close();
      await other.end();
    }
  });
});
