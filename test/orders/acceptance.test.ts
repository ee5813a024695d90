/**
 * Acceptance settings applied to new orders (admin ingestion and drafts placed in a conversation), and the
 * manual mode's timeout job. The timeout is at least 30 s: the job's runner here has a clock 31 s ahead,
 * so nothing waits for it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Db } from '../../src/db/client.js';
import { ACCEPTANCE_TIMEOUT_JOB, acceptanceJobHandlers, REASONS } from '../../src/domain/orders/acceptance.js';
import { JobRunner } from '../../src/jobs/runner.js';
import { eventually } from '../conversations/_support.js';
import { setUpLocation } from '../drafts/_support.js';
import { getHarness, type Harness, ikey } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { chatAt, noticesIn, placeIn, recordingLog, setAcceptance } from './_acceptance.js';
import { createOrder, orderBody, patchStatus } from './_support.js';

let h: Harness;
let db: Db;
let t: Tenant;
let auto: string;
let manual: string;
const runners: JobRunner[] = [];

before(async () => {
  h = await getHarness();
  db = await testDb();
  t = await newTenant(h);
  [auto, manual] = t.locationIds;
  for (const loc of t.locationIds) await setUpLocation(h, t.orgKey, loc);
  await setAcceptance(h, t.orgKey, auto, { mode: 'automatic' });
});

after(async () => {
  for (const r of runners) await r.stop();
});

const jobOf = async (orderId: string) =>
  (await db.query<any>('SELECT * FROM jobs WHERE kind = $1 AND subject_id = $2', [ACCEPTANCE_TIMEOUT_JOB, orderId]))[0];
const getOrder = async (loc: string, id: string) => {
  const res = await h.call('GET', `/v1/locations/${loc}/orders/${id}`, { key: t.orgKey });
  assert.equal(res.status, 200, res.raw);
  return res.body;
};

/** A runner as another server process would have, its clock past the 30-second timeout. */
function runnerAhead(log = recordingLog()) {
  const runner = new JobRunner(db, log, {
    handlers: acceptanceJobHandlers,
    clock: () => Date.now() + 31_000,
    pollIntervalMs: 100,
  });
  runners.push(runner);
  return runner;
}

describe('on arrival', () => {
  test('manual, the default: the order stays received; its timeout is scheduled at created_at + timeout_seconds', async () => {
    const order = await createOrder(h, manual);
    assert.equal(order.status, 'received');
    assert.equal(order.status_version, 0);
    const job = await jobOf(order.id);
    assert.ok(job, 'no timeout job');
    assert.equal(job.run_at.getTime(), Date.parse(order.created_at) + 300_000);
    assert.deepEqual(job.payload, { location_id: manual, action: 'reject', rejection_reason: null });
    assert.equal(job.done_at, null);
    assert.equal(job.attempts, 0);
  });

  test('automatic: ingestion answers the order as accepted, and so do GET and a replay; no timeout', async () => {
    const key = ikey();
    const res = await h.call('POST', `/admin/v1/locations/${auto}/orders`, { body: orderBody(), idempotencyKey: key });
    assert.equal(res.status, 201, res.raw);
    const o = res.body;
    assert.equal(o.status, 'accepted');
    assert.equal(o.status_version, 1);
    assert.deepEqual(o.status_history, [
      { status: 'received', status_version: 0, reason: null, changed_at: o.created_at },
      { status: 'accepted', status_version: 1, reason: REASONS.automatic, changed_at: o.created_at },
    ]);
    assert.equal(o.updated_at, o.created_at);
    assert.deepEqual(await getOrder(auto, o.id), o);
    const replay = await h.call('POST', `/admin/v1/locations/${auto}/orders`, {
      body: orderBody(),
      idempotencyKey: key,
    });
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.deepEqual(replay.body, o);
    assert.equal(await jobOf(o.id), undefined);
    // The next move starts from version 1.
    const next = await patchStatus(h, t.orgKey, auto, o.id, { status: 'in_preparation', status_version: 1 });
    assert.equal(next.status, 200, next.raw);
  });

  test('automatic: a draft placed in a conversation is accepted at once, and the customer told in their language', async () => {
    const chat = await chatAt(h, auto, 'it');
    const order = await placeIn(db, auto, chat);
    assert.equal(order.status, 'accepted');
    assert.equal(order.status_version, 1);
    assert.deepEqual(
      order.status_history.map((e: any) => [e.status, e.reason]),
      [
        ['received', null],
        ['accepted', REASONS.automatic],
      ],
    );
    assert.deepEqual(await getOrder(auto, order.id), order);
    assert.deepEqual(await noticesIn(h, chat), [`Il tuo ordine #${order.short_id} è stato accettato.`]);
  });
});

