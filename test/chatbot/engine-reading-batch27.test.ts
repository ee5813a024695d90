/**
 * Mechanisms of the order reader after the twenty-seventh dev batch, each on the corpus menus as the first
 * message of a conversation, in wordings other than the corpus's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { linesOf, reads } from './corpus/reads.js';

describe('a style under another name', () => {
  it('"Chicago style" is the deep dish of a menu that has no option called so', async () => {
    await reads('byo-pizza', 'two medium chicago-style pies with meatballs', [
      { item: 'pizza', quantity: 2, options: ['size-medium', 'deep-dish', 'meatballs'] },
    ]);
  });

  it('leaves the pan and the thick crust as they were: a deep pizza is still asked about', async () => {
    assert.deepEqual(await linesOf('byo-pizza', 'a small deep pizza with corn'), [
      '1x pizza opt[corn*1,size-small*1] without[] extra[]',
    ]);
  });
});

describe('a generic word that is an adjective too', () => {
  it('"sweet" before a drink is a drink the menu lacks, not a dessert and that drink', async () => {
    await reads('byo-pizza', 'one small veggie supreme plus 3 sweet teas', [
      { item: 'veggie-supreme', quantity: 1, options: ['size-small'] },
    ]);
  });

  it('"something sweet" alone is still the dessert, and "Nachtisch" before its name is no adjective', async () => {
    await reads('byo-pizza', 'a medium pizza with feta and a sweet', [
      { item: 'pizza', quantity: 1, options: ['size-medium', 'feta'] },
      { item: 'cannoli', quantity: 1 },
    ]);
    await reads('pizzeria-de', 'Eine Pizza Salami und als Nachtisch Tiramisu', [
      { item: 'pizza-salami', quantity: 1 },
      { item: 'tiramisu', quantity: 1 },
    ]);
  });
});

describe('a counted list, then the rest of the count', () => {
  it('"N pizzas: A, B, and one C" is N pizzas, each with what was said before the colon', async () => {
    await reads('byo-pizza', '4 small pizzas: ham, bacon and two with spinach', [
      { item: 'pizza', quantity: 1, options: ['size-small', 'ham'] },
      { item: 'pizza', quantity: 1, options: ['size-small', 'bacon'] },
      { item: 'pizza', quantity: 2, options: ['size-small', 'spinach'] },
    ]);
  });

  it('a list short of the count with nothing after it stays one line', async () => {
    assert.deepEqual(await linesOf('byo-pizza', '3 small pizzas: ham, bacon'), [
      '3x pizza opt[bacon*1,ham*1,size-small*1] without[] extra[]',
    ]);
  });
});

describe('an order said as a suggestion or a question', () => {
  it('"how about …", "what about …" order', async () => {
    await reads('byo-pizza', 'how about two small pizzas with corn and a sprite', [
      { item: 'pizza', quantity: 2, options: ['size-small', 'corn'] },
      { item: 'sprite', quantity: 1 },
    ]);
  });

  it('"is it possible to get …", "are you able to make …" order', async () => {
    await reads('byo-pizza', 'is it possible to get a medium bbq chicken and a water', [
      { item: 'bbq-chicken-pizza', quantity: 1, options: ['size-medium'] },
      { item: 'water', quantity: 1 },
    ]);
    await reads('byo-pizza', 'are you able to make a small pizza with eggplant?', [
      { item: 'pizza', quantity: 1, options: ['size-small', 'eggplant'] },
    ]);
  });
});

describe('"don\'t" before a verb leaves out', () => {
  for (const said of ["don't put", 'please dont add', "i'd rather not have", 'do not include']) {
    it(`"${said} X" never adds X`, async () => {
      await reads('byo-pizza', `a medium margherita, ${said} any basil on it`, [
        { item: 'margherita', quantity: 1, options: ['size-medium'], without: ['basil'] },
      ]);
    });
  }
});

describe('a volume no option has', () => {
  it('names no container: "a 1.5 liter sprite", "a 24 oz pepsi"', async () => {
    await reads('byo-pizza', 'a 1.5 liter sprite and a 24 oz pepsi', [
      { item: 'sprite', quantity: 1 },
      { item: 'pepsi', quantity: 1 },
    ]);
  });

  it('while the volumes it has are still found: "a 2l pepsi", "a 12oz sprite"', async () => {
    await reads('byo-pizza', 'a 2l pepsi and a 12oz sprite', [
      { item: 'pepsi', quantity: 1, options: ['two-liter'] },
      { item: 'sprite', quantity: 1, options: ['can'] },
    ]);
  });
});

describe('pieces in a count the item is not sold in', () => {
  it('"18 wings" is one order whose count is asked, not eighteen orders', async () => {
    await reads('byo-pizza', '18 hot wings please', [{ item: 'wings', quantity: 1, options: ['sauce-hot'] }]);
    await reads('byo-pizza', 'a dozen wings and 30 more wings', [{ item: 'wings', quantity: 2 }]);
  });

  it('a count it is sold in is that count, and orders of it are orders', async () => {
    await reads('byo-pizza', '10 wings bbq', [{ item: 'wings', quantity: 1, options: ['wings-10', 'sauce-bbq'] }]);
    await reads('byo-pizza', '3 orders of wings', [{ item: 'wings', quantity: 3 }]);
  });
});

describe('"extra large" of an item without such a size', () => {
  it('is a size the menu lacks on a drink, not its Large', async () => {
    await reads('byo-pizza', 'a medium hawaiian and an xl dr pepper', [
      { item: 'hawaiian', quantity: 1, options: ['size-medium'] },
      { item: 'dr-pepper', quantity: 1 },
    ]);
  });

  it('is the Extra Large of a pizza', async () => {
    await reads('byo-pizza', 'an extra large pizza with artichokes', [
      { item: 'pizza', quantity: 1, options: ['size-xl', 'artichokes'] },
    ]);
  });
});

describe('a count in words before counted containers', () => {
  it('"a couple of 2 liters, one X one Y" gives each the container', async () => {
    await reads('byo-pizza', 'a couple of 2 liters one pepsi one dr pepper', [
      { item: 'pepsi', quantity: 1, options: ['two-liter'] },
      { item: 'dr-pepper', quantity: 1, options: ['two-liter'] },
    ]);
  });
});
