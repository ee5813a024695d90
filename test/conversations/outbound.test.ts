import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type App, buildApp } from '../../src/app.js';
import { Outbound } from '../../src/channels/outbound.js';
import { DEFAULT_GRAPH_VERSION } from '../../src/channels/whatsapp/send.js';
import type { Db, Notice } from '../../src/db/client.js';
import { issueKey } from '../../src/domain/api-keys.js';
import { recordOutboundMessage } from '../../src/domain/conversations/messages.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { getHarness, type Harness, ikey } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { assertError, newTenant, type Tenant } from '../helpers/fixtures.js';
import { isolateDatabase } from '../webhooks/_support.js';
import {
  createTestAccount,
  createWhatsAppAccount,
  digits,
  eventually,
  fakeGraphApi,
  fill,
  fixture,
  messagesOf,
  notify,
  say,
  type WhatsAppAccount,
  wamid,
} from './_support.js';

/**
 * A server whose WhatsApp sends go to a fake Graph API on a local port, with short retry delays. The
 * shared harness creates the data; this app, on the same database, sends.
 */
let h: Harness;
let t: Tenant;
let wa: WhatsAppAccount;
let graph: Awaited<ReturnType<typeof fakeGraphApi>>;
let app: App;
let admin: string;

before(async () => {
  // Its own schema on PostgreSQL: the sweep and the catch-up below take any process's left-behind messages.
  await isolateDatabase();
  h = await getHarness();
  t = await newTenant(h);
  wa = await createWhatsAppAccount(h, { location_id: t.locationIds[0] });
  graph = await fakeGraphApi();
  app = await buildApp({
    db: await testDb(),
    store: memoryStore(),
    // The timeout is only reached on purpose ('hang'): 2 s, so that a loaded machine's slow answer from the
    // local fake is not taken for one (500 ms was, once, in CI under a load average of 17).
    channels: { whatsappGraphBaseUrl: `${graph.url}/`, retryDelaysMs: [40, 80], sendTimeoutMs: 2_000 },
  });
  await app.ready();
  admin = (await issueKey(await testDb(), { type: 'admin', name: 'outbound test' })).secret as string;
});

// A root-level after hook would run after the shared harness's, which closes the database: the last
// suite of the file closes this app and the fake Graph API instead.
async function closeAll() {
  try {
    await app?.close();
  } finally {
    await graph?.close();
  }
}

