import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { advance, createOrder, listAll, orderBody, patchStatus, product, sleep } from './_support.js';

let h: Harness;
let t: Tenant;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
});

const time = (iso: string) => Date.parse(iso);

test('an updated_after/updated_before scan under concurrent status changes sees each in-window order once', async () => {
  const loc = t.locationIds[0];
  const path = `/v1/locations/${loc}/orders`;
  const make = (i: number) =>
    createOrder(h, loc, orderBody({ service_type: 'delivery', items: [product(`R${i}`, 1, 100 + i)] }));

  // Created before the window; some of them get a status change inside it.
  const early: any[] = [];
  for (let i = 0; i < 4; i++) early.push(await make(i));
  await sleep(20);
  const updatedAfter = new Date().toISOString();
  await sleep(20);
  const inWindow: any[] = [];
  for (let i = 0; i < 30; i++) inWindow.push(await make(100 + i));
  for (const o of early.slice(0, 2)) await advance(h, t.orgKey, loc, o.id, 'accepted');
  for (const o of inWindow.filter((_, i) => i % 5 === 0)) await advance(h, t.orgKey, loc, o.id, 'accepted');
  // Orders in another location never belong to this list.
  await createOrder(h, t.locationIds[1]);
  await sleep(20);
  const updatedBefore = new Date().toISOString();
  await sleep(20);

  const seen: any[] = [];
  let scanEnded = 0;
  const patchedAt: number[] = [];
  let mutationsDone = false;
  let pages = 0;
  const scan = async () => {
    let after: string | undefined;
    for (;;) {
      const q = `updated_after=${updatedAfter}&updated_before=${updatedBefore}&limit=7${after ? `&starting_after=${after}` : ''}`;
      const res = await h.call('GET', `${path}?${q}`, { key: t.orgKey });
      assert.equal(res.status, 200, res.raw);
      assert.ok(res.body.data.length <= 7);
      pages++;
      seen.push(...res.body.data);
      if (!res.body.has_more) {
        scanEnded = Date.now();
        return;
      }
      after = res.body.data.at(-1).id;
      // Let some status changes land between pages (they also run during page requests).
      while (patchedAt.length < pages * 2 && !mutationsDone) await sleep(1);
    }
  };
  // While the scan runs: status changes to in-window orders (early and late in creation order), to an
  // early order, and new orders created (and changed) after the window's start.
  const lateCreated: any[] = [];
  const mutate = async () => {
    const targets = [...inWindow.filter((_, i) => i % 3 === 1).reverse(), early[2], early[0]];
    try {
      for (const [i, o] of targets.entries()) {
        const res = await patchStatus(h, t.orgKey, loc, o.id, { status: 'in_preparation' });
        assert.equal(res.status, 200, res.raw);
        patchedAt.push(Date.now());
        if (i % 3 === 0) {
          const fresh = await make(200 + i);
          lateCreated.push(fresh);
          await advance(h, t.orgKey, loc, fresh.id, 'accepted');
        }
      }
    } finally {
      mutationsDone = true;
    }
  };
  await Promise.all([scan(), mutate()]);
  assert.ok(pages >= 3, `the scan had ${pages} pages`);
  assert.ok(patchedAt.filter((at) => at < scanEnded).length >= 2, 'status changes did not overlap the scan');

  const seenIds = seen.map((o) => o.id);
  assert.equal(new Set(seenIds).size, seenIds.length, 'an order appeared twice in one scan');
  for (const o of seen) {
    assert.equal(o.location_id, loc);
    assert.ok(
      time(o.updated_at) > time(updatedAfter) && time(o.updated_at) < time(updatedBefore),
      `order ${o.id} with updated_at ${o.updated_at} is outside (${updatedAfter}, ${updatedBefore})`,
    );
  }
  for (const o of lateCreated)
    assert.ok(!seenIds.includes(o.id), `order ${o.id} created after updated_before was seen`);
  assert.ok(!seenIds.includes(early[3].id), 'an order untouched since before updated_after was seen');

  const final = await listAll(h, t.orgKey, path);
  const mustSee = final.filter(
    (o) => time(o.updated_at) > time(updatedAfter) && time(o.updated_at) < time(updatedBefore),
  );
  assert.ok(mustSee.length >= 20, `only ${mustSee.length} orders stayed in the window`);
  assert.ok(
    mustSee.some((o) => early.some((e) => e.id === o.id)),
    'an order created before the window and changed inside it is in the window',
  );
  const missed = mustSee.filter((o) => !seenIds.includes(o.id)).map((o) => `${o.id} (${o.updated_at})`);
  assert.deepEqual(missed, [], 'orders whose final updated_at lies in the window were missed');

  // Without concurrent changes, the same scan sees exactly the orders in the window.
  const again = await listAll(h, t.orgKey, path, `updated_after=${updatedAfter}&updated_before=${updatedBefore}`);
  assert.deepEqual(again.map((o) => o.id).sort(), mustSee.map((o) => o.id).sort());
});
