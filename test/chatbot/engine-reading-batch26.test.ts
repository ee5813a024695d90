/**
 * Mechanisms of the order reader after the twenty-sixth dev batch, each on the corpus menus as the first
 * message of a conversation, in wordings other than the corpus's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { wordMatch } from '../../chatbot/engine/text/fuzzy.js';
import { linesOf, reads } from './corpus/reads.js';

describe('a key struck twice', () => {
  it('finds a three-letter word with one of its letters doubled', async () => {
    assert.ok(wordMatch('hamm', 'ham') > 0);
    assert.ok(wordMatch('teea', 'tea') > 0);
    await reads('byo-pizza', 'large pizza w/ olives and hamm', [
      { item: 'pizza', quantity: 1, options: ['size-large', 'olives', 'ham'] },
    ]);
  });

  it('is never a letter for another, nor a letter added that is not its neighbour', () => {
    assert.equal(wordMatch('hat', 'ham'), 0);
    assert.equal(wordMatch('hame', 'ham'), 0);
  });
});

describe('German compounds in the plural', () => {
  it('a last part in the plural in -e is the singular the menu has ("-brote" → Brot)', async () => {
    await reads(
      'pizzeria-de',
      'Ich nehme drei Pizzabrote mit Kräuterbutter',
      [{ item: 'pizzabrot', quantity: 3, options: ['dip-kraeuterbutter'] }],
      'de',
    );
  });

  it('a cut one letter late leaves no fragment that names another item', async () => {
    const got = await linesOf('pizzeria-de', 'drei Pizzabrote', 'de');
    assert.ok(!got.some((l) => l.includes('rotwein')), got.join(' · '));
  });
});

describe('a span never ends inside a split compound it did not begin with', () => {
  it('"Käse und Pizzabrötchen" is extra cheese and the rolls, no cheese pizza', async () => {
    await reads(
      'pizzeria-de',
      'eine Pizza Funghi mit doppelt Käse und 2 Pizzabrötchen',
      [
        { item: 'pizza-funghi', quantity: 1, extra: ['kaese'] },
        { item: 'pizzabroetchen', quantity: 2 },
      ],
      'de',
    );
  });
});

describe('an article before a volume', () => {
  it('"einen Liter Cola" is the 1,0 l', async () => {
    await reads(
      'pizzeria-de',
      'zwei Pizza Margherita, einen Liter Cola',
      [
        { item: 'pizza-margherita', quantity: 2 },
        { item: 'cola-10', quantity: 1 },
      ],
      'de',
    );
  });
});

describe('"at all" after a "no"', () => {
  it('stresses the "no"; it says nothing of all the lines', async () => {
    await reads('byo-pizza', 'two small pizzas, one with ham, the other with no cheese at all', [
      { item: 'pizza', quantity: 1, options: ['size-small', 'ham'] },
      { item: 'pizza', quantity: 1, options: ['size-small'], without: ['cheese'] },
    ]);
  });
});

describe('a "no" inside a "with" list', () => {
  it('what the item cannot leave out goes back to being added', async () => {
    await reads('byo-pizza', 'a large pizza with no oregano and bacon please', [
      { item: 'pizza', quantity: 1, options: ['size-large', 'bacon'], without: ['oregano'] },
    ]);
  });

  it('what the item has stays left out', async () => {
    await reads('byo-pizza', 'a small veggie supreme with no onions and olives', [
      { item: 'veggie-supreme', quantity: 1, options: ['size-small'], without: ['onions', 'olives'] },
    ]);
  });
});

describe('a dish named in part, then a word the menu does not know where its name goes on', () => {
  it('is another dish of the same beginning, which the menu lacks', async () => {
    await reads('pizzeria-de', 'zwei Pizza Quattro Carni und ein Tiramisu', [{ item: 'tiramisu', quantity: 1 }], 'de');
  });

  it('…not a word said after the dish, nor its name misspelt', async () => {
    await reads(
      'pizzeria-de',
      'eine Pizza Quattro groß und ein Tiramisu',
      [
        { item: 'pizza-quattro-formaggi', quantity: 1, options: ['size-32'] },
        { item: 'tiramisu', quantity: 1 },
      ],
      'de',
    );
    await reads(
      'pizzeria-de',
      'Pizza Quattro Formagi und ein Tiramisu',
      [
        { item: 'pizza-quattro-formaggi', quantity: 1 },
        { item: 'tiramisu', quantity: 1 },
      ],
      'de',
    );
  });
});