async function reply(conversationId: string, body: object, idempotencyKey = ikey()) {
  const res = await app.inject({
    method: 'POST',
    url: `/admin/v1/conversations/${conversationId}/messages`,
    headers: { 'x-api-key': admin, 'idempotency-key': idempotencyKey },
    payload: body,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers, raw: res.body };
}

/** A WhatsApp conversation with a fresh customer; returns it and the customer's wa_id. */
async function conversation() {
  const waId = `49${digits(10)}`;
  const raw = fill(fixture('text-message'), { PHONE_NUMBER_ID: wa.phoneNumberId, WA_ID: waId, WAMID: wamid() });
  assert.equal((await notify(h, wa.id, raw, wa.appSecret)).status, 200);
  const customer = (await h.call('GET', `/admin/v1/customers?phone=${waId}`)).body.data[0];
  const c = (await h.call('GET', `/admin/v1/conversations?customer_id=${customer.id}`)).body.data[0];
  return { id: c.id as string, waId };
}

const settled = (conversationId: string, count: number) =>
  eventually(async () => {
    const out = (await messagesOf(h, conversationId)).filter((m) => m.direction === 'outbound');
    return out.length === count && out.every((m) => m.status !== 'pending') ? out : undefined;
  });

const requestsTo = (waId: string) => graph.requests.filter((r) => r.body.to === waId);

describe('outbound messages on WhatsApp', () => {
  test("a text reply goes out through the Graph API's messages endpoint with the account's token", async () => {
    const c = await conversation();
    const res = await reply(c.id, { text: 'Ja, bis 22 Uhr!' });
    assert.equal(res.status, 201, res.raw);
    assert.equal(res.body.direction, 'outbound');
    assert.equal(res.body.status, 'pending');
    assert.equal(res.body.channel_message_id, null);
    const [m] = await settled(c.id, 1);
    assert.equal(m.status, 'sent');
    assert.match(m.channel_message_id, /^wamid\.fake\./);
    assert.deepEqual(m.delivery, { attempts: 1, last_error: null, next_attempt_at: null });
    const [sent] = requestsTo(c.waId);
    assert.equal(sent.url, `/${DEFAULT_GRAPH_VERSION}/${wa.phoneNumberId}/messages`);
    assert.equal(sent.authorization, `Bearer ${wa.accessToken}`);
    assert.deepEqual(sent.body, {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: c.waId,
      type: 'text',
      text: { preview_url: false, body: 'Ja, bis 22 Uhr!' },
    });
    // The customer's message first, then the reply.
    const all = await messagesOf(h, c.id);
    assert.deepEqual(
      all.map((x) => x.direction),
      ['inbound', 'outbound'],
    );
  });

  test('a customer who writes under a username (no phone) is answered at their business-scoped user id', async () => {
    const userId = `US.${digits(20)}`;
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'WABA',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550000000', phone_number_id: wa.phoneNumberId },
                contacts: [{ profile: { name: 'Kim', username: '@kim' }, wa_id: '', user_id: userId }],
                messages: [
                  {
                    from: '',
                    from_user_id: userId,
                    id: wamid(),
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: 'text',
                    text: { body: 'hi' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    assert.equal((await notify(h, wa.id, raw, wa.appSecret)).status, 200);
    const customers = (await h.call('GET', `/admin/v1/customers?organization_id=${t.orgId}&limit=100`)).body.data;
    const customer = customers.find((x: { whatsapp_user_id?: string }) => x.whatsapp_user_id === userId);
    const c = (await h.call('GET', `/admin/v1/conversations?customer_id=${customer.id}`)).body.data[0];
    assert.equal((await reply(c.id, { text: 'Hallo!' })).status, 201);
    const [m] = await settled(c.id, 1);
    assert.equal(m.status, 'sent', JSON.stringify(m.delivery));
    const [sent] = graph.requests.filter((r) => r.body.recipient === userId);
    assert.deepEqual(sent.body, {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      recipient: userId,
      type: 'text',
      text: { preview_url: false, body: 'Hallo!' },
    });
  });

  test('more conversations waiting at once than sends in flight: every one is sent, in turn', async () => {
    const db = await testDb();
    const narrow = new Outbound(db, app.log, { whatsappGraphBaseUrl: `${graph.url}/`, concurrency: 1 });
    try {
      const cs = [];
      for (let i = 0; i < 4; i++) {
        const c = await conversation();
        const row = (await db.query<any>('SELECT * FROM conversations WHERE id = $1', [c.id]))[0];
        await db.transaction((tx) => recordOutboundMessage(tx, row, { text: `Reply ${i}` }));
        cs.push(c);
      }
      for (const c of cs) narrow.kick(c.id);
      for (const c of cs) assert.equal((await settled(c.id, 1))[0].status, 'sent');
    } finally {
      await narrow.stop();
    }
  });

  test("buttons and lists in Meta's interactive format", async () => {
    const c = await conversation();
    const buttons = [
      { id: 'delivery', title: 'Lieferung' },
      { id: 'collection', title: 'Abholung' },
    ];
    const list = {
      button: 'Pizzen',
      sections: [{ title: 'Klassiker', rows: [{ id: 'margherita', title: 'Margherita', description: '9,00 €' }] }],
    };
    assert.equal((await reply(c.id, { text: 'Wie möchtest du bestellen?', buttons })).status, 201);
    assert.equal((await reply(c.id, { text: 'Welche Pizza?', list })).status, 201);
    const out = await settled(c.id, 2);
    assert.deepEqual(
      out.map((m) => m.type),
      ['buttons', 'list'],
    );
    assert.deepEqual(out[0].buttons, buttons);
    assert.deepEqual(out[1].list, list);
    const [b, l] = requestsTo(c.waId).map((r) => r.body);
    assert.deepEqual(b.interactive, {
      type: 'button',
      body: { text: 'Wie möchtest du bestellen?' },
      action: { buttons: buttons.map((x) => ({ type: 'reply', reply: x })) },
    });
    assert.deepEqual(l.interactive, { type: 'list', body: { text: 'Welche Pizza?' }, action: list });
  });

  test('a failed send is retried; attempts and the last error are visible', async () => {
    const c = await conversation();
    graph.answer({ status: 500, body: { error: { message: 'Service temporarily unavailable', code: 2 } } }, 'hang');
    assert.equal((await reply(c.id, { text: 'first' })).status, 201);
    assert.equal((await reply(c.id, { text: 'second' })).status, 201);
    const out = await settled(c.id, 2);
    assert.deepEqual(
      out.map((m) => [m.text, m.status, m.delivery.attempts]),
      [
        ['first', 'sent', 3],
        ['second', 'sent', 1],
      ],
    );
    assert.equal(out[0].delivery.last_error, 'Graph API unreachable: no answer within 2000 ms');
    assert.equal(out[1].delivery.last_error, null);
    // In order: the second waited for the first.
    assert.deepEqual(
      requestsTo(c.waId).map((r) => r.body.text.body),
      ['first', 'first', 'first', 'second'],
    );
  });

  test('a send that keeps failing ends as failed, with its error, and the next message goes out', async () => {
    const c = await conversation();
    graph.answer(
      { status: 503, body: { error: { message: 'down' } } },
      { status: 502, body: {} },
      { status: 500, body: { error: { message: `oops ${wa.accessToken}`, code: 1 } } },
    );
    await reply(c.id, { text: 'lost' });
    await reply(c.id, { text: 'after' });
    const out = await settled(c.id, 2);
    assert.equal(out[0].status, 'failed');
    assert.equal(out[0].delivery.attempts, 3);
    assert.equal(out[0].delivery.next_attempt_at, null);
    assert.match(out[0].delivery.last_error, /Graph API answered 500: oops \[redacted\] \(code 1\)/);
    assert.equal(out[1].status, 'sent');
  });

  test('a refusal (4xx) is not retried', async () => {
    const c = await conversation();
    graph.answer({
      status: 400,
      body: { error: { message: '(#131030) Recipient phone number not in allowed list', code: 131030 } },
    });
    await reply(c.id, { text: 'refused' });
    const [m] = await settled(c.id, 1);
    assert.equal(m.status, 'failed');
    assert.equal(m.delivery.attempts, 1);
    assert.match(m.delivery.last_error, /131030/);
  });

  test('status notifications move a sent message to delivered and read, never back', async () => {
    const c = await conversation();
    await reply(c.id, { text: 'Deine Pizza kommt.' });
    const [m] = await settled(c.id, 1);
    const status = async (s: string) => {
      const raw = fill(fixture('status-delivered'), {
        PHONE_NUMBER_ID: wa.phoneNumberId,
        WA_ID: c.waId,
        WAMID: m.channel_message_id,
        STATUS: s,
      });
      assert.equal((await notify(h, wa.id, raw, wa.appSecret)).status, 200);
      return (await messagesOf(h, c.id)).find((x) => x.id === m.id).status;
    };
    assert.equal(await status('delivered'), 'delivered');
    assert.equal(await status('read'), 'read');
    assert.equal(await status('delivered'), 'read');
  });

  test('replies are validated and idempotent', async () => {
    const c = await conversation();
    const key = ikey();
    const first = await reply(c.id, { text: 'once' }, key);
    const again = await reply(c.id, { text: 'once' }, key);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.body.id, first.body.id);
    await settled(c.id, 1);
    const bad: [object, string, string | undefined][] = [
      [{}, 'parameter_missing', 'text'],
      [{ text: 'x', buttons: [] }, 'parameter_invalid', 'buttons'],
      [{ text: 'x', buttons: [1, 2, 3, 4].map((i) => ({ id: `b${i}`, title: 'B' })) }, 'parameter_invalid', 'buttons'],
      [{ text: 'x', buttons: [{ id: 'a', title: 'x'.repeat(21) }] }, 'parameter_invalid', 'buttons.0.title'],
      [
        {
          text: 'x',
          buttons: [
            { id: 'a', title: 'A' },
            { id: 'a', title: 'B' },
          ],
        },
        'parameter_invalid',
        'reply',
      ],
      [
        {
          text: 'x',
          buttons: [{ id: 'a', title: 'A' }],
          list: { button: 'L', sections: [{ rows: [{ id: 'r', title: 'R' }] }] },
        },
        'parameters_exclusive',
        undefined,
      ],
    ];
    for (const [body, code, param] of bad) {
      const res = await reply(c.id, body);
      assert.equal(res.status, 400, res.raw);
      assert.equal(res.body.error.code, code, res.raw);
      assert.equal(res.body.error.param, param, res.raw);
    }
    const missing = await reply('cnv_nope', { text: 'x' });
    assert.equal(missing.status, 404);
  });
});

describe('outbound messages on the test channel', () => {
  test('are stored and count as sent at once', async () => {
    const account = await createTestAccount(h, { location_id: t.locationIds[1] });
    const inbound = await say(h, account, `+49${digits(10)}`, 'hi');
    assert.equal((await reply(inbound.conversation_id, { text: 'hello back' })).status, 201);
    const [m] = await settled(inbound.conversation_id, 1);
    assert.equal(m.status, 'sent');
    assert.match(m.channel_message_id, /^test_/);
  });

  test('the public surface cannot send', async () => {
    const account = await createTestAccount(h, { location_id: t.locationIds[1] });
    const inbound = await say(h, account, `+49${digits(10)}`, 'hi');
    assertError(
      await h.call('POST', `/v1/conversations/${inbound.conversation_id}/messages`, {
        key: t.orgKey,
        body: { text: 'x' },
      }),
      404,
      'not_found_error',
      'route_not_found',
    );
  });
});

describe('outbound messages left behind', () => {
  after(closeAll);

  test('a message stored by a process that stopped before sending is taken over; a leased one is not', async () => {
    const db = await testDb();
    const c = await conversation();
    const row = (await db.query<any>('SELECT * FROM conversations WHERE id = $1', [c.id]))[0];
    const orphan = await db.transaction((tx) => recordOutboundMessage(tx, row, { text: 'left behind' }));
    await db.query(`UPDATE messages SET created_at = created_at - interval '1 minute' WHERE id = $1`, [orphan.id]);
    await app.outbound.sweep();
    const [m] = await settled(c.id, 1);
    assert.equal(m.status, 'sent');

    const other = await conversation();
    const otherRow = (await db.query<any>('SELECT * FROM conversations WHERE id = $1', [other.id]))[0];
    const leased = await db.transaction((tx) => recordOutboundMessage(tx, otherRow, { text: 'being sent elsewhere' }));
    await db.query(
      `UPDATE messages SET lease_owner = 'another-process', lease_until = now() + interval '1 minute',
         created_at = created_at - interval '1 minute' WHERE id = $1`,
      [leased.id],
    );
    await app.outbound.sweep();
    app.outbound.kick(other.id);
    await new Promise((r) => setTimeout(r, 200));
    const [still] = (await messagesOf(h, other.id)).filter((x) => x.direction === 'outbound');
    assert.equal(still.status, 'pending');
    assert.equal(still.delivery.attempts, 0);
    assert.equal(requestsTo(other.waId).length, 0);
    // Its lease runs out: the other process is gone, and this one finishes the job.
    await db.query(`UPDATE messages SET lease_until = now() - interval '1 second' WHERE id = $1`, [leased.id]);
    await app.outbound.sweep();
    assert.equal((await settled(other.id, 1))[0].status, 'sent');
  });

  test("after its listening connection came back, a process sends what it stored meanwhile, not another's fresh messages", async () => {
    const db = await testDb();
    // The listening connection is this process's, shared by its pools: it is not cut here (that would reach
    // every app of this test process); its reconnect is told as the listener tells it, with null.
    let told: ((notice: Notice | null) => void) | undefined;
    const listening: Db = {
      ...db,
      listen: async (_channel, onNotify) => {
        told = onNotify;
        return async () => {};
      },
    };
    const catchUpAfterMs = 400;
    const sender = new Outbound(listening, app.log, {
      whatsappGraphBaseUrl: `${graph.url}/`,
      wakeOnNotify: true,
      catchUpAfterMs,
    });
    sender.start();
    try {
      await eventually(async () => told);
      const store = async () => {
        const c = await conversation();
        const row = (await db.query<any>('SELECT * FROM conversations WHERE id = $1', [c.id]))[0];
        const m = await db.transaction((tx) => recordOutboundMessage(tx, row, { text: 'while away' }));
        return { ...c, messageId: m.id };
      };
      // Stored while the listener was away: its notice is lost, nobody kicks it.
      const mine = await store();
      // Another process's, stored just then: it claims it itself, a moment later.
      const theirs = await store();
      const toldAt = Date.now();
      told?.(null);
      await db.query(
        `UPDATE messages SET lease_owner = 'another-process', lease_until = now() + interval '1 minute' WHERE id = $1`,
        [theirs.messageId],
      );
      assert.equal((await settled(mine.id, 1))[0].status, 'sent');
      const [sent] = requestsTo(mine.waId);
      assert.ok(sent.at >= toldAt + catchUpAfterMs, `sent ${sent.at - toldAt} ms after the reconnect`);
      const [still] = (await messagesOf(h, theirs.id)).filter((x) => x.direction === 'outbound');
      assert.deepEqual([still.status, still.delivery.attempts], ['pending', 0]);
      assert.equal(requestsTo(theirs.waId).length, 0);
      await db.query(`UPDATE messages SET lease_until = now() - interval '1 second' WHERE id = $1`, [theirs.messageId]);
      await app.outbound.sweep();
      assert.equal((await settled(theirs.id, 1))[0].status, 'sent');
    } finally {
      await sender.stop();
    }
  });
});
