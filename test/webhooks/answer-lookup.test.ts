/**
 * Issue 20: an answer may ask the server to look up an address the customer typed (`lookUpAddress`, action
 * redeliver), so that in businessOrganization mode a location can be found for a typed street address.
 * The same message then comes again as event address_looked_up, with the geocoder's answer.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Db } from '../../src/db/client.js';
import { createGeocoder } from '../../src/lib/geocoder/nominatim.js';
import { createAnswerApplier } from '../../src/webhooks/answer/index.js';
import type { DeliveryRef } from '../../src/webhooks/contract.js';
import { createPayloadBuilder } from '../../src/webhooks/payload/index.js';
import { createTestAccount } from '../conversations/_support.js';
import { setUpLocation } from '../drafts/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { type FakeGeocoder, startFakeGeocoder } from '../helpers/fake-geocoder.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { captureLog, chat, deliveriesOf, json, NOTHING, outbound } from './_answer.js';

let h: Harness;
let db: Db;
let t: Tenant;
let account: string;
let fake: FakeGeocoder;
let apply: ReturnType<typeof createAnswerApplier>;
let applyWithout: ReturnType<typeof createAnswerApplier>;

before(async () => {
  h = await getHarness();
  db = await testDb();
  t = await newTenant(h);
  await setUpLocation(h, t.orgKey, t.locationIds[0]);
  account = await createTestAccount(h, { organization_id: t.orgId });
  fake = await startFakeGeocoder();
  const { log } = captureLog();
  apply = createAnswerApplier({ db, log, geocoder: createGeocoder({ url: fake.url, minIntervalMs: 0 }) });
  applyWithout = createAnswerApplier({ db, log });
});
after(() => fake.close());

// Each test its own town line (the fake takes any naming Berlin): the shared cache answers no other test.
let n = 0;
const town = () => `Berlin ${process.pid}.${Date.now()}.${++n}`;

/** The redelivery the answer wrote for the message, and the body a worker would build for it. */
async function redelivered(ref: DeliveryRef) {
  const again = (await deliveriesOf(db, ref.conversationId)).filter(
    (d) => d.message_id === ref.messageId && d.event === 'address_looked_up',
  );
  assert.equal(again.length, 1);
  const next = {
    ...ref,
    deliveryId: again[0].id,
    event: 'address_looked_up' as const,
    addressLookup: again[0].address_lookup,
  };
  return { row: again[0], ref: next, body: await createPayloadBuilder(db)(next) };
}

describe('lookUpAddress with action redeliver', () => {
  test('found: the message comes again as address_looked_up, with the place and its point', async () => {
    const c = await chat(h, db, account);
    const city = town();
    const outcome = await apply(
      c.ref,
      json({ action: 'redeliver', lookUpAddress: { line1: 'Torstraße 1', postalCode: '10119', city, country: 'DE' } }),
    );
    assert.deepEqual(outcome, { ...NOTHING, redelivered: true });
    const { row, body } = await redelivered(c.ref);
    assert.equal(row.status, 'pending');
    assert.equal(body.event.type, 'address_looked_up');
    assert.deepEqual(body.event.addressLookup, {
      query: { line1: 'Torstraße 1', postalCode: '10119', city, country: 'DE' },
      status: 'found',
      place: {
        label: 'Torstraße 1, 10119 Berlin',
        line1: 'Torstraße 1',
        postalCode: '10119',
        city: 'Berlin',
        country: 'DE',
        latitude: 52.5291,
        longitude: 13.4013,
      },
      candidates: [],
    });
    assert.equal((await outbound(h, c.conversationId)).length, 0, 'no reply: the chatbot answers the redelivery');
  });

  test('ambiguous: the candidates; not found; and asking twice for one message is not carried out', async () => {
    const c = await chat(h, db, account);
    await apply(c.ref, json({ action: 'redeliver', lookUpAddress: { line1: 'Hauptstraße 5', city: town() } }));
    const { ref, body } = await redelivered(c.ref);
    const lookup = body.event.addressLookup as any;
    assert.equal(lookup.status, 'ambiguous');
    assert.deepEqual(lookup.candidates.map((p: any) => p.postalCode).sort(), ['10827', '13055']);
    assert.equal(lookup.place, null);

    const twice = await apply(ref, json({ action: 'redeliver', lookUpAddress: { line1: 'Hauptstraße 5' } }));
    assert.equal(twice.fallback_sent, true);
    assert.equal((await deliveriesOf(db, c.conversationId)).length, 2);

    const d = await chat(h, db, account);
    await apply(d.ref, json({ action: 'redeliver', lookUpAddress: { line1: 'Nirgendwostraße 9', city: town() } }));
    assert.equal(((await redelivered(d.ref)).body.event.addressLookup as any).status, 'not_found');
  });

  test('without a geocoder, or with it down: unavailable, and still redelivered', async () => {
    const c = await chat(h, db, account);
    await applyWithout(c.ref, json({ action: 'redeliver', lookUpAddress: { line1: 'Torstraße 1', city: town() } }));
    assert.equal(((await redelivered(c.ref)).body.event.addressLookup as any).status, 'unavailable');
    fake.mode = 'fail';
    try {
      const d = await chat(h, db, account);
      await apply(d.ref, json({ action: 'redeliver', lookUpAddress: { line1: 'Torstraße 1', city: town() } }));
      assert.equal(((await redelivered(d.ref)).body.event.addressLookup as any).status, 'unavailable');
    } finally {
      fake.mode = 'ok';
    }
  });

  test('lookUpAddress without redeliver is refused; other events carry addressLookup null', async () => {
    const c = await chat(h, db, account);
    const outcome = await apply(c.ref, json({ lookUpAddress: { line1: 'Torstraße 1' } }));
    assert.equal(outcome.applied, false);
    assert.match(outcome.rejected_reason ?? '', /lookUpAddress goes with action: redeliver/);
    const body = await createPayloadBuilder(db)(c.ref);
    assert.equal(body.event.addressLookup, null);
  });
});
