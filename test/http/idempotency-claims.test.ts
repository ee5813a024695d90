/**
 * Who may take over an in-flight idempotency claim: a claim of a dead process (stale heartbeat, no
 * instance row) is taken over at once; a live one's is 409; and an owner that comes back after losing
 * its claim cannot commit, so nothing runs twice. Claims of other processes are made with the domain
 * functions, as those processes would have made them.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { issueKey } from '../../src/domain/api-keys.js';
import {
  type Claim,
  claim,
  complete,
  fingerprint,
  UNOWNED_ABANDONED_AFTER_SECONDS,
} from '../../src/domain/idempotency.js';
import { DEAD_AFTER_SECONDS, HEARTBEAT_MS } from '../../src/domain/instances.js';
import { createLocation } from '../../src/domain/locations.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { getHarness, ikey } from '../helpers/app.js';
import { holdLocks, testDb } from '../helpers/db.js';
import { assertError, LOCATION_BODY } from '../helpers/fixtures.js';
import { takeOver } from '../helpers/idempotency.js';
import { newOrg, sleep } from './_support.js';

const h = await getHarness();
const db = await testDb();
const admin = await issueKey(db, { type: 'admin', name: 'claims test' });
const secret = admin.secret as string;

/** An instance row whose last heartbeat was `ageSeconds` ago. */
async function instance(ageSeconds: number): Promise<string> {
  const id = `ins_test_${randomUUID()}`;
  await db.query(
    `INSERT INTO server_instances (id, started_at, heartbeat_at)
     VALUES ($1, now() - interval '1 hour', now() - make_interval(secs => $2))`,
    [id, ageSeconds],
  );
  return id;
}

/** A fresh organization's location route, and a claim on a new key for creating a location there. */
async function claimedBy(instanceId: string) {
  const org = await newOrg(h);
  const url = `/admin/v1/organizations/${org.id}/locations`;
  const idem = ikey();
  const print = fingerprint('POST', url, LOCATION_BODY);
  const made = await claim(db, admin.id, idem, print, 'req_other', instanceId);
  assert.equal(made.kind, 'claimed');
  const post = () => h.call('POST', url, { key: secret, body: LOCATION_BODY, idempotencyKey: idem });
  const count = async () => (await db.query('SELECT 1 FROM locations WHERE organization_id = $1', [org.id])).length;
  return { orgId: org.id, idem, print, post, count, claim: (made as { claim: Claim }).claim };
}

test("a dead instance's claim is taken over at once: the retry runs, once", async () => {
  for (const dead of [await instance(DEAD_AFTER_SECONDS + 1), `ins_test_gone_${randomUUID()}`]) {
    const c = await claimedBy(dead);
    const retry = await c.post();
    assert.equal(retry.status, 201, retry.raw);
    assert.equal(retry.headers['idempotent-replayed'], undefined);
    const again = await c.post();
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.raw, retry.raw);
    assert.equal(await c.count(), 1);
  }
});

test("a live instance's claim is 409 request_in_flight until its heartbeat stops", async () => {
  const live = await instance(0);
  const c = await claimedBy(live);
  assertError(await c.post(), 409, 'conflict_error', 'request_in_flight');
  assert.equal(await c.count(), 0);
  await db.query('UPDATE server_instances SET heartbeat_at = now() - make_interval(secs => $2) WHERE id = $1', [
    live,
    DEAD_AFTER_SECONDS + 1,
  ]);
  assert.equal((await c.post()).status, 201);
  assert.equal(await c.count(), 1);
});

test('a claim that names no instance (written before instances) falls back to its age', async () => {
  const c = await claimedBy(await instance(0));
  await db.query('UPDATE idempotency_keys SET instance_id = NULL WHERE api_key_id = $1 AND key = $2', [
    admin.id,
    c.idem,
  ]);
  assertError(await c.post(), 409, 'conflict_error', 'request_in_flight');
  await db.query(
    `UPDATE idempotency_keys SET created_at = now() - make_interval(secs => $3) WHERE api_key_id = $1 AND key = $2`,
    [admin.id, c.idem, UNOWNED_ABANDONED_AFTER_SECONDS + 1],
  );
  assert.equal((await c.post()).status, 201);
  assert.equal(await c.count(), 1);
});

