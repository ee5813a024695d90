/** German phrasings the end-to-end conversations found the engine missing (test/e2e/ordering-de-location). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDeterministicEngine } from '../../chatbot/engine/deterministic/index.js';
import { NOW } from './fixtures.js';
import { Conversation } from './simulator.js';

const engine = createDeterministicEngine(() => NOW);
const de = () => new Conversation(engine, { language: 'de' });
const products = (c: Conversation) => ((c.draft?.items ?? []) as any[]).map((i) => `${i.quantity}× ${i.productId}`);

describe('German phrasings', () => {
  it('"eine dünne Kruste mit Paprika und Oliven" is another pizza with that crust (Kruste = crust)', async () => {
    const c = de();
    const a = await c.say(
      'zwei große Pizzen mit Schinken und extra Käse aber ohne Zwiebeln, eine dünne Kruste mit Paprika und Oliven und drei Dosen Cola',
    );
    assert.match(a, /2× Pizza \(32 cm, Ham; extra Cheese; ohne Onions\) — 28,00 €/);
    assert.match(a, /1× Pizza \(Thin crust, Peppers, Olives\) — 10,00 €/);
    assert.match(a, /Zwischensumme: 47,60 €/);
    assert.deepEqual(products(c), ['2× pizza', '1× pizza', '3× cola']);
  });

  it('"mach zwei daraus" changes the quantity of the last line', async () => {
    const c = de();
    await c.say('eine Margherita 26 cm');
    assert.match(await c.say('mach zwei daraus'), /Zwischensumme: 19,00 €/);
    assert.deepEqual(products(c), ['2× margherita']);
  });

  it('"die Cola doch nicht" removes the Cola rather than adding another', async () => {
    const c = de();
    await c.say('eine Margherita 26 cm und eine Cola');
    assert.match(
      await c.say('die Cola doch nicht'),
      /Coca-Cola \(can\) 0\.33 l entfernt\.[\s\S]*Zwischensumme: 9,50 €/,
    );
    assert.deepEqual(products(c), ['1× margherita']);
  });

  it('"etwas Veganes" asks for vegan dishes', async () => {
    const a = await de().say('Habt ihr etwas Veganes?');
    assert.match(a, /Vegane Gerichte:\n• Penne all'Arrabbiata — 10,50 €/);
  });

  it('"Merken Sie sich bitte: …" keeps only the note', async () => {
    const c = de();
    assert.match(await c.say('Merken Sie sich bitte: hinten klingeln'), /"hinten klingeln"/);
    assert.equal(c.notes, 'hinten klingeln');
  });

  it('", bar" on its own is cash; "bar" inside a phrase is not', async () => {
    const c = de();
    assert.match(await c.say('zwei Margherita 26 cm zum Abholen, bar'), /Sie zahlen bar\./);
    assert.equal(c.draft?.paymentMethod, 'cash');
    const d = de();
    await d.say('eine Cola von der Bar');
    assert.notEqual(d.draft?.paymentMethod, 'cash');
  });
});
