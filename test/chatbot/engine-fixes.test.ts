/**
 * Regressions of the deterministic engine found in review: a draft option without its group id, changes
 * to a line that name a switched-off option, "make it 32 cm" read as a quantity, "extra Käse" on a
 * pizza whose cheese is called Mozzarella, and replies quoting the customer's words folded.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDeterministicEngine } from '../../chatbot/engine/deterministic/index.js';
import { menuIndex } from '../../chatbot/engine/menu/match.js';
import { parseOrder } from '../../chatbot/engine/parse/order.js';
import { original } from '../../chatbot/engine/text/normalize.js';
import type { Menu } from '../../chatbot/payload-types.js';
import { NOW } from './fixtures.js';
import { Conversation, draftLines } from './simulator.js';

const engine = createDeterministicEngine(() => NOW);

describe('a draft option without its group id (group_id is optional in a draft)', () => {
  it('"make it large" replaces the size the draft names without a group', async () => {
    const c = new Conversation(engine, { language: 'en' });
    c.draft = {
      items: [{ type: 'product', productId: 'margherita', quantity: 1, options: [{ optionId: 'size-26' }] }],
    };
    const text = await c.say('make it large');
    assert.deepEqual(draftLines(c), [['margherita', 1, ['size-32'], [], []]]);
    assert.match(text, /1× Pizza Margherita \(32 cm\) — €12\.50/);
  });

  it('a tapped size button replaces it too', async () => {
    const c = new Conversation(engine, { language: 'en' });
    c.draft = {
      items: [{ type: 'product', productId: 'margherita', quantity: 1, options: [{ optionId: 'size-26' }] }],
    };
    await c.say({ reply: { id: 'opt:0:size-30', title: '30 cm' } });
    assert.deepEqual(draftLines(c), [['margherita', 1, ['size-30'], [], []]]);
  });
});

describe('a change to a line that names a switched-off option', () => {
  it('"with anchovies" is refused, in English, and the draft keeps the pizza as it was', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('a margherita 26cm');
    const text = await c.say('with anchovies');
    assert.match(text, /Sorry, Anchovies is not available right now\./);
    assert.match(text, /1× Pizza Margherita \(26 cm\) — €9\.50/);
    assert.doesNotMatch(text, /Anchovies\) —/);
    assert.deepEqual(draftLines(c), [['margherita', 1, ['size-26'], [], []]]);
  });

  it('in German as well; what is available in the same change is still applied', async () => {
    const c = new Conversation(engine, { language: 'de' });
    await c.say('eine Margherita 26cm');
    const text = await c.say('mit Anchovies und Oliven');
    assert.match(text, /Anchovies ist leider gerade nicht verfügbar\./);
    assert.match(text, /1× Pizza Margherita \(26 cm, Olives\) — 10,50 €/);
    assert.deepEqual(draftLines(c), [['margherita', 1, ['size-26', 'olives'], [], []]]);
  });

  it('a stale tap on a switched-off option is refused', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('a margherita 26cm');
    const text = await c.say({ reply: { id: 'opt:0:anchovies', title: 'Anchovies' } });
    assert.match(text, /Sorry, Anchovies is not available right now\./);
    assert.deepEqual(draftLines(c), [['margherita', 1, ['size-26'], [], []]]);
  });
});

describe('a number followed by a unit is a size, never a quantity', () => {
  it('"make it 32 cm" changes the size', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('a margherita 26cm');
    const text = await c.say('make it 32 cm');
    assert.deepEqual(draftLines(c), [['margherita', 1, ['size-32'], [], []]]);
    assert.match(text, /1× Pizza Margherita \(32 cm\) — €12\.50/);
    assert.doesNotMatch(text, /Changed to 32×/);
  });

  it('"make it 30cm" (no space) and "mach es 32 cm" too', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('a margherita 26cm');
    await c.say('make it 30cm');
    assert.deepEqual(draftLines(c), [['margherita', 1, ['size-30'], [], []]]);
    const d = new Conversation(engine, { language: 'de' });
    await d.say('eine Margherita 26 cm');
    await d.say('mach es 32 cm');
    assert.deepEqual(draftLines(d), [['margherita', 1, ['size-32'], [], []]]);
  });

  it('"a 32 cm margherita" is one pizza of 32 cm', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('32 cm margherita');
    assert.deepEqual(draftLines(c), [['margherita', 1, ['size-32'], [], []]]);
  });

  it('"make it two", "mach sie groß", "mach zwei daraus" still work', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('a margherita 26cm');
    assert.match(await c.say('make it two'), /Changed to 2× Pizza Margherita/);
    assert.deepEqual(draftLines(c), [['margherita', 2, ['size-26'], [], []]]);
    const d = new Conversation(engine, { language: 'de' });
    await d.say('eine Margherita 26cm');
    assert.match(await d.say('mach sie groß'), /1× Pizza Margherita \(32 cm\) — 12,50 €/);
    assert.deepEqual(draftLines(d), [['margherita', 1, ['size-32'], [], []]]);
    await d.say('mach zwei daraus');
    assert.deepEqual(draftLines(d), [['margherita', 2, ['size-32'], [], []]]);
  });
});

describe('"extra cheese" on a pizza whose cheese has a name of its own', () => {
  it('"extra Käse" on a Margherita is extra Mozzarella', async () => {
    const c = new Conversation(engine, { language: 'de' });
    const text = await c.say('zwei Margherita 26cm mit extra Käse');
    assert.doesNotMatch(text, /nicht verstanden/);
    assert.deepEqual(draftLines(c), [['margherita', 2, ['size-26'], [], ['mozzarella']]]);
    // 2 × (9.50 + 1.50)
    assert.match(text, /2× Pizza Margherita \(26 cm; extra Mozzarella\) — 22,00 €/);
  });

  it('"extra cheese" in English, and "without cheese" on the Diavola', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('two margheritas 26 cm with extra cheese');
    assert.deepEqual(draftLines(c), [['margherita', 2, ['size-26'], [], ['mozzarella']]]);
    const d = new Conversation(engine, { language: 'en' });
    await d.say('a diavola 32 cm without cheese');
    assert.deepEqual(draftLines(d), [['diavola', 1, ['size-32'], ['mozzarella'], []]]);
  });

  it('an ingredient named "Cheese" is still the one meant (the build-your-own Pizza)', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('a pizza 26 cm with extra cheese');
    assert.deepEqual(draftLines(c), [['pizza', 1, ['size-26'], [], ['cheese']]]);
  });

  it('works on any menu: several cheeses → the one that can be had extra, or left out', () => {
    const eur = (amount: number) => ({ amount, currency: 'EUR' });
    const ingredient = (id: string, name: string, removable: boolean, extra: number | null) => ({
      id,
      name,
      removable,
      extra: extra === null ? null : { price: eur(extra), maxQuantity: 2 },
    });
    const menu: Menu = {
      currency: 'EUR',
      categories: [],
      groups: [],
      bundles: [],
      promotions: [],
      products: [
        {
          id: 'formaggi',
          name: 'Quattro Formaggi',
          description: null,
          price: eur(1200),
          groupIds: [],
          ingredients: [
            ingredient('gorgonzola', 'Gorgonzola', false, null),
            ingredient('parmesan', 'Parmigiano Reggiano', true, null),
            ingredient('emmentaler', 'Emmentaler', false, 150),
          ],
          allergens: [],
          dietaryTags: [],
          available: true,
          unavailableUntil: null,
        },
        {
          id: 'toast',
          name: 'Toast Hawaii',
          description: null,
          price: eur(800),
          groupIds: [],
          ingredients: [ingredient('cheddar', 'Cheddar', true, 100), ingredient('ham', 'Kochschinken', true, 100)],
          allergens: [],
          dietaryTags: [],
          available: true,
          unavailableUntil: null,
        },
      ],
    };
    const index = menuIndex(menu);
    const [extra] = parseOrder('quattro formaggi mit extra Käse', index, []).lines;
    assert.deepEqual(extra.mods.extra, [{ ingredientId: 'emmentaler', quantity: 1 }]);
    assert.deepEqual(extra.mods.unknown, []);
    const [without] = parseOrder('quattro formaggi without cheese', index, []).lines;
    assert.deepEqual(without.mods.without, ['parmesan']);
    const [toast] = parseOrder('toast hawaii ohne Käse, mit extra Schinken', index, []).lines;
    assert.deepEqual([toast.mods.without, toast.mods.extra], [['cheddar'], [{ ingredientId: 'ham', quantity: 1 }]]);
  });
});

describe('replies quote the customer’s own words', () => {
  it('a word not understood for an item keeps its umlauts and capitals', async () => {
    const c = new Conversation(engine, { language: 'de' });
    const text = await c.say('eine Margherita 26 cm mit Käsekuchen');
    assert.match(text, /"Käsekuchen" habe ich bei Pizza Margherita nicht verstanden\./);
  });

  it('a piece not on the menu is quoted as written', async () => {
    const c = new Conversation(engine, { language: 'de' });
    const text = await c.say('Ich möchte Käsekuchen');
    assert.match(text, /"Ich möchte Käsekuchen" habe ich auf unserer Karte nicht gefunden\./);
    const e = new Conversation(engine, { language: 'en' });
    assert.match(
      await e.say('a margherita 26 cm and a Crème Brûlée'),
      /I could not find "a Crème Brûlée" on our menu\./,
    );
  });

  it('original(): the words of the text a folded snippet came from', () => {
    assert.equal(original('Zwei Pizzen mit Käse, bitte', 'kase'), 'Käse');
    assert.equal(original('Große Straße', 'grosse strasse'), 'Große Straße');
    assert.equal(original('Käsekuchen und Käse', 'kase'), 'Käse', 'a whole word, not part of one');
    assert.equal(
      original('Ich hätte gern 2 Crème brûlée', 'ich hatte gern 2 creme brulee'),
      'Ich hätte gern 2 Crème brûlée',
    );
    assert.equal(original('nothing here', 'kase'), 'kase', 'not found: the snippet itself');
  });
});