/** What sendCreated does: the resource and the stored response in one transaction. */
const createAndComplete = (orgId: string, mine: Claim) =>
  db.transaction(async (tx) => {
    const loc = await createLocation(tx, orgId, LOCATION_BODY as never);
    if (!(await complete(tx, mine, 201, JSON.stringify(loc)))) throw new Error('claim lost');
    return loc;
  });

test('an owner that froze past its heartbeat and lost its claim cannot commit: one resource', async () => {
  const frozen = await instance(0);
  const c = await claimedBy(frozen);
  await db.query('UPDATE server_instances SET heartbeat_at = now() - make_interval(secs => $2) WHERE id = $1', [
    frozen,
    DEAD_AFTER_SECONDS + 1,
  ]);
  const taker = await claim(db, admin.id, c.idem, c.print, 'req_retry', await instance(0));
  assert.equal(taker.kind, 'claimed');
  // The frozen owner wakes up and finishes its work: its commit is refused and its resource rolled back.
  await assert.rejects(createAndComplete(c.orgId, c.claim), /claim lost/);
  assert.equal(await c.count(), 0);
  const kept = await createAndComplete(c.orgId, (taker as { claim: Claim }).claim);
  assert.equal(await c.count(), 1);
  // Its claim settled, the frozen owner cannot change the stored outcome either.
  assert.equal(await complete(db, c.claim, 400, '{}'), false);
  const [row] = await db.query<{ response_body: string }>(
    'SELECT response_body FROM idempotency_keys WHERE api_key_id = $1 AND key = $2',
    [admin.id, c.idem],
  );
  assert.equal(JSON.parse(row.response_body).id, kept.id);
});

test('PostgreSQL: a takeover never waits for, nor overtakes, an owner that has stored its outcome uncommitted', {
  skip: db.kind === 'pglite' ? 'PGlite has one connection: no transaction can stay open beside another' : false,
}, async () => {
  for (const ending of ['commit', 'rollback'] as const) {
    const owner = await instance(0);
    const c = await claimedBy(owner);
    let finish!: () => void;
    const held = new Promise<void>((r) => {
      finish = r;
    });
    let stored!: () => void;
    const storedYet = new Promise<void>((r) => {
      stored = r;
    });
    const tx = db.transaction(async (t) => {
      const loc = await createLocation(t, c.orgId, LOCATION_BODY as never);
      assert.equal(await complete(t, c.claim, 201, JSON.stringify(loc)), true);
      stored();
      await held;
      if (ending === 'rollback') throw new Error('rolled back');
    });
    await storedYet;
    // The owner dies between storing its outcome and committing: the row is locked, the outcome unknown.
    await db.query("UPDATE server_instances SET heartbeat_at = now() - interval '1 hour' WHERE id = $1", [owner]);
    const started = Date.now();
    assertError(await c.post(), 409, 'conflict_error', 'request_in_flight');
    assert.ok(Date.now() - started < 2000, 'the takeover waited for the row lock');
    finish();
    await tx.catch(() => {});
    const after = await c.post();
    assert.equal(after.status, 201, after.raw);
    assert.equal(after.headers['idempotent-replayed'], ending === 'commit' ? 'true' : undefined);
    assert.equal(await c.count(), 1);
  }
});

test('PostgreSQL: a request whose claim is taken over while it runs answers 409 and leaves nothing', {
  skip: db.kind === 'pglite' ? 'PGlite has one connection: no request can stop inside its transaction' : false,
}, async () => {
  const org = await newOrg(h);
  const url = `/admin/v1/organizations/${org.id}/locations`;
  const idem = ikey();
  // Holding the organization's row stops the request inside its transaction, after its claim.
  const letGo = await holdLocks(db, 'SELECT 1 FROM organizations WHERE id = $1 FOR UPDATE', [org.id]);
  const pending = h.call('POST', url, { key: secret, body: LOCATION_BODY, idempotencyKey: idem });
  // A retry finds the request's process dead.
  const taker = await takeOver(db, idem, url, LOCATION_BODY);
  assert.equal(taker.kind, 'claimed');
  await letGo();
  const res = await pending;
  const e = assertError(res, 409, 'conflict_error', 'request_in_flight');
  assert.match(e.message, /took this request over/);
  const count = async () => (await db.query('SELECT 1 FROM locations WHERE organization_id = $1', [org.id])).length;
  assert.equal(await count(), 0);
  const kept = await createAndComplete(org.id, (taker as { claim: Claim }).claim);
  const retry = await h.call('POST', url, { key: secret, body: LOCATION_BODY, idempotencyKey: idem });
  assert.equal(retry.headers['idempotent-replayed'], 'true');
  assert.equal(retry.body.id, kept.id);
  assert.equal(await count(), 1);
});

