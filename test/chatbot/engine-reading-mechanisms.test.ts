/**
 * The general mechanisms of the order reader, each on the corpus menus (test/chatbot/corpus/menus) as the
 * first message of a conversation: default words that yield, counts said of each, shared deal picks,
 * "another", dishes named by what they are made of, head nouns, kind nouns, "one" after a modifier,
 * portions and packs, German inflection, and orders asked as questions.
 */
import { describe, it } from 'node:test';
import { reads } from './corpus/reads.js';

describe('a default word ("regular", "normal") yields to any other choice of its group', () => {
  it('"a large diet coke and a large regular coke": large; "regular" alone stays a size', async () => {
    await reads('byo-pizza', 'a large diet coke and a large regular coke', [
      { item: 'diet-coke', quantity: 1, options: ['fountain-large'] },
      { item: 'coke', quantity: 1, options: ['fountain-large'] },
    ]);
    await reads('byo-pizza', 'regular pepsi large', [{ item: 'pepsi', quantity: 1, options: ['fountain-large'] }]);
    await reads('cafe', 'a regular latte', [{ item: 'latte', quantity: 1, options: ['regular'] }]);
  });

  it('"one with regular milk" of small cappuccinos is the milk group’s default, not a size', async () => {
    await reads('cafe', '3 small cappuccinos, 2 with oat milk and 1 with regular milk', [
      { item: 'cappuccino', quantity: 2, options: ['small', 'oat-milk'] },
      { item: 'cappuccino', quantity: 1, options: ['small', 'whole-milk'] },
    ]);
  });
});

describe('counts said of each', () => {
  it('"6 each" is the count each is sold in', async () => {
    await reads('byo-pizza', 'two orders of garlic knots, 6 each', [
      { item: 'garlic-knots', quantity: 2, options: ['knots-6'] },
    ]);
  });

  it('"each with fries", "with a coke each": one for every one of them; without "each" one', async () => {
    await reads('burgers', '2 classic burgers each with fries and 2 cokes', [
      { item: 'classic-burger', quantity: 2 },
      { item: 'fries', quantity: 2 },
      { item: 'coca-cola', quantity: 2 },
    ]);
    await reads('burgers', '2 cheeseburgers with a coke each', [
      { item: 'cheeseburger', quantity: 2 },
      { item: 'coca-cola', quantity: 2 },
    ]);
    await reads('burgers', '2 cheeseburgers with fries', [
      { item: 'cheeseburger', quantity: 2 },
      { item: 'fries', quantity: 1 },
    ]);
  });

  it('"chicken satay 2 portions" counts the dish; "12 gyoza" of "(6 pcs)" are two portions', async () => {
    await reads('asian', 'chicken satay 2 portions', [{ item: 'satay', quantity: 2 }]);
    await reads('asian', '12 gyoza', [{ item: 'gyoza', quantity: 2 }]);
    await reads('asian', '8 spring rolls', [{ item: 'spring-rolls', quantity: 2 }]);
  });
});

describe('deals', () => {
  it('picks said of both fill what the later deals leave open', async () => {
    await reads('burgers', '2 kids meals, both cheeseburger with fries, one with water one with lemonade', [
      { bundle: 'kids-meal', quantity: 1, picks: ['cheeseburger', 'fries', 'water'] },
      { bundle: 'kids-meal', quantity: 1, picks: ['cheeseburger', 'fries', 'lemonade'] },
    ]);
  });

  it('"and another with …" is a second deal whose picks follow', async () => {
    await reads(
      'burgers',
      'a burger combo with a cheeseburger, onion rings and a sprite, and another with a veggie burger, salad and lemonade',
      [
        { bundle: 'burger-combo', quantity: 1, picks: ['cheeseburger', 'onion-rings', 'sprite'] },
        { bundle: 'burger-combo', quantity: 1, picks: ['veggie-burger', 'side-salad', 'lemonade'] },
      ],
    );
  });
});

describe('another of the item before', () => {
  it('"and another with sausage" keeps the size; "another one" is the same again', async () => {
    await reads('byo-pizza', 'a large pepperoni and another with sausage', [
      { item: 'pizza', quantity: 1, options: ['size-large', 'pepperoni'] },
      { item: 'pizza', quantity: 1, options: ['size-large', 'sausage'] },
    ]);
    await reads('burgers', 'a cheeseburger and another one', [{ item: 'cheeseburger', quantity: 2 }]);
  });

  it('"a strawberry one", "a small one with oat milk": "one" is the item before', async () => {
    await reads('burgers', 'a chocolate milkshake and a strawberry one', [
      { item: 'milkshake', quantity: 1, options: ['shake-chocolate'] },
      { item: 'milkshake', quantity: 1, options: ['shake-strawberry'] },
    ]);
    await reads('cafe', 'a large latte and a small one with oat milk', [
      { item: 'latte', quantity: 1, options: ['large'] },
      { item: 'latte', quantity: 1, options: ['small', 'oat-milk'] },
    ]);
  });

  it('…but in "one with sausage one with bacon" each "one" is one of them', async () => {
    await reads('byo-pizza', 'two medium pizzas one with sausage one with bacon', [
      { item: 'pizza', quantity: 1, options: ['size-medium', 'sausage'] },
      { item: 'pizza', quantity: 1, options: ['size-medium', 'bacon'] },
    ]);
  });
});

