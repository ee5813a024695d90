/**
 * A pizzeria in Berlin as the REST API describes it (snake_case): its menu document, settings, closings.
 * ./fixtures.ts turns these into webhook bodies, pricing drafts with the server's own priceDraft.
 */
import type { MenuDocument } from '../../src/domain/menus/types.js';
import type { DeliverySettings } from '../../src/domain/settings/delivery-settings.js';
import type { OrderSettings } from '../../src/domain/settings/order-settings.js';

const eur = (amount: number) => ({ amount, currency: 'EUR' });
const option = (id: string, name: string, price: number, allergens: string[] = []) => ({
  id,
  name,
  price: eur(price),
  max_quantity: 1,
  allergens: allergens as any[],
});
const ingredient = (id: string, name: string, removable: boolean, extra: number | null = null) => ({
  id,
  name,
  removable,
  extra: extra === null ? null : { price: eur(extra), max_quantity: 2 },
});
const product = (
  id: string,
  name: string,
  price: number,
  more: Partial<MenuDocument['products'][number]> = {},
): MenuDocument['products'][number] => ({
  id,
  name,
  description: null,
  price: eur(price),
  modifier_group_ids: [],
  ingredients: [],
  allergens: [],
  dietary_tags: [],
  ...more,
});
const PIZZA_GROUPS = ['size', 'crust', 'toppings'];

export const MENU: MenuDocument = {
  categories: [
    { id: 'pizzas', name: 'Pizzas', description: null, item_ids: ['pizza', 'margherita', 'diavola', 'funghi'] },
    { id: 'pasta', name: 'Pasta', description: null, item_ids: ['carbonara', 'arrabbiata'] },
    { id: 'desserts', name: 'Desserts', description: null, item_ids: ['tiramisu'] },
    { id: 'drinks', name: 'Drinks', description: null, item_ids: ['cola', 'pellegrino', 'peroni'] },
    { id: 'deals', name: 'Deals', description: null, item_ids: ['pranzo'] },
  ],
  products: [
    product('pizza', 'Pizza', 800, {
      description: 'Build your own: tomato sauce and cheese, with the toppings you choose',
      modifier_group_ids: PIZZA_GROUPS,
      ingredients: [
        ingredient('tomato-sauce', 'Tomato sauce', false),
        ingredient('cheese', 'Cheese', true, 150),
        ingredient('onions', 'Onions', true),
        ingredient('oregano', 'Oregano', true),
      ],
      allergens: ['gluten', 'milk'],
      dietary_tags: ['vegetarian'],
    }),
    product('margherita', 'Pizza Margherita', 950, {
      modifier_group_ids: PIZZA_GROUPS,
      ingredients: [
        ingredient('tomato-sauce', 'Tomato sauce', false),
        ingredient('mozzarella', 'Mozzarella', true, 150),
        ingredient('basil', 'Basil', true),
      ],
      allergens: ['gluten', 'milk'],
      dietary_tags: ['vegetarian'],
    }),
    product('diavola', 'Pizza Diavola', 1250, {
      modifier_group_ids: PIZZA_GROUPS,
      ingredients: [
        ingredient('tomato-sauce', 'Tomato sauce', false),
        ingredient('mozzarella', 'Mozzarella', true, 150),
        ingredient('spicy-salami', 'Spicy salami', false, 200),
      ],
      allergens: ['gluten', 'milk'],
      dietary_tags: ['spicy'],
    }),
    product('funghi', 'Pizza Prosciutto e Funghi', 1250, {
      modifier_group_ids: PIZZA_GROUPS,
      allergens: ['gluten', 'milk'],
    }),
    product('carbonara', 'Spaghetti Carbonara', 1250, { allergens: ['gluten', 'eggs', 'milk'] }),
    product('arrabbiata', "Penne all'Arrabbiata", 1050, { allergens: ['gluten'], dietary_tags: ['vegan', 'spicy'] }),
    product('tiramisu', 'Tiramisù', 650, { allergens: ['eggs', 'milk', 'gluten'], dietary_tags: ['vegetarian'] }),
    product('cola', 'Coca-Cola (can) 0.33 l', 320, { dietary_tags: ['vegan'] }),
    product('pellegrino', 'San Pellegrino 0.5 l', 350, { dietary_tags: ['vegan'] }),
    product('peroni', 'Peroni 0.33 l', 420, { allergens: ['gluten'], dietary_tags: ['contains_alcohol'] }),
  ],
  modifier_groups: [
    {
      id: 'size',
      name: 'Size',
      description: null,
      min_choices: 1,
      max_choices: 1,
      free_quantity: 0,
      options: [option('size-26', '26 cm', 0), option('size-30', '30 cm', 150), option('size-32', '32 cm', 300)],
    },
    {
      id: 'crust',
      name: 'Crust',
      description: null,
      min_choices: 0,
      max_choices: 1,
      free_quantity: 0,
      options: [
        option('classic', 'Classic', 0),
        option('thin', 'Thin crust', 0),
        option('wholemeal', 'Wholemeal', 100),
      ],
    },
    {
      id: 'toppings',
      name: 'Toppings',
      description: null,
      min_choices: 0,
      max_choices: 6,
      free_quantity: 0,
      options: [
        option('ham', 'Ham', 150),
        option('salami', 'Salami', 150),
        option('mushrooms', 'Mushrooms', 120),
        option('peppers', 'Peppers', 100),
        option('olives', 'Olives', 100),
        option('pineapple', 'Pineapple', 120),
        option('anchovies', 'Anchovies', 150, ['fish']),
      ],
    },
  ],
  bundles: [
    {
      id: 'pranzo',
      name: 'Pranzo Menu',
      description: 'A pasta or a Margherita with a drink',
      price: eur(1190),
      dietary_tags: [],
      lines: [
        {
          id: 'main',
          name: 'Main',
          min_choices: 1,
          max_choices: 1,
          choices: [
            { product_id: 'carbonara', surcharge: null },
            { product_id: 'arrabbiata', surcharge: null },
          ],
        },
        {
          id: 'drink',
          name: 'Drink',
          min_choices: 1,
          max_choices: 1,
          choices: [
            { product_id: 'cola', surcharge: null },
            { product_id: 'pellegrino', surcharge: eur(50) },
          ],
        },
      ],
    },
  ],
  promotions: [
    {
      id: 'welcome10',
      name: '10 % off',
      type: 'percentage',
      percent_off: 10,
      code: 'WELCOME10',
      minimum_subtotal: null,
      service_types: null,
      starts_at: null,
      ends_at: null,
    },
  ],
};

