/**
 * Mechanisms of the order reader after the twenty-ninth dev batch (questions and remarks before an order,
 * non-native and dictated orders), each on the corpus menus as the first message of a conversation, in
 * wordings other than the corpus's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { asideThenOrder } from '../../chatbot/engine/deterministic/aside.js';
import { createDeterministicEngine } from '../../chatbot/engine/deterministic/index.js';
import { readPayload } from '../../chatbot/payload.js';
import { body } from './body.js';
import { type CorpusMenu, loadMenus } from './corpus/load.js';
import { reads } from './corpus/reads.js';
import { NOW } from './fixtures.js';

describe('a question or a remark, then the order', () => {
  it('splits at the last question or at "anyway"/"whatever"/"either way"', () => {
    assert.deepEqual(asideThenOrder('do you deliver to the park? ok then two cokes'), {
      aside: 'do you deliver to the park?',
      order: 'two cokes',
      asked: true,
    });
    assert.equal(asideThenOrder('the last one was great. anyway, a small hawaiian')?.order, 'a small hawaiian');
    assert.equal(asideThenOrder('a small hawaiian please'), null);
    // ("a medium one" stands for what the question named: the whole message is read.)
    assert.equal(asideThenOrder('is the veggie supreme good? ok a medium one'), null);
  });

  it('orders what follows a question that asks for nothing', async () => {
    await reads('byo-pizza', 'is the garlic bread fresh? whatever, a small bbq chicken and a ginger ale', [
      { item: 'bbq-chicken-pizza', quantity: 1, options: ['size-small'] },
      { item: 'ginger-ale', quantity: 1 },
    ]);
    await reads('byo-pizza', 'do the breadsticks come with a dip? ok good. 6 garlic knots please', [
      { item: 'garlic-knots', quantity: 1, options: ['knots-6'] },
    ]);
  });

  it('a remark names nothing that is ordered', async () => {
    await reads('byo-pizza', 'my last hawaiian was a bit burnt lol. anyway a medium margherita', [
      { item: 'margherita', quantity: 1, options: ['size-medium'] },
    ]);
  });

  it('what names items before "anyway" and tells of nothing is ordered too', async () => {
    await reads('byo-pizza', 'a small bbq chicken pizza, anyway also a water', [
      { item: 'bbq-chicken-pizza', quantity: 1, options: ['size-small'] },
      { item: 'water', quantity: 1 },
    ]);
  });

  it('a question that asks for something is the order: "Can I get …? And …"', async () => {
    await reads('byo-pizza', 'could I get a small sausage pizza? and a sprite', [
      { item: 'pizza', quantity: 1, options: ['size-small', 'sausage'] },
      { item: 'sprite', quantity: 1 },
    ]);
  });

  it('answers the question and reads back the order', async () => {
    const menu = loadMenus().get('byo-pizza') as CorpusMenu;
    const b = body({ text: 'are you open today? either way, a small hawaiian', language: 'en' });
    (b.location as Record<string, unknown>).menu = menu.body;
    const read = readPayload(b);
    assert.ok(read.ok);
    const answer = await createDeterministicEngine(() => NOW).answer(read.payload);
    const text = (answer.replies ?? []).map((r) => r.text).join('\n');
    assert.match(text, /open/i);
    assert.match(text, /Hawaiian/);
  });
});

describe('orders as other languages and dictation say them', () => {
  it('"with sauce hot": the group noun before the choice', async () => {
    await reads('byo-pizza', 'six wings with sauce mild', [
      { item: 'wings', quantity: 1, options: ['wings-6', 'sauce-mild'] },
    ]);
  });

  it('"barbecue" is bbq, "sun dry" is sun-dried', async () => {
    await reads('byo-pizza', '10 wings barbecue and a small pizza with sun dry tomatoes', [
      { item: 'wings', quantity: 1, options: ['wings-10', 'sauce-bbq'] },
      { item: 'pizza', quantity: 1, options: ['size-small', 'sun-dried-tomatoes'] },
    ]);
  });

  it('a count after the name at the end is how many: "and cannoli three"', async () => {
    await reads('byo-pizza', 'one small margherita and cannoli three', [
      { item: 'margherita', quantity: 1, options: ['size-small'] },
      { item: 'cannoli', quantity: 3 },
    ]);
  });

  it('pieces in words after the name: "wings, twenty pieces"', async () => {
    await reads('byo-pizza', 'chicken wings, twenty pieces, bbq', [
      { item: 'wings', quantity: 1, options: ['wings-20', 'sauce-bbq'] },
    ]);
  });

  it('shorthand: "dz", "pers", "veg", "marg"', async () => {
    await reads('byo-pizza', '1 pers marg, 1 pers veg supreme, 1 dz knots', [
      { item: 'margherita', quantity: 1, options: ['size-personal'] },
      { item: 'veggie-supreme', quantity: 1, options: ['size-personal'] },
      { item: 'garlic-knots', quantity: 1, options: ['knots-12'] },
    ]);
  });
});

describe('corrections inside what is said of an item', () => {
  it('"ranch actually caesar": the choice said after "actually" replaces the one before', async () => {
    await reads('byo-pizza', 'a garden salad with italian actually ranch', [
      { item: 'garden-salad', quantity: 1, options: ['dr-ranch'] },
    ]);
  });

  it('"a small meat lovers no sorry a medium one": the size said after the restart', async () => {
    await reads('byo-pizza', 'a small meat lovers no sorry a medium meat lovers', [
      { item: 'meat-lovers', quantity: 1, options: ['size-medium'] },
    ]);
  });
});

describe('a dip counted after the wings', () => {
  it('"…, 1 ranch" is the wings\' dip, not another order of wings', async () => {
    await reads('byo-pizza', '10 wings hot, 1 blue cheese', [
      { item: 'wings', quantity: 1, options: ['wings-10', 'sauce-hot', 'dip-blue-cheese'] },
    ]);
  });

  it('"a cheese pizza, 1 pepperoni" is still a second pizza', async () => {
    await reads('byo-pizza', 'a small cheese pizza, 1 pepperoni pizza', [
      { item: 'pizza', quantity: 1, options: ['size-small'] },
      { item: 'pizza', quantity: 1, options: ['pepperoni'] },
    ]);
  });
});

describe('the group noun alone', () => {
  it('"on the stuffed crust": the noun after a choice names no other choice', async () => {
    await reads('byo-pizza', 'a medium hawaiian, on the stuffed crust, with extra ham', [
      { item: 'hawaiian', quantity: 1, options: ['size-medium', 'stuffed'], extra: ['ham'] },
    ]);
  });

  it('after a misspelt choice, the noun still helps to find it: "thik crust"', async () => {
    await reads('byo-pizza', 'a medium thik crust pizza with ham', [
      { item: 'pizza', quantity: 1, options: ['size-medium', 'thick', 'ham'] },
    ]);
  });
});

describe('toppings by halves', () => {
  it('are left out and named, not put on the whole pizza', async () => {
    await reads('byo-pizza', 'a small pizza half ham half pineapple and a coke', [
      { item: 'pizza', quantity: 1, options: ['size-small'] },
      { item: 'coke', quantity: 1 },
    ]);
  });

  it('one "half" alone, or a count in halves, is read as before', async () => {
    await reads('byo-pizza', 'a small pizza with half olives', [
      { item: 'pizza', quantity: 1, options: ['size-small', 'olives'] },
    ]);
    await reads('byo-pizza', '20 wings half bbq half mild', [
      { item: 'wings', quantity: 1, options: ['wings-10', 'sauce-bbq'] },
      { item: 'wings', quantity: 1, options: ['wings-10', 'sauce-mild'] },
    ]);
  });
});