describe('the timeout job', () => {
  test("reject: a received order is rejected with the location's reason, the customer told; one staff answered is left alone", async () => {
    await setAcceptance(h, t.orgKey, manual, {
      timeout_seconds: 30,
      timeout_action: 'reject',
      timeout_rejection_reason: 'Kitchen closed',
    });
    const waiting = await chatAt(h, manual); // no language: the location's, German
    const late = await placeIn(db, manual, waiting);
    const staff = await chatAt(h, manual, 'en');
    const answered = await placeIn(db, manual, staff);
    assert.equal(late.status, 'received');
    const accepted = await patchStatus(h, t.orgKey, manual, answered.id, { status: 'accepted', status_version: 0 });
    assert.equal(accepted.status, 200, accepted.raw);
    assert.equal((await jobOf(late.id)).run_at.getTime(), Date.parse(late.created_at) + 30_000);

    const log = recordingLog();
    runnerAhead(log).start();
    await eventually(async () => ((await jobOf(late.id)).done_at && (await jobOf(answered.id)).done_at) || undefined);

    const rejected = await getOrder(manual, late.id);
    assert.equal(rejected.status, 'rejected');
    assert.equal(rejected.status_version, 1);
    assert.deepEqual(rejected.status_history.at(-1).reason, 'Kitchen closed');
    assert.deepEqual(await noticesIn(h, waiting), [
      `Leider wurde Ihre Bestellung #${late.short_id} abgelehnt. Grund: Kitchen closed`,
    ]);
    const untouched = await getOrder(manual, answered.id);
    assert.equal(untouched.status, 'accepted');
    assert.equal(untouched.status_version, 1);
    assert.deepEqual(await noticesIn(h, staff), [`Your order #${answered.short_id} has been accepted.`]);
    assert.deepEqual(log.lines, []);
    assert.equal((await jobOf(late.id)).attempts, 1);
  });

  test('accept: the job accepts the order once; a later runner (a restart) finds nothing left to do', async () => {
    await setAcceptance(h, t.orgKey, manual, { timeout_action: 'accept', timeout_rejection_reason: null });
    const chat = await chatAt(h, manual, 'de-AT');
    const order = await placeIn(db, manual, chat, {
      items: [{ type: 'product', product_id: 'cola' }],
      service_type: 'collection',
      payment_method: 'cash',
    });
    const first = runnerAhead();
    first.start();
    await eventually(async () => (await jobOf(order.id)).done_at ?? undefined);
    await first.stop();

    const o = await getOrder(manual, order.id);
    assert.equal(o.status, 'accepted');
    assert.deepEqual(o.status_history.at(-1), {
      status: 'accepted',
      status_version: 1,
      reason: REASONS.timeoutAccept,
      changed_at: o.status_history.at(-1).changed_at,
    });
    assert.deepEqual(await noticesIn(h, chat), [`Ihre Bestellung #${order.short_id} wurde angenommen.`]);

    const restarted = runnerAhead();
    assert.equal(await restarted.runDue(), 0);
    assert.equal((await getOrder(manual, order.id)).status_version, 1);
    assert.equal((await noticesIn(h, chat)).length, 1);
  });
});
