/**
 * The order reader on the shapes issue 18 names, one case each, on the corpus's build-your-own pizza menu
 * and German pizzeria: what the whole draft must be after that one message (chatbot/engine/parse/).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ExpectedLine } from './corpus/load.js';
import { loadMenus } from './corpus/load.js';
import { expectedKey, understand } from './corpus/run.js';

const menus = loadMenus();

async function draft(menu: string, text: string, lang: 'en' | 'de' = 'en') {
  const m = menus.get(menu);
  assert.ok(m);
  const o = await understand(m, { id: 'case', lang, text, tags: ['plain'], expect: [], menu, split: 'dev' });
  return o.got;
}

const lines = (...l: ExpectedLine[]) => l.map(expectedKey).sort();
const pizza = (options: string[], more: Partial<ExpectedLine> = {}): ExpectedLine => ({
  item: 'pizza',
  quantity: 1,
  options,
  ...more,
});
const drink = (item: string, quantity = 1, options: string[] = []): ExpectedLine => ({ item, quantity, options });

const CASES: [string, ExpectedLine[]][] = [
  // modifiers before the noun
  ['a large onion and ham pizza', [pizza(['size-large', 'onions', 'ham'])]],
  ['one small thin crust chicken and pepper pizza', [pizza(['size-small', 'thin', 'chicken', 'green-peppers'])]],
  // a generic word for the item
  ['a medium pie with olives', [pizza(['size-medium', 'olives'])]],
  // several items without commas
  [
    'get me two sprites a pepsi and four large cokes',
    [drink('sprite', 2), drink('pepsi'), drink('coke', 4, ['fountain-large'])],
  ],
  // a word that names two things, decided by context
  [
    'a small pepper and sausage pizza and a pepper',
    [pizza(['size-small', 'green-peppers', 'sausage']), drink('dr-pepper')],
  ],
  // partial or longer names
  ['large pizza with black olives', [pizza(['size-large', 'olives'])]],
  ['an iced tea', [drink('ice-tea')]],
  // negation as people say it
  ['a large pizza without any sauce', [pizza(['size-large'], { without: ['sauce'] })]],
  ['large pepperoni but no extra cheese', [pizza(['size-large', 'pepperoni'])]],
  ['medium pizza with pepperoni, i dont want oregano', [pizza(['size-medium', 'pepperoni'], { without: ['oregano'] })]],
  ['a medium pepperoni, avoid thin crust', [pizza(['size-medium', 'pepperoni'])]],
  // quantity words
  ['lots of cheese on a large pizza', [pizza(['size-large'], { extra: ['cheese'] })]],
  ['large pizza light on the sauce', [pizza(['size-large'])]],
  // drinks with container and volume
  ['two 2 liter bottles of sprite', [drink('sprite', 2, ['two-liter'])]],
  ['a can of diet coke', [drink('diet-coke', 1, ['can'])]],
  ['a twenty ounce sprite', [drink('sprite', 1, ['bottle'])]],
  // distributive phrasing
  ['two pizzas with ham each, one medium and one large', [pizza(['ham', 'size-medium']), pizza(['ham', 'size-large'])]],
  [
    'two large pizzas one pepperoni one veggie supreme',
    [pizza(['size-large', 'pepperoni']), { item: 'veggie-supreme', quantity: 1, options: ['size-large'] }],
  ],
  // shorthand
  ['2x pep lg', [{ item: 'pizza', quantity: 2, options: ['pepperoni', 'size-large'] }]],
];

describe('issue 18 shapes, English', () => {
  for (const [text, want] of CASES) {
    it(text, async () => assert.deepEqual(await draft('byo-pizza', text), lines(...want)));
  }
});

describe('German: compounds, sizes in cm, drinks by volume', () => {
  const de: [string, ExpectedLine[]][] = [
    [
      'eine große Salamipizza mit extra Käse',
      [{ item: 'pizza-salami', quantity: 1, options: ['size-32'], extra: ['kaese'] }],
    ],
    ['zwei Dosen Cola', [{ item: 'cola-033', quantity: 2 }]],
    ['eine große Cola', [{ item: 'cola-10', quantity: 1 }]],
    [
      'Pizza Tonno ohne Zwiebeln, 26er',
      [{ item: 'pizza-tonno', quantity: 1, options: ['size-26'], without: ['zwiebeln'] }],
    ],
    [
      'zwei Margherita, eine davon mit Oliven, beide 30 cm',
      [
        { item: 'pizza-margherita', quantity: 1, options: ['size-30', 'belag-oliven'] },
        { item: 'pizza-margherita', quantity: 1, options: ['size-30'] },
      ],
    ],
  ];
  for (const [text, want] of de) {
    it(text, async () => assert.deepEqual(await draft('pizzeria-de', text, 'de'), lines(...want)));
  }
});
