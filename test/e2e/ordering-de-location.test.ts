/** German conversations in location mode (manual acceptance), through the real platform and chatbot. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PERIODS } from '../chatbot/fixture-location.js';
import { Customer, ordersOf } from './_chat.js';
import { ok, type Platform, startPlatform } from './_platform.js';
import { type Restaurant, setUpRestaurant } from './_restaurant.js';

let p: Platform;
let r: Restaurant;

before(async () => {
  p = await startPlatform();
  r = await setUpRestaurant(p);
});
after(() => p.close());

const de = (account = r.accounts[0]) => new Customer(p, account, { name: 'Lea', language: 'de' });
const lines = (o: any) => o.items.map((i: any) => `${i.quantity}× ${i.name}`);
const draftLines = async (c: Customer) =>
  ((await c.conversation()).order_draft?.items ?? []).map((i: any) => `${i.quantity}× ${i.product_id}`);
/** Inside First's Neighbourhood zone (fee 1,99 €, minimum 12,00 €). */
const NEAR_FIRST = { latitude: 52.533, longitude: 13.386 };

/** "HH:MM" of an instant in Berlin, the restaurants' time zone. */
const berlin = (at: string | number) =>
  new Date(at).toLocaleTimeString('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

/** Orders the draft as it stands: "fertig", then "ja"; returns the order placed. */
async function place(c: Customer, location = r.locations[0]) {
  const before = (await ordersOf(p, c, location, r.t.orgKey)).length;
  const summary = await c.say('fertig');
  const placed = await c.say('ja');
  const orders = await ordersOf(p, c, location, r.t.orgKey);
  assert.equal(orders.length, before + 1, `${summary}\n${placed}`);
  return { order: orders[0], summary, placed };
}

describe('auf Deutsch, Standortmodus, manuelle Annahme', { concurrency: true }, () => {
  test('die ganze Bestellung aus einer Nachricht: drei Zeilen, Größe per Knopf, aufgegeben mit 47,60 €', async () => {
    const c = de();
    const a = await c.say(
      'zwei große Pizzen mit Schinken und extra Käse aber ohne Zwiebeln, eine dünne Kruste mit Paprika und Oliven und drei Dosen Cola',
    );
    assert.match(a, /2× Pizza \(32 cm, Ham; extra Cheese; ohne Onions\) — 28,00 €/);
    assert.match(a, /1× Pizza \(Thin crust, Peppers, Olives\) — 10,00 €/);
    assert.match(a, /3× Coca-Cola \(can\) 0\.33 l — 9,60 €/);
    assert.match(a, /Welche Size möchten Sie für Pizza \(Thin crust, Peppers, Olives\)\?/);
    assert.match(await c.tap('26 cm'), /1× Pizza \(Thin crust, Peppers, Olives, 26 cm\) — 10,00 €/);
    assert.match(await c.say('zum Abholen, bar'), /Abholung, alles klar\.\nSie zahlen bar\./);
    const asked = Date.now();
    const { order, summary, placed } = await place(c);
    assert.match(summary, /\*Gesamt: 47,60 €\*/);
    // Ready after the 20 minutes of preparation, counted from when the summary was written.
    const ready = /Abholbereit (heute|morgen) um (\d\d:\d\d) Uhr\./.exec(summary);
    assert.ok(ready, summary);
    const after = (minutes(ready[2]) - minutes(berlin(asked)) + 1440) % 1440;
    assert.ok(after >= 20 && after <= 22, `${ready[2]} is not 20 minutes after ${berlin(asked)}`);
    assert.match(placed, /Ihre Bestellung ist an First gegangen/);
    assert.deepEqual(lines(order), ['2× Pizza', '1× Pizza', '3× Coca-Cola (can) 0.33 l']);
    const thin = order.items[1];
    assert.deepEqual(thin.modifier_groups.flatMap((g: any) => g.modifiers.map((m: any) => m.id)).sort(), [
      'olives',
      'peppers',
      'size-26',
      'thin',
    ]);
    assert.equal(order.total.amount, 4760);
    assert.equal(order.status, 'received');
  });

  test('Meinungsänderung: erst klein, dann groß, dann zwei; eine Cola dazu und wieder weg', async () => {
    const c = de();
    assert.match(await c.say('eine Margherita 26 cm'), /Zwischensumme: 9,50 €/);
    assert.match(await c.say('doch lieber groß'), /1× Pizza Margherita \(32 cm\) — 12,50 €/);
    assert.match(await c.say('mach zwei daraus'), /2× Pizza Margherita \(32 cm\) — 25,00 €/);
    assert.match(await c.say('und eine Cola'), /Zwischensumme: 28,20 €/);
    const gone = await c.say('die Cola doch nicht');
    assert.match(gone, /Zwischensumme: 25,00 €/);
    assert.deepEqual(await draftLines(c), ['2× margherita']);
  });

  test('ein nicht verfügbarer Artikel wird abgelehnt, der Rest genommen', async () => {
    const c = de();
    const a = await c.say('ein Peroni und eine Cola');
    assert.match(a, /Peroni 0\.33 l ist leider gerade nicht verfügbar\./);
    assert.match(a, /Zwischensumme: 3,20 €/);
    assert.deepEqual(await draftLines(c), ['1× cola']);
  });

  test('Allergene, vegane Gerichte, enthält es Ei', async () => {
    const c = de();
    assert.match(
      await c.say('Welche Allergene hat das Tiramisu?'),
      /Tiramisù\* — 6,50 €\nvegetarisch\nAllergene: Eier, Milch und Gluten/,
    );
    assert.match(await c.say('Habt ihr etwas Veganes?'), /Vegane Gerichte:\n• Penne all'Arrabbiata — 10,50 €/);
    assert.match(await c.say('Ist in der Carbonara Ei?'), /Ja, Spaghetti Carbonara enthält Eier\./);
    assert.equal((await c.conversation()).order_draft, null, 'questions order nothing');
  });

  test('eine Kundennotiz wird gemerkt, einmal', async () => {
    const c = de();
    assert.match(await c.say('Merken Sie sich bitte: hinten klingeln'), /Das merke ich mir: "hinten klingeln"\./);
    await c.say('Merken Sie sich bitte: hinten klingeln');
    const { customer_id } = await c.conversation();
    const customer = await ok(p, 'GET', `/admin/v1/customers/${customer_id}`);
    assert.equal(customer.notes, 'hinten klingeln');
  });

  test('Gutscheincode WELCOME10: 10 % weniger in der Zusammenfassung und in der Bestellung', async () => {
    const c = de();
    await c.say('zwei Margherita 26 cm zum Abholen, bar');
    assert.match(await c.say('Gutscheincode WELCOME10'), /Rabattcode WELCOME10 hinzugefügt\./);
    const { order, summary } = await place(c);
    assert.match(summary, /10 % off: −1,90 €/);
    assert.match(summary, /\*Gesamt: 17,10 €\*/);
    assert.equal(order.total.amount, 1710);
  });

  test('Stand der Bestellung, dann stornieren, solange das Restaurant sie nicht angenommen hat', async () => {
    const c = de();
    await c.say('eine Carbonara zum Abholen, bar');
    const { order } = await place(c);
    assert.match(
      await c.say('Wo bleibt meine Bestellung?'),
      new RegExp(
        `Ihre Bestellung #${order.short_id} \\(aufgegeben heute um ${berlin(order.created_at)} Uhr\\) ist eingegangen`,
      ),
    );
    assert.match(
      await c.say('Bitte stornieren'),
      new RegExp(`Bestellung #${order.short_id} \\(.*Carbonara.*\\) stornieren\\?`),
    );
    assert.match(await c.tap('Ja, stornieren'), new RegExp(`Bestellung #${order.short_id} ist storniert\\.`));
    const [after] = await ordersOf(p, c, r.locations[0], r.t.orgKey);
    assert.equal(after.status, 'cancelled');
  });

  test('Lieferung per Standort, dann "wie letztes Mal": dieselben Zeilen, dieselbe Summe', async () => {
    const c = de();
    await c.say('zwei Tiramisu und eine Carbonara zur Lieferung, bar');
    const pinned = await c.pin(NEAR_FIRST.latitude, NEAR_FIRST.longitude);
    assert.match(pinned, /Ja, wir liefern dorthin \(Neighbourhood\): Liefergebühr 1,99 €, Mindestbestellwert 12,00 €/);
    const { order: first, summary } = await place(c);
    // 2 × 6,50 + 12,50 + 1,99 delivery fee
    assert.match(summary, /\*Gesamt: 27,49 €\*/);
    assert.equal(first.total.amount, 2749);
    const again = await c.say('Wie letztes Mal bitte');
    assert.match(again, new RegExp(`Ich habe Ihre Bestellung #${first.short_id} noch einmal zusammengestellt:`));
    assert.match(again, /2× Tiramis/);
    const { order: second } = await place(c);
    assert.deepEqual(lines(second), lines(first));
    assert.equal(second.service_type, 'delivery');
    assert.equal(second.total.amount, 2749);
  });

  test('geschlossen (Betriebsferien): sagt es mit Grund, nennt die Woche und die Schließung; nichts wird aufgegeben', async () => {
    // Second is used by no other conversation of this file.
    const base = `/v1/locations/${r.locations[1]}`;
    await ok(p, 'PUT', `${base}/opening_hours`, { periods: PERIODS }, r.t.orgKey);
    const ends = new Date(Date.now() + 3 * 86_400_000);
    await ok(
      p,
      'POST',
      `${base}/special_closings`,
      {
        starts_at: new Date(Date.now() - 3600_000).toISOString(),
        ends_at: ends.toISOString(),
        reason: 'Betriebsferien',
      },
      r.t.orgKey,
    );
    const c = de(r.accounts[1]);
    assert.match(
      await c.say('Habt ihr jetzt offen?'),
      /Wir haben gerade geschlossen: Betriebsferien.* Wir öffnen wieder /,
    );
    const week = await c.say('Wann habt ihr diese Woche geöffnet?');
    assert.match(week, /Montag: geschlossen/);
    assert.match(week, /Dienstag: 11:30–14:30, 17:30–22:30/);
    assert.match(week, /Freitag: 11:30–15:00, 17:30–01:00/);
    const d = ends.toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin', day: 'numeric', month: 'numeric' });
    assert.match(
      await c.say('Habt ihr Betriebsferien?'),
      new RegExp(`Sonderschließungen:\\n• .*${d.replace(/\./g, '\\.')}.*: Betriebsferien`),
    );
    await c.say('ein Tiramisu zum Abholen, bar');
    await c.say('fertig');
    await c.say('ja');
    assert.equal((await ordersOf(p, c, r.locations[1], r.t.orgKey)).length, 0);
  });
});
