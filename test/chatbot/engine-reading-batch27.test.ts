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

// After the twenty-eighth dev batch.

describe('chat interjections', () => {
  it('"lol", "haha", "um" name nothing the menu lacks', async () => {
    await reads('byo-pizza', 'um a small sausage haha', [
      { item: 'pizza', quantity: 1, options: ['size-small', 'sausage'] },
    ]);
  });
});

describe('a sauce said with its group noun', () => {
  it('"hot sauce" is the Buffalo Hot of a "Wing Sauce" group, not its "Plain (no sauce)"', async () => {
    await reads('byo-pizza', '6 wings with hot sauce', [
      { item: 'wings', quantity: 1, options: ['wings-6', 'sauce-hot'] },
    ]);
  });

  it('"no sauce" is the Plain, not the mildest sauce; "not spicy" is still the mildest', async () => {
    await reads('byo-pizza', '6 wings no sauce', [{ item: 'wings', quantity: 1, options: ['wings-6', 'sauce-plain'] }]);
    await reads('byo-pizza', '6 wings not spicy', [{ item: 'wings', quantity: 1, options: ['wings-6', 'sauce-mild'] }]);
  });

  it('a dressing the menu lacks is no other dressing', async () => {
    await reads('byo-pizza', 'a garden salad with thousand island dressing', [{ item: 'garden-salad', quantity: 1 }]);
  });
});

describe('"extra" at the end of a size', () => {
  it('"large extra cheese" is a Large with extra cheese, not the Extra Large', async () => {
    await reads('byo-pizza', 'small extra cheese and a coke', [
      { item: 'pizza', quantity: 1, options: ['size-small'], extra: ['cheese'] },
      { item: 'coke', quantity: 1 },
    ]);
  });

  it('"zwei Shots extra und Vanille" still ends with "extra"', async () => {
    await reads(
      'cafe',
      'einen kleinen Latte mit zwei Shots extra und Vanille',
      [{ item: 'latte', quantity: 1, options: ['small', 'extra-shot*2', 'vanilla-syrup'] }],
      'de',
    );
  });
});

describe('a count said after the name in words', () => {
  it('"garlic knots half dozen" is the 6 pieces', async () => {
    await reads('byo-pizza', 'garlic knots half dozen and a sprite', [
      { item: 'garlic-knots', quantity: 1, options: ['knots-6'] },
      { item: 'sprite', quantity: 1 },
    ]);
  });
});

describe('what an order is for', () => {
  it('"for dessert three cannolis" is three, not a dessert and three', async () => {
    await reads('byo-pizza', 'a small margherita and for dessert two cannolis', [
      { item: 'margherita', quantity: 1, options: ['size-small'] },
      { item: 'cannoli', quantity: 2 },
    ]);
  });

  it('how many people eat counts nothing: "(8 ppl)", "there are 5 of us"', async () => {
    await reads('byo-pizza', 'office lunch (8 ppl): the game day deal', [
      { bundle: 'game-day', quantity: 1, picks: ['wings'] },
    ]);
    await reads('byo-pizza', 'there are 5 of us, so 2 large hawaiians', [
      { item: 'hawaiian', quantity: 2, options: ['size-large'] },
    ]);
  });

  it('"2 more 2 liters" are two, not more of something', async () => {
    await reads('byo-pizza', 'a medium pepperoni and 2 more 2 liters, one pepsi one sprite', [
      { item: 'pizza', quantity: 1, options: ['size-medium', 'pepperoni'] },
      { item: 'pepsi', quantity: 1, options: ['two-liter'] },
      { item: 'sprite', quantity: 1, options: ['two-liter'] },
    ]);
  });
});

describe('not wanted, in other words', () => {
  it('"not a fan of …" and "allergic to …" leave out, and the order is taken with the note', async () => {
    await reads('byo-pizza', 'a small veggie supreme, not a big fan of olives', [
      { item: 'veggie-supreme', quantity: 1, options: ['size-small'], without: ['olives'] },
    ]);
    await reads('byo-pizza', "a small veggie supreme please, i'm allergic to tomatoes", [
      { item: 'veggie-supreme', quantity: 1, options: ['size-small'], without: ['tomatoes'] },
    ]);
  });
});

describe('one more item after a deal or a dish', () => {
  it('after a deal whose pizza is picked, "plus another large ham pizza" is a pizza of its own', async () => {
    await reads(
      'byo-pizza',
      'the game day deal with a pepperoni pizza, wings, breadsticks and sprite plus another medium ham pizza',
      [
        { bundle: 'game-day', quantity: 1, picks: ['pizza', 'wings', 'breadsticks', 'sprite'] },
        { item: 'pizza', quantity: 1, options: ['size-medium', 'ham'] },
      ],
    );
  });

  it('"a large hawaiian, one large sausage" is a sausage pizza; "…, one with olives" another hawaiian', async () => {
    await reads('byo-pizza', 'a large hawaiian, one large sausage', [
      { item: 'hawaiian', quantity: 1, options: ['size-large'] },
      { item: 'pizza', quantity: 1, options: ['size-large', 'sausage'] },
    ]);
    await reads('byo-pizza', 'a large hawaiian, one with olives', [
      { item: 'hawaiian', quantity: 1, options: ['size-large'] },
      { item: 'hawaiian', quantity: 1, options: ['size-large', 'olives'] },
    ]);
  });
});