describe('names', () => {
  it('a dish said with what it is made of, before its name', async () => {
    await reads('burgers', 'two bacon cheeseburgers, medium', [
      { item: 'bacon-burger', quantity: 2, options: ['medium'] },
    ]);
    await reads('pizzeria-de', 'can i have the ham and cheese pizza, large', [
      { item: 'pizza-schinken', quantity: 1, options: ['size-32'] },
    ]);
  });

  it('…not what follows it, nor across an article', async () => {
    await reads('burgers', 'a cheeseburger and onion rings', [
      { item: 'cheeseburger', quantity: 1 },
      { item: 'onion-rings', quantity: 1 },
    ]);
    await reads('byo-pizza', 'a caesar salad without croutons and a garden salad', [
      { item: 'caesar-salad', quantity: 1, without: ['croutons'] },
      { item: 'garden-salad', quantity: 1 },
    ]);
  });

  it('words before the head noun in any order; "hawaiian" for Hawaii; English for a German name', async () => {
    await reads('cafe', 'peach iced tea no ice', [{ item: 'iced-peach-tea', quantity: 1, without: ['ice'] }]);
    await reads('pizzeria-de', 'a family size hawaiian and 2 peach ice teas', [
      { item: 'pizza-hawaii', quantity: 1, options: ['size-familie'] },
      { item: 'eistee-05', quantity: 2 },
    ]);
  });

  it('a modifier with the noun of its kind is that modifier', async () => {
    await reads('byo-pizza', 'large pizza with jalapeno peppers and onions', [
      { item: 'pizza', quantity: 1, options: ['size-large', 'jalapenos', 'onions'] },
    ]);
  });
});

describe('German', () => {
  it('a compound whose last part is a plural, a declined adjective the glossary does not list', async () => {
    await reads(
      'asian',
      'zwei Lunchboxen: eine mit rotem Curry und Gyoza, eine mit Fried Rice und Edamame',
      [
        { bundle: 'lunch-box', quantity: 1, picks: ['red-curry', 'gyoza'] },
        { bundle: 'lunch-box', quantity: 1, picks: ['fried-rice', 'edamame'] },
      ],
      'de',
    );
  });

  it('"wie lange" is no typo of "large"', async () => {
    await reads(
      'pizzeria-de',
      'Wie lange habt ihr heute offen? Ich will eine Salami',
      [{ item: 'pizza-salami', quantity: 1 }],
      'de',
    );
  });
});

describe('an order asked as a question', () => {
  it('with a verb that asks for it brought, even with only an article', async () => {
    await reads(
      'pizzeria-de',
      'Kannst du mir eine Pizza Diavolo bringen?',
      [{ item: 'pizza-diavolo', quantity: 1 }],
      'de',
    );
    await reads('burgers', 'can you deliver a cheeseburger to me?', [{ item: 'cheeseburger', quantity: 1 }]);
    await reads('burgers', 'do you have a veggie burger?', []);
  });
});

describe('more of how orders are written', () => {
  it('a volume before the item, at the start or after "und"', async () => {
    await reads(
      'pizzeria-de',
      'Pizza Salami und 0,33 Cola',
      [
        { item: 'pizza-salami', quantity: 1 },
        { item: 'cola-033', quantity: 1 },
      ],
      'de',
    );
    await reads('pizzeria-de', '1,0 l Cola', [{ item: 'cola-10', quantity: 1 }], 'de');
  });

  it('"in a large" is the size of the item named; who it is for begins another item', async () => {
    await reads('byo-pizza', 'can i get the bbq one in a large', [
      { item: 'bbq-chicken-pizza', quantity: 1, options: ['size-large'] },
    ]);
    await reads('asian', 'one green curry with tofu and for my son fried rice with chicken not spicy', [
      { item: 'green-curry', quantity: 1, options: ['tofu'] },
      { item: 'fried-rice', quantity: 1, options: ['chicken', 'mild'] },
    ]);
    await reads(
      'pizzeria-de',
      'Ich nehme die Tonno und mein Mann die Diavolo, beide groß',
      [
        { item: 'pizza-tonno', quantity: 1, options: ['size-32'] },
        { item: 'pizza-diavolo', quantity: 1, options: ['size-32'] },
      ],
      'de',
    );
  });

  it('everyday words are no typos of menu words; a deal is not named by one word of its name', async () => {
    await reads('byo-pizza', 'Evening! Just a large pepperoni for pickup please, around 7, a friend recommended you', [
      { item: 'pizza', quantity: 1, options: ['size-large', 'pepperoni'] },
    ]);
    await reads('byo-pizza', 'hope you are having a good day! two large pizzas with ham', [
      { item: 'pizza', quantity: 2, options: ['size-large', 'ham'] },
    ]);
  });

  it('shorthand, dialect counts, milk words, a count after the name', async () => {
    await reads('byo-pizza', 'lg saus & mush pza + 2 dt coke cans', [
      { item: 'pizza', quantity: 1, options: ['size-large', 'sausage', 'mushrooms'] },
      { item: 'diet-coke', quantity: 2, options: ['can'] },
    ]);
    await reads(
      'pizzeria-de',
      'zwöi Pizza Margherita und drü Biere',
      [
        { item: 'pizza-margherita', quantity: 2 },
        { item: 'bier-05', quantity: 3 },
      ],
      'de',
    );
    await reads('cafe', 'a non-fat cappuccino and a latte with Haferdrink', [
      { item: 'cappuccino', quantity: 1, options: ['skimmed-milk'] },
      { item: 'latte', quantity: 1, options: ['oat-milk'] },
    ]);
    await reads('burgers', 'chicken nuggets 9 with ketchup', [
      { item: 'nuggets-9', quantity: 1 },
      { item: 'ketchup', quantity: 1 },
    ]);
    await reads('asian', '1 pad thai (shrimp, no peanuts) 1 fried rice (chicken)', [
      { item: 'pad-thai', quantity: 1, options: ['prawns'], without: ['peanuts'] },
      { item: 'fried-rice', quantity: 1, options: ['chicken'] },
    ]);
  });
});