test('an app registers its instance at its first claim, heartbeats, and removes it on close', async () => {
  const app = await buildApp({ db, store: memoryStore() });
  const res = await app.inject({
    method: 'POST',
    url: '/admin/v1/organizations',
    headers: { 'x-api-key': secret, 'idempotency-key': ikey() },
    payload: { name: 'Instance test' },
  });
  assert.equal(res.statusCode, 201, res.body);
  const [row] = await db.query<{ id: string; heartbeat_at: Date }>(
    `SELECT i.id, i.heartbeat_at FROM idempotency_keys k JOIN server_instances i ON i.id = k.instance_id
     WHERE k.request_id = $1`,
    [res.headers['x-request-id']],
  );
  assert.ok(row, 'the claim names a live instance');
  await sleep(HEARTBEAT_MS * 2.5);
  const [later] = await db.query<{ heartbeat_at: Date }>('SELECT heartbeat_at FROM server_instances WHERE id = $1', [
    row.id,
  ]);
  assert.ok(later.heartbeat_at.getTime() > row.heartbeat_at.getTime(), 'the heartbeat moves');
  await app.close();
  assert.deepEqual(await db.query('SELECT 1 FROM server_instances WHERE id = $1', [row.id]), []);
});

test('a claim that committed but whose answer was lost (connection gone) is released: the retry runs', async () => {
  let lose = true;
  // The statement runs and commits; its answer never reaches the server, as when the connection drops.
  const flaky: typeof db = Object.create(db, {
    query: {
      value: async (sql: string, params?: unknown[], prepared?: unknown) => {
        const rows = await db.query(sql, params as never, prepared as never);
        if (lose && sql.includes('INSERT INTO idempotency_keys')) {
          lose = false;
          throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
        }
        return rows;
      },
    },
  });
  const app = await buildApp({ db: flaky, store: memoryStore() });
  try {
    const idem = ikey();
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/admin/v1/organizations',
        headers: { 'x-api-key': secret, 'idempotency-key': idem },
        payload: { name: 'Lost answer' },
      });
    const first = await post();
    assert.equal(first.statusCode, 503, first.body);
    const retry = await post();
    assert.equal(retry.statusCode, 201, retry.body);
    const replay = await post();
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(JSON.parse(replay.body).id, JSON.parse(retry.body).id);
  } finally {
    await app.close();
  }
});

test('a claim of its own commits lazily; the setting stays with its statement, and a transaction keeps its own', async () => {
  const key = await issueKey(db, { type: 'admin', name: 'lazy claim' });
  // Every connection of the pool (PGlite has one): none keeps synchronous_commit off after a claim.
  const claims = Array.from({ length: 12 }, () =>
    claim(db, key.id, `lazy-${randomUUID()}`, 'print', 'req_lazy', 'ins_lazy'),
  );
  for (const result of await Promise.all(claims)) assert.equal(result.kind, 'claimed');
  const seen = await Promise.all(
    Array.from({ length: 12 }, () =>
      db.query<{ synchronous_commit: string }>('SHOW synchronous_commit').then((rows) => rows[0].synchronous_commit),
    ),
  );
  assert.deepEqual([...new Set(seen)], ['on']);
  // Inside a transaction the claim takes no liberty with that transaction's commit.
  await db.transaction(async (tx) => {
    assert.equal((await claim(tx, key.id, `lazy-${randomUUID()}`, 'print', 'req_lazy', 'ins_lazy')).kind, 'claimed');
    const [row] = await tx.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
    assert.equal(row.synchronous_commit, 'on');
  });
});
