/**
 * More mechanisms of the order reader (issue 18, after the twentieth to twenty-third dev batches), each on
 * the corpus menus as the first message of a conversation: what the menu lacks beside what it has, choices
 * copied or split among counted items, counts split in halves, the category's word before a compound,
 * German question orders and quantity words.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { linesOf, reads } from './corpus/reads.js';

describe('what the menu lacks, said beside what it has', () => {
  it('a size before a word the menu does not know is no other of the item before', async () => {
    await reads('byo-pizza', 'a large pepperoni and a large lemonade', [
      { item: 'pizza', quantity: 1, options: ['size-large', 'pepperoni'] },
    ]);
    await reads('byo-pizza', 'a large coke and a large fanta', [
      { item: 'coke', quantity: 1, options: ['fountain-large'] },
    ]);
    await reads('byo-pizza', 'a large calzone with ham and a coke', [{ item: 'coke', quantity: 1 }]);
  });

  it('but a topping said with more words stays a topping ("artichoke hearts")', async () => {
    await reads('byo-pizza', 'medium thin crust with sun dried tomatoes, artichoke hearts and arugula', [
      { item: 'pizza', quantity: 1, options: ['size-medium', 'thin', 'sun-dried-tomatoes', 'artichokes', 'arugula'] },
    ]);
  });
});

describe('choices among counted items', () => {
  it('"with the same": the choices of the line before, in its own size', async () => {
    await reads('byo-pizza', 'one large pizza with pepperoni and one medium pizza with the same', [
      { item: 'pizza', quantity: 1, options: ['size-large', 'pepperoni'] },
      { item: 'pizza', quantity: 1, options: ['size-medium', 'pepperoni'] },
    ]);
  });

  it('two choices of one single-choice group after a count are one each', async () => {
    await reads(
      'burgers',
      'Zwei Milchshakes, Schoko und Erdbeer',
      [
        { item: 'milkshake', quantity: 1, options: ['shake-chocolate'] },
        { item: 'milkshake', quantity: 1, options: ['shake-strawberry'] },
      ],
      'de',
    );
  });

  it('"…: pepperoni, sausage, mushroom, all large": one each, all large', async () => {
    await reads('byo-pizza', '3 pies: pepperoni, sausage, mushroom, all large', [
      { item: 'pizza', quantity: 1, options: ['size-large', 'pepperoni'] },
      { item: 'pizza', quantity: 1, options: ['size-large', 'sausage'] },
      { item: 'pizza', quantity: 1, options: ['size-large', 'mushrooms'] },
    ]);
  });

  it('a count the item is sold in, split in halves by sauce', async () => {
    await reads('byo-pizza', '20 wings half hot half mild', [
      { item: 'wings', quantity: 1, options: ['wings-10', 'sauce-hot'] },
      { item: 'wings', quantity: 1, options: ['wings-10', 'sauce-mild'] },
    ]);
  });

  it('"extra ranch" on wings that have none is one ranch; "extra pepperoni" on a pizza two', async () => {
    await reads('byo-pizza', 'ten wings, honey garlic, extra ranch', [
      { item: 'wings', quantity: 1, options: ['wings-10', 'sauce-honey-garlic', 'dip-ranch'] },
    ]);
    await reads('byo-pizza', 'large pizza with extra pepperoni', [
      { item: 'pizza', quantity: 1, options: ['size-large', 'pepperoni*2'] },
    ]);
  });
});

describe('corrections and asides', () => {
  it('"scratch that" replaces the line before, or its choice of that group', async () => {
    await reads('burgers', 'classic burger, scratch that, bacon burger, medium rare', [
      { item: 'bacon-burger', quantity: 1, options: ['medium-rare'] },
    ]);
    await reads('byo-pizza', 'a large pepperoni, scratch that, make it a sausage', [
      { item: 'pizza', quantity: 1, options: ['size-large', 'sausage'] },
    ]);
  });

  it('"around 7" is a time; "alle drei groß" says it of all three', async () => {
    await reads('byo-pizza', 'need food for tonight around 7: large meat lovers, 2 liter coke', [
      { item: 'meat-lovers', quantity: 1, options: ['size-large'] },
      { item: 'coke', quantity: 1, options: ['two-liter'] },
    ]);
    await reads(
      'pizzeria-de',
      'eine Pizza Salami, eine Pizza Funghi und eine Pizza Tonno, alle drei groß',
      [
        { item: 'pizza-salami', quantity: 1, options: ['size-32'] },
        { item: 'pizza-funghi', quantity: 1, options: ['size-32'] },
        { item: 'pizza-tonno', quantity: 1, options: ['size-32'] },
      ],
      'de',
    );
  });

  it('"and one with pineapple" after two medium pizzas is another medium one', async () => {
    await reads('byo-pizza', 'two medium pizzas with ham and one with pineapple', [
      { item: 'pizza', quantity: 2, options: ['size-medium', 'ham'] },
      { item: 'pizza', quantity: 1, options: ['size-medium', 'pineapple'] },
    ]);
  });
});

describe('whom it is for, dish numbers, "no bun"', () => {
  it('"for my kid" is no Kids Meal; "2 x 23" is two of dish 23', async () => {
    await reads('burgers', 'apple juice for my kid and a cheeseburger for me', [
      { item: 'apple-juice', quantity: 1 },
      { item: 'cheeseburger', quantity: 1 },
    ]);
    await reads('asian', '2 x 23 with tofu', [{ item: 'pad-thai', quantity: 2, options: ['tofu'] }]);
  });

  it('"on a thin crust" is the style of the pizza said; "extra cheese on a large pepperoni" one pizza', async () => {
    await reads('byo-pizza', 'a medium sausage and pepperoni with extra cheese on a thin crust', [
      { item: 'pizza', quantity: 1, options: ['size-medium', 'sausage', 'pepperoni', 'thin'], extra: ['cheese'] },
    ]);
    await reads('byo-pizza', 'extra cheese on a large pepperoni', [
      { item: 'pizza', quantity: 1, options: ['size-large', 'pepperoni'], extra: ['cheese'] },
    ]);
  });

  it('"no bun" is the choice whose name says so ("Lettuce wrap (no bun)")', async () => {
    await reads('burgers', 'veggie burger, no bun', [
      { item: 'veggie-burger', quantity: 1, options: ['lettuce-wrap'] },
    ]);
  });
});

describe('dishes named by the category word', () => {
  it('"a salad with ranch" among "Sides & Salads" is a salad, not the garlic knots', async () => {
    await reads('byo-pizza', 'a salad with ranch', [{ item: 'garden-salad', quantity: 1, options: ['dr-ranch'] }]);
  });

  it('"eine Pizza mit Thunfisch" is the dish named after it', async () => {
    await reads('pizzeria-de', 'Eine Pizza mit Thunfisch', [{ item: 'pizza-tonno', quantity: 1 }], 'de');
  });

  it('"eine Pizza" is no "Pizzabrötchen" (asked which, not guessed)', async () => {
    await reads('pizzeria-de', 'eine Pizza', [], 'de');
  });

  it('the dish that has every topping asked for as its own', async () => {
    await reads('pizzeria-de', 'eine Pizza mit Schinken und Ananas', [{ item: 'pizza-hawaii', quantity: 1 }], 'de');
    await reads('pizzeria-de', 'a ham and pineapple pizza, small', [
      { item: 'pizza-hawaii', quantity: 1, options: ['size-26'] },
    ]);
  });
});

describe('German', () => {
  it('orders asked as questions ("Kann ich … haben?", "Krieg ich …?")', async () => {
    await reads(
      'pizzeria-de',
      'Kann ich eine Pizza Hawaii ohne Schinken haben?',
      [{ item: 'pizza-hawaii', quantity: 1, without: ['schinken'] }],
      'de',
    );
    await reads(
      'pizzeria-de',
      'Krieg ich ne Pizza Funghi und ne Cola Zero?',
      [
        { item: 'pizza-funghi', quantity: 1 },
        { item: 'cola-zero-033', quantity: 1 },
      ],
      'de',
    );
  });

  it('"à 0,33" says the volume; "nicht so viel Käse" is no extra cheese', async () => {
    await reads(
      'pizzeria-de',
      '2 Cola à 0,33 und 1 Fanta à 1 Liter',
      [
        { item: 'cola-033', quantity: 2 },
        { item: 'fanta-10', quantity: 1 },
      ],
      'de',
    );
    await reads('pizzeria-de', 'Eine Lasagne, aber nicht so viel Käse', [{ item: 'lasagne', quantity: 1 }], 'de');
  });
});

describe('the meat of a burger', () => {
  it('"Fleisch" on a burger is its patty: doubled it is one extra patty', async () => {
    await reads(
      'burgers',
      'zwei Bacon Burger mit doppeltem Fleisch',
      [{ item: 'bacon-burger', quantity: 2, options: ['extra-patty'] }],
      'de',
    );
  });
});

describe('a count split in counted parts', () => {
  it('parts that add up to the count, each said by its sauce, are the lines (no whole one beside them)', async () => {
    await reads('byo-pizza', 'twenty wings: 10 mild, 10 bbq, and a medium cheese', [
      { item: 'wings', quantity: 1, options: ['wings-10', 'sauce-mild'] },
      { item: 'wings', quantity: 1, options: ['wings-10', 'sauce-bbq'] },
      { item: 'pizza', quantity: 1, options: ['size-medium'] },
    ]);
  });

  it('parts that do not add up leave the count as it was said', async () => {
    const got = await linesOf('byo-pizza', '20 wings, 6 hot');
    assert.ok(
      got.some((l) => l.includes('wings-20')),
      got.join(' · '),
    );
  });
});

describe('a drink variant the menu lacks', () => {
  it('"diet" before a drink no name on the menu calls diet is no plain one', async () => {
    await reads('burgers', 'a bacon burger plus two diet cokes please', [{ item: 'bacon-burger', quantity: 1 }]);
  });

  it('"Zero" after a drink no name on the menu calls zero is no plain one; the plain one stays', async () => {
    await reads('byo-pizza', 'eine Cola Zero und eine Cola', [{ item: 'coke', quantity: 1 }], 'de');
  });
});

describe('a choice after a comma, then more of the same item', () => {
  it('"…, a large, with …": the size said right after the article, and what follows, are of the one item', async () => {
    await reads('byo-pizza', 'a pepperoni pizza, a large, with extra cheese', [
      { item: 'pizza', quantity: 1, options: ['size-large', 'pepperoni'], extra: ['cheese'] },
    ]);
    await reads(
      'pizzeria-de',
      'Eine Pizza Funghi, eine kleine, mit Schinken',
      [{ item: 'pizza-funghi', quantity: 1, options: ['size-26', 'belag-schinken'] }],
      'de',
    );
  });
});
