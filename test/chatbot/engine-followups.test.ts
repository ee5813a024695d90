/**
 * Follow-ups change the order they refer to (chatbot/engine/deterministic/followups.ts): more of the last
 * line, a correction, a swap; the same line ordered again is one line; a quantity the platform refuses is
 * said, never sent.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDeterministicEngine } from '../../chatbot/engine/deterministic/index.js';
import { Conversation, NOW } from './simulator.js';

const engine = createDeterministicEngine(() => NOW);
const lines = (c: Conversation) =>
  ((c.draft?.items ?? []) as any[]).map((i) => [i.productId ?? i.bundleId, i.quantity]);

describe('follow-ups change the line they refer to', () => {
  it('"another one", "two more", "same again" add to the last line, never a second line', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('2 cokes and a tiramisu');
    assert.match(await c.say('another one'), /Changed to 2× Tiramisù/);
    assert.deepEqual(lines(c), [
      ['cola', 2],
      ['tiramisu', 2],
    ]);
    await c.say('two more please');
    assert.deepEqual(lines(c).at(-1), ['tiramisu', 4]);
    await c.say('same again');
    assert.deepEqual(lines(c).at(-1), ['tiramisu', 8]);
    await c.say('add one more of those');
    assert.deepEqual(lines(c), [
      ['cola', 2],
      ['tiramisu', 9],
    ]);
  });

  it('German: "noch eine", "noch zwei davon"', async () => {
    const c = new Conversation(engine, { language: 'de' });
    await c.say('eine Cola');
    assert.match(await c.say('noch eine bitte'), /Geändert auf 2× Coca-Cola/);
    await c.say('noch zwei davon');
    assert.deepEqual(lines(c), [['cola', 4]]);
  });

  it('a correction sets the line it names: "no wait, three cokes", "make that one tiramisu"', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('2 cokes and 2 tiramisu');
    await c.say('no wait, three cokes');
    assert.deepEqual(lines(c), [
      ['cola', 3],
      ['tiramisu', 2],
    ]);
    await c.say('actually make that one tiramisu and a carbonara');
    assert.deepEqual(lines(c), [
      ['cola', 3],
      ['tiramisu', 1],
      ['carbonara', 1],
    ]);
  });

  it('a swap takes one line out and puts another in', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('a carbonara and a coke');
    const text = await c.say('swap the coke for a san pellegrino');
    assert.match(text, /Removed Coca-Cola/);
    assert.deepEqual(lines(c), [
      ['carbonara', 1],
      ['pellegrino', 1],
    ]);
    const d = new Conversation(engine, { language: 'de' });
    await d.say('eine Carbonara und eine Cola');
    await d.say('tauschen Sie die Cola gegen ein Tiramisu');
    assert.deepEqual(lines(d), [
      ['carbonara', 1],
      ['tiramisu', 1],
    ]);
  });

  it('the same line ordered again in a later message is one line', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('a margherita 30cm without basil');
    await c.say('and another margherita 30cm without basil');
    assert.deepEqual(lines(c), [['margherita', 2]]);
  });

  it('the item named again with "the" is the line already ordered', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('a carbonara and a margherita 26cm, no basil on the margherita');
    const items = (c.draft?.items ?? []) as any[];
    assert.deepEqual(lines(c), [
      ['carbonara', 1],
      ['margherita', 1],
    ]);
    assert.deepEqual(items[1].without, ['basil']);
    await c.say('extra mozzarella on the margherita please');
    assert.deepEqual(((c.draft?.items ?? []) as any[])[1].extra, [{ ingredientId: 'mozzarella', quantity: 1 }]);
    assert.equal(lines(c).length, 2);
  });
});

describe('quantities the platform accepts', () => {
  it('"250 pranzo menu" is said to be too many, and nothing is sent', async () => {
    const c = new Conversation(engine, { language: 'en' });
    const text = await c.say('250 pranzo menu');
    assert.match(text, /250 × Pranzo Menu is more than we can take in one order: at most 200 of one item/);
    assert.deepEqual(lines(c), []);
  });

  it('a change to more than 200 is refused and the line stays as it was', async () => {
    const c = new Conversation(engine, { language: 'de' });
    await c.say('zwei Cola');
    const text = await c.say('mach daraus 300');
    assert.match(text, /300 × Coca-Cola \(can\) 0\.33 l sind leider mehr, als wir in einer Bestellung annehmen können/);
    assert.deepEqual(lines(c), [['cola', 2]]);
    await c.say('199 more');
    assert.deepEqual(lines(c), [['cola', 2]]);
  });
});