/** Switched off by the kitchen: Peroni until a given time (set per test), and anchovies. */
export const UNAVAILABLE = ['peroni', 'anchovies'];

export const ADDRESS = {
  line1: 'Torstraße 1',
  line2: null,
  postal_code: '10119',
  city: 'Berlin',
  country: 'DE',
  latitude: 52.529,
  longitude: 13.401,
};

export const ORDER_SETTINGS: OrderSettings = {
  accepting_orders: true,
  service_types: ['delivery', 'collection', 'eat_in'],
  payment_methods: ['cash', 'card', 'online'],
  preparation_time_minutes: 20,
  minimum_order: eur(800),
  scheduled_orders_max_days_ahead: 2,
  customer_notes_allowed: true,
};

export const DELIVERY: DeliverySettings = {
  enabled: true,
  zones: [
    {
      name: 'Neighbourhood',
      area: { type: 'radius', radius_meters: 2500, center: null },
      fee: eur(199),
      minimum_order: eur(1200),
      free_delivery_threshold: eur(4000),
      estimated_minutes: 30,
    },
    {
      name: 'City',
      area: {
        type: 'polygon',
        coordinates: [
          [52.58, 13.3],
          [52.58, 13.5],
          [52.47, 13.5],
          [52.47, 13.3],
        ],
      },
      fee: eur(399),
      minimum_order: eur(2000),
      free_delivery_threshold: null,
      estimated_minutes: 45,
    },
  ],
};

const days = (list: string[], opens: string, closes: string) => list.map((day) => ({ day, opens, closes }));
export const PERIODS = [
  ...days(['tuesday', 'wednesday', 'thursday'], '11:30', '14:30'),
  ...days(['tuesday', 'wednesday', 'thursday'], '17:30', '22:30'),
  ...days(['friday', 'saturday'], '11:30', '15:00'),
  ...days(['friday', 'saturday'], '17:30', '01:00'),
  ...days(['sunday'], '12:00', '21:30'),
] as { day: any; opens: string; closes: string }[];

export const AI = {
  instructions: 'We are a family-run pizzeria. Ask about allergies before confirming.',
  greeting: 'Willkommen bei der Pizzeria Roma! Was dürfen wir für Sie zubereiten?',
  tone: 'friendly' as const,
  languages: ['en'],
};
