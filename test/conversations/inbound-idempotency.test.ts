/**
 * A test channel's customer message completes its Idempotency-Key in the statement that stores it (a
 * carried completion, src/domain/idempotency.ts): what is stored is what was sent, byte for byte, even when
 * the row read back differs from the one known before; a claim taken over while the request waits leaves
 * nothing behind. On a database of its own (PostgreSQL): a trigger is put on `messages`.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { getHarness, type Harness, ikey } from '../helpers/app.js';
import { holdLocks, testDb } from '../helpers/db.js';
import { assertError, newTenant } from '../helpers/fixtures.js';
import { takeOver } from '../helpers/idempotency.js';
import { isolateDatabase } from '../webhooks/_support.js';
import { createTestAccount, digits, say } from './_support.js';

await isolateDatabase();
const db = await testDb();
let h: Harness;
let account: string;
const path = (id: string) => `/admin/v1/channel_accounts/${id}/inbound_messages`;

before(async () => {
  h = await getHarness();
  const t = await newTenant(h);
  account = await createTestAccount(h, { location_id: t.locationIds[0] });
});

const stored = async (key: string) =>
  (
    await db.query<{ state: string; response_status: number; response_body: string }>(
      'SELECT state, response_status, response_body FROM idempotency_keys WHERE key = $1',
      [key],
    )
  )[0];

test('the stored response is the one sent, and a replay returns it byte for byte', async () => {
  const phone = `+49 171 ${digits(7)}`;
  await say(h, account, phone, 'first: the conversation exists from here on');
  for (const body of [
    { from: { phone }, text: 'Zwei Pizza Margherita, bitte' },
    // A location goes through jsonb (keys reordered) before the row comes back.
    { from: { phone }, location: { name: 'Büro', longitude: 13.405, address: 'Unter den Linden 1', latitude: 52.52 } },
  ]) {
    const key = ikey();
    const first = await h.call('POST', path(account), { body, idempotencyKey: key });
    assert.equal(first.status, 201, first.raw);
    const row = await stored(key);
    assert.equal(row.state, 'done');
    assert.equal(row.response_status, 201);
    assert.equal(row.response_body, first.raw);
    const again = await h.call('POST', path(account), { body, idempotencyKey: key });
    assert.equal(again.status, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.raw, first.raw);
  }
});

test('a message read back other than it was known before: the response sent is the one stored', async () => {
  const phone = `+49 172 ${digits(7)}`;
  await say(h, account, phone, 'hello');
  const marker = `edited-${digits(8)}`;
  // Something between the server and its table (a trigger here) changes the row as stored.
  await db.exec(`
    CREATE FUNCTION edit_${marker.replace('-', '_')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.text = '${marker}' THEN NEW.text := NEW.text || ' (as stored)'; END IF; RETURN NEW; END $$;
    CREATE TRIGGER edit_${marker.replace('-', '_')} BEFORE INSERT ON messages
      FOR EACH ROW EXECUTE FUNCTION edit_${marker.replace('-', '_')}();`);
  after(() =>
    db.exec(`DROP TRIGGER IF EXISTS edit_${marker.replace('-', '_')} ON messages;
      DROP FUNCTION IF EXISTS edit_${marker.replace('-', '_')}();`),
  );
  const key = ikey();
  const first = await h.call('POST', path(account), { body: { from: { phone }, text: marker }, idempotencyKey: key });
  assert.equal(first.status, 201, first.raw);
  assert.equal(first.body.text, `${marker} (as stored)`);
  assert.equal((await stored(key)).response_body, first.raw);
  const again = await h.call('POST', path(account), { body: { from: { phone }, text: marker }, idempotencyKey: key });
  assert.equal(again.raw, first.raw);
});

test('PostgreSQL: a message whose claim is taken over while it waits answers 409 and stores nothing', {
  skip: db.kind === 'pglite' ? 'PGlite has one connection: no request can stop inside its transaction' : false,
}, async () => {
  const phone = `+49 173 ${digits(7)}`;
  const hello = await say(h, account, phone, 'hello');
  // Holding the conversation's row stops the next message inside its transaction, after its claim.
  const letGo = await holdLocks(db, 'SELECT 1 FROM conversations WHERE id = $1 FOR UPDATE', [hello.conversation_id]);
  const key = ikey();
  const body = { from: { phone }, text: 'taken over' };
  const pending = h.call('POST', path(account), { body, idempotencyKey: key });
  assert.equal((await takeOver(db, key, path(account), body)).kind, 'claimed');
  await letGo();
  const res = await pending;
  const e = assertError(res, 409, 'conflict_error', 'request_in_flight');
  assert.match(e.message, /took this request over/);
  const texts = await db.query('SELECT 1 FROM messages WHERE conversation_id = $1 AND text = $2', [
    hello.conversation_id,
    'taken over',
  ]);
  assert.equal(texts.length, 0);
  assert.equal((await stored(key)).state, 'in_flight');
});
