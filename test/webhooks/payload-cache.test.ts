/**
 * The location part of the body is held by the builder (src/webhooks/payload/locations-load.ts): every
 * write to a location's settings, menu, special closings or availability switches — by this process or
 * any other — shows in the next body, and nothing is read again while nothing changed: the conversation's
 * read carries the locations' fingerprints, and the locations' statement runs only when one differs.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { App } from '../../src/app.js';
import type { Db, QueryOptions } from '../../src/db/client.js';
import { createPayloadBuilder } from '../../src/webhooks/payload/index.js';
import { loadLocations, locationCache } from '../../src/webhooks/payload/locations-load.js';
import { renderLocationSummary } from '../../src/webhooks/payload/locations-render.js';
import { createTestAccount, digits, say } from '../conversations/_support.js';
import { setUpLocation } from '../drafts/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { LOCATION_BODY, newTenant, type Tenant } from '../helpers/fixtures.js';
import { assertValidBody, messageRef } from './_payload.js';
import { eventually, fakeReceiver, isolateDatabase, newSecret } from './_support.js';
import { webhookApp } from './app.js';

let h: Harness;
let db: Db;
let t: Tenant;
let loc: string;
let account: string;

before(async () => {
  await isolateDatabase();
  h = await getHarness();
  db = await testDb();
  t = await newTenant(h);
  loc = t.locationIds[0];
  await setUpLocation(h, t.orgKey, loc);
  account = await createTestAccount(h, { location_id: loc });
});

const call = async (method: 'PUT' | 'PATCH' | 'POST' | 'DELETE', path: string, body?: unknown) => {
  const res = await h.call(method, `/v1/locations/${loc}${path}`, { key: t.orgKey, body });
  assert.ok(res.status === 200 || res.status === 201 || res.status === 204, `${method} ${path}: ${res.raw}`);
  return res.body;
};

describe('the location part of the body, held between bodies', () => {
  test('a builder sees every write made before the body, and reuses what did not change', async () => {
    // The locations statement's rows, to see what it read.
    const reads: Record<string, unknown>[] = [];
    const build = createPayloadBuilder({
      async query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
        const rows = await db.query<T>(sql, params, options);
        if (sql.includes('parts_held')) reads.push(...(rows as Record<string, unknown>[]));
        return rows;
      },
    });
    const m = await say(h, account, `+4917${digits(8)}`, 'Hallo');
    const body = async () => {
      const b = await build(messageRef(m));
      assertValidBody(h, JSON.parse(JSON.stringify(b)));
      return b as any;
    };
    const first = await body();
    // Nothing changed: the same menu object (held, not read and rendered again).
    const again = await body();
    assert.equal(again.location.menu, first.location.menu);
    assert.deepEqual(again.location, first.location);
    // The conversation's read found every fingerprint held: the locations' statement did not run again.
    assert.deepEqual(
      reads.map((r) => [r.parts_held, r.menu_json === null, r.settings_json === null]),
      [[false, false, false]],
    );

    // The menu: a new version.
    const { version: _v, ...menu } = (await h.call('GET', `/v1/locations/${loc}/menu`, { key: t.orgKey })).body;
    const renamed = {
      ...menu,
      products: menu.products.map((p: any) => (p.id === 'cola' ? { ...p, name: 'Cola Light' } : p)),
    };
    await call('PUT', '/menu', renamed);
    const cola = (b: any) => b.location.menu.products.find((p: any) => p.id === 'cola');
    assert.equal(cola(await body()).name, 'Cola Light');
    assert.equal(reads.at(-1)?.parts_held, false);

    // Settings: order settings and the AI instructions.
    await call('PATCH', '/order_settings', { preparation_time_minutes: 42 });
    await call('PATCH', '/ai_instructions', { greeting: 'Moin!' });
    const settled = await body();
    assert.equal(settled.location.orderSettings.preparationTimeMinutes, 42);
    assert.equal(settled.location.aiInstructions.greeting, 'Moin!');

    // A switch, and its end.
    await call('PATCH', '/menu/availability', { items: [{ id: 'cola', available: false }] });
    assert.equal(cola(await body()).available, false);
    await call('PATCH', '/menu/availability', { items: [{ id: 'cola', available: true }] });
    assert.equal(cola(await body()).available, true);

    // A special closing, changed, then deleted.
    const closing = await call('POST', '/special_closings', {
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
      ends_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      reason: 'Inventur',
    });
    assert.deepEqual(
      (await body()).location.specialClosings.map((c: any) => [c.id, c.reason]),
      [[closing.id, 'Inventur']],
    );
    await call('PATCH', `/special_closings/${closing.id}`, { reason: 'Betriebsausflug' });
    assert.deepEqual(
      (await body()).location.specialClosings.map((c: any) => c.reason),
      ['Betriebsausflug'],
    );
    await call('DELETE', `/special_closings/${closing.id}`);
    assert.deepEqual((await body()).location.specialClosings, []);

    // The location itself.
    const renamedLocation = await h.call('PATCH', `/admin/v1/locations/${loc}`, { body: { name: 'Neuer Name' } });
    assert.equal(renamedLocation.status, 200, renamedLocation.raw);
    assert.equal((await body()).location.name, 'Neuer Name');
    // Its contact details: the row is read for every body, the held parts are not read again for it.
    assert.deepEqual([first.location.phone, first.location.email], [null, null]);
    const contact = await h.call('PATCH', `/v1/locations/${loc}`, {
      key: t.orgKey,
      body: { phone: '030 1234567', email: 'kontakt@trattoria.example' },
    });
    assert.equal(contact.status, 200, contact.raw);
    const reached = await body();
    assert.deepEqual([reached.location.phone, reached.location.email], ['+49301234567', 'kontakt@trattoria.example']);
    assert.equal(reads.at(-1)?.parts_held, true);
    await h.call('PATCH', `/v1/locations/${loc}`, { key: t.orgKey, body: { phone: '+49 40 7654321', email: null } });
    const changed = await body();
    assert.deepEqual([changed.location.phone, changed.location.email], ['+49407654321', null]);

    // Back as it was; another builder (another process) builds the same body.
    await call('PUT', '/menu', menu);
    const fresh = await createPayloadBuilder(db)(messageRef(m));
    const held = await body();
    assert.deepEqual(
      JSON.parse(JSON.stringify({ ...held, event: null })),
      JSON.parse(JSON.stringify({ ...fresh, event: null })),
    );
    assert.equal(cola(held).name, 'Cola');
  });
});

describe("an organization's locations, held between bodies (businessOrganization mode)", () => {
  test('a location added, deactivated or switched back on shows in the next body of the same builder', async () => {
    const org = await newTenant(h);
    for (const id of org.locationIds) await setUpLocation(h, org.orgKey, id);
    const orgAccount = await createTestAccount(h, { organization_id: org.orgId });
    const m = await say(h, orgAccount, `+4917${digits(8)}`, 'Wo seid ihr?');
    let statements = 0;
    const build = createPayloadBuilder({
      async query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
        if (sql.includes('parts_held')) statements++;
        return db.query<T>(sql, params, options);
      },
    });
    const ids = async () => {
      const b = (await build(messageRef(m))) as any;
      assertValidBody(h, JSON.parse(JSON.stringify(b)));
      return b.businessOrganization.locations.map((l: { id: string }) => l.id);
    };
    assert.deepEqual(await ids(), org.locationIds);
    assert.deepEqual(await ids(), org.locationIds);
    assert.equal(statements, 1, 'the second body read no location: every one was held');

    const added = await h.call('POST', `/admin/v1/organizations/${org.orgId}/locations`, {
      body: { ...LOCATION_BODY, name: 'Third' },
    });
    assert.equal(added.status, 201, added.raw);
    assert.deepEqual(await ids(), [...org.locationIds, added.body.id]);
    const off = await h.call('PATCH', `/admin/v1/locations/${org.locationIds[0]}`, { body: { active: false } });
    assert.equal(off.status, 200, off.raw);
    assert.deepEqual(await ids(), [org.locationIds[1], added.body.id]);
    const on = await h.call('PATCH', `/admin/v1/locations/${org.locationIds[0]}`, { body: { active: true } });
    assert.equal(on.status, 200, on.raw);
    assert.deepEqual(await ids(), [...org.locationIds, added.body.id]);
    const before = statements;
    assert.deepEqual(await ids(), [...org.locationIds, added.body.id]);
    assert.equal(statements, before, 'held again once read');
  });
});

describe('through the worker', () => {
  let app: App;
  let receiver: Awaited<ReturnType<typeof fakeReceiver>>;

  before(async () => {
    receiver = await fakeReceiver();
    // The app's own payload builder (the worker keeps one for its life).
    app = await webhookApp({
      chatbotUrl: receiver.url,
      signingSecret: newSecret(),
      buildPayload: createPayloadBuilder(await testDb()),
    });
  });

  after(async () => {
    await app?.close();
    await receiver?.close();
  });

  const delivered = (m: { id: string }) =>
    eventually(async () => receiver.received.find((r) => r.body?.lastMessage?.id === m.id)?.body);

  test('change the menu, send a message: the delivered body shows the change', async () => {
    const phone = `+4917${digits(8)}`;
    const before = await delivered(await say(h, account, phone, 'Was gibt es?'));
    const cola = (b: any) => b.location.menu.products.find((p: any) => p.id === 'cola');
    const name = cola(before).name;
    const { version: _v, ...menu } = (await h.call('GET', `/v1/locations/${loc}/menu`, { key: t.orgKey })).body;
    await call('PUT', '/menu', {
      ...menu,
      products: menu.products.map((p: any) => (p.id === 'cola' ? { ...p, name: `${name} Zero` } : p)),
    });
    await call('PATCH', '/order_settings', { preparation_time_minutes: 17 });
    const after = await delivered(await say(h, account, phone, 'Und jetzt?'));
    assertValidBody(h, after);
    assert.equal(cola(after).name, `${name} Zero`);
    assert.equal(after.location.orderSettings.preparationTimeMinutes, 17);
    await call('PUT', '/menu', menu);
    const last = await delivered(await say(h, account, phone, 'Und wieder?'));
    assert.equal(cola(last).name, name);
  });

  test("change the location's phone and e-mail, send a message: the delivered body carries the new ones", async () => {
    const phone = `+4917${digits(8)}`;
    const patch = (body: unknown) => h.call('PATCH', `/admin/v1/locations/${loc}`, { body });
    assert.equal((await patch({ phone: '+49 30 1111111', email: 'alt@trattoria.example' })).status, 200);
    const first = await delivered(await say(h, account, phone, 'Wie erreiche ich euch?'));
    assert.deepEqual([first.location.phone, first.location.email], ['+49301111111', 'alt@trattoria.example']);
    assert.equal((await patch({ phone: '030 2222222', email: 'neu@trattoria.example' })).status, 200);
    const second = await delivered(await say(h, account, phone, 'Und jetzt?'));
    assertValidBody(h, second);
    assert.deepEqual([second.location.phone, second.location.email], ['+49302222222', 'neu@trattoria.example']);
    assert.equal((await patch({ phone: null, email: null })).status, 200);
    const cleared = await delivered(await say(h, account, phone, 'Und nun?'));
    assert.deepEqual([cleared.location.phone, cleared.location.email], [null, null]);
  });
});

describe("the location summary's parts held between bodies", () => {
  test('what depends on the instant is worked out per body; the rest is held, byte for byte the same', async () => {
    const m = await say(h, account, `+4917${digits(8)}`, 'Habt ihr später offen?');
    const now = Date.now();
    const closing = await call('POST', '/special_closings', {
      starts_at: new Date(now + 3600_000).toISOString(),
      ends_at: new Date(now + 3 * 3600_000).toISOString(),
      reason: 'Private party',
    });
    try {
      const cache = locationCache();
      const [d] = await loadLocations(db, m.conversation_id, new Date(now), cache);
      // A copy with a row object of its own: nothing held for it, everything worked out now.
      const fresh = (at: number): any => renderLocationSummary({ ...d, row: { ...d.row } }, new Date(at));
      const before: any = renderLocationSummary(d, new Date(now));
      const during: any = renderLocationSummary(d, new Date(now + 2 * 3600_000));
      assert.equal(before.openingHours.openNow, true);
      assert.equal(before.nextOpening, null);
      assert.equal(during.openingHours.openNow, false);
      assert.equal(during.openingHours.currentSpecialClosingId, closing.id);
      assert.equal(during.nextOpening, closing.ends_at);
      assert.equal(JSON.stringify(during), JSON.stringify(fresh(now + 2 * 3600_000)));
      assert.equal(JSON.stringify(renderLocationSummary(d, new Date(now))), JSON.stringify(fresh(now)));
      assert.equal(JSON.stringify(before), JSON.stringify(fresh(now)));
      // Held: the same objects for the parts that do not move with the instant.
      assert.equal(renderLocationSummary(d, new Date(now)).orderSettings, before.orderSettings);
      assert.notEqual(fresh(now).orderSettings, before.orderSettings);
    } finally {
      await call('DELETE', `/special_closings/${closing.id}`);
    }
  });
});

describe('history messages held between bodies', () => {
  test('a message shown again is the same object; a change of its status shows in the next body', async () => {
    const build = createPayloadBuilder(db);
    const phone = `+4917${digits(8)}`;
    const earlier = await say(h, account, phone, 'Eine Pizza');
    const m = await say(h, account, phone, 'Und eine Cola');
    const shown = async () => ((await build(messageRef(m))) as any).conversation.messages as any[];
    const first = await shown();
    const again = await shown();
    assert.equal(again[0].id, earlier.id);
    assert.equal(again[0], first[0], 'held');
    assert.equal(again[0].status, 'received');
    // Its status changed within the same millisecond as its last change: still seen.
    await db.query(`UPDATE messages SET status = 'failed' WHERE id = $1`, [earlier.id]);
    const after = await shown();
    assert.equal(after[0].status, 'failed');
    assert.deepEqual({ ...after[0], status: 'received' }, first[0]);
  });
});
