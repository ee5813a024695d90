/**
 * Mechanisms of the order reader after the twenty-fifth dev batch (issue 18), each on the corpus menus as
 * the first message of a conversation: corrections later in the message (a topping, a count, an item, a
 * deal's pick), and a deal's picks named with their own words.
 */
import { describe, it } from 'node:test';
import { reads } from './corpus/reads.js';

describe('corrections later in the message', () => {
  it('"no," on its own takes back; "make it" a topping replaces the one said', async () => {
    await reads('byo-pizza', 'medium pizza with ham. no, make it bacon', [
      { item: 'pizza', quantity: 1, options: ['size-medium', 'bacon'] },
    ]);
  });

  it('"make it two" changes the count of the line before', async () => {
    await reads('byo-pizza', 'a large pizza with olives, no wait, make that 3', [
      { item: 'pizza', quantity: 3, options: ['size-large', 'olives'] },
    ]);
  });

  it('"make the sprite a ginger ale" replaces the line it names', async () => {
    await reads('byo-pizza', 'a pepsi and a sprite. actually change the pepsi to a dr pepper', [
      { item: 'dr-pepper', quantity: 1 },
      { item: 'sprite', quantity: 1 },
    ]);
  });

  it("…and a deal's pick, when the deal offers the new item", async () => {
    await reads('byo-pizza', 'the pizza + 2 liter deal, a large ham with a sprite, swap the sprite for a pepsi', [
      { bundle: 'pizza-soda-deal', quantity: 1, picks: ['pizza', 'pepsi'] },
    ]);
  });
});

describe("a deal's picks named", () => {
  it("a size said in a pick's own words is the pick's, not another line's pick", async () => {
    await reads('byo-pizza', 'game day deal: large sausage pizza, 10 hot wings, breadsticks and a 2 liter sprite', [
      { bundle: 'game-day', quantity: 1, picks: ['pizza', 'wings', 'breadsticks', 'sprite'] },
    ]);
  });
});

describe('small words', () => {
  it('"for a party:" is what the order is for, not the largest size', async () => {
    await reads('byo-pizza', 'for a party: 3 medium pizzas with ham', [
      { item: 'pizza', quantity: 3, options: ['size-medium', 'ham'] },
    ]);
  });

  it('a misspelt plural in -ies is the word in -ie ("olvies")', async () => {
    await reads('byo-pizza', 'a small pizza with olvies', [
      { item: 'pizza', quantity: 1, options: ['size-small', 'olives'] },
    ]);
  });

  it('"…, no wasabi on the nigiri": said after a comma of the item named after "on the"', async () => {
    await reads('asian', 'a salmon nigiri and a california roll, no wasabi on the nigiri', [
      { item: 'salmon-nigiri', quantity: 1, without: ['wasabi'] },
      { item: 'california-roll', quantity: 1 },
    ]);
  });
});

describe('deals and questions', () => {
  it('after a deal, a word for several items is the one the deal offers ("nuggets")', async () => {
    await reads('burgers', 'a kids meal with nuggets, fries and an apple juice', [
      { bundle: 'kids-meal', quantity: 1, picks: ['nuggets-6', 'fries', 'apple-juice'] },
    ]);
  });

  it('"und noch eins mit …" after a deal is another deal with those picks', async () => {
    await reads(
      'pizzeria-de',
      'Ein Mittagsmenü mit Penne Arrabbiata und Wasser, und noch eins mit Spaghetti Bolognese und Apfelschorle',
      [
        { bundle: 'mittagsmenue', quantity: 1, picks: ['penne-arrabbiata', 'wasser-05'] },
        { bundle: 'mittagsmenue', quantity: 1, picks: ['spaghetti-bolognese', 'apfelschorle-05'] },
      ],
      'de',
    );
  });

  it('an item named in a question, then ordered, is one line', async () => {
    await reads('byo-pizza', 'whats on the meat lovers? actually just a large one with no ham', [
      { item: 'meat-lovers', quantity: 1, options: ['size-large'], without: ['ham'] },
    ]);
  });

  it('in a list of toppings after "with", a dish\'s name that is a topping\'s whole name is the topping', async () => {
    await reads('byo-pizza', 'medium thin crust with mushrooms, olives and bbq chicken', [
      { item: 'pizza', quantity: 1, options: ['size-medium', 'thin', 'mushrooms', 'olives', 'bbq-chicken'] },
    ]);
  });
});

describe('what the menu lacks, made of words it knows', () => {
  it('a word that half names one item before another item it is no modifier of names neither', async () => {
    await reads('byo-pizza', 'a medium pepperoni and a diet sprite', [
      { item: 'pizza', quantity: 1, options: ['size-medium', 'pepperoni'] },
    ]);
  });

  it('…but a list of items without commas stays a list', async () => {
    await reads('burgers', 'kids meal with nuggets fries and water', [
      { bundle: 'kids-meal', quantity: 1, picks: ['nuggets-6', 'fries', 'water'] },
    ]);
  });
});
