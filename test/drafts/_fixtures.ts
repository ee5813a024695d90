/** One pizzeria for the draft tests: a menu using every part of the model, settings, and drafts. */
export const eur = (amount: number) => ({ amount, currency: 'EUR' });

export function draftMenu(): any {
  return {
    categories: [{ id: 'all', name: 'All', item_ids: ['margherita', 'diavola', 'cola', 'tiramisu', 'lunch', 'party'] }],
    products: [
      {
        id: 'margherita',
        name: 'Pizza Margherita',
        price: eur(900),
        modifier_group_ids: ['size', 'toppings'],
        ingredients: [
          { id: 'tomato', name: 'Tomato sauce', removable: false },
          { id: 'mozzarella', name: 'Mozzarella', extra: { price: eur(150), max_quantity: 2 } },
          { id: 'basil', name: 'Basil' },
          { id: 'onions', name: 'Onions', extra: { price: eur(50) } },
        ],
      },
      { id: 'diavola', name: 'Pizza Diavola', price: eur(1100), modifier_group_ids: ['size', 'toppings'] },
      { id: 'cola', name: 'Cola', price: eur(300) },
      { id: 'tiramisu', name: 'Tiramisù', price: eur(600) },
    ],
    modifier_groups: [
      {
        id: 'size',
        name: 'Size',
        min_choices: 1,
        max_choices: 1,
        options: [
          { id: 'size-26', name: '26 cm', price: eur(0) },
          { id: 'size-32', name: '32 cm', price: eur(300) },
        ],
      },
      {
        id: 'toppings',
        name: 'Toppings',
        max_choices: 3,
        free_quantity: 1,
        options: [
          { id: 'extra-mozzarella', name: 'Mozzarella', price: eur(150), max_quantity: 2 },
          { id: 'salami', name: 'Salami', price: eur(200) },
          { id: 'olives', name: 'Olives', price: eur(100) },
        ],
      },
      { id: 'dips', name: 'Dips', max_choices: 1, options: [{ id: 'garlic', name: 'Garlic dip', price: eur(80) }] },
    ],
    bundles: [
      {
        id: 'lunch',
        name: 'Lunch deal',
        price: eur(1190),
        lines: [
          {
            id: 'main',
            name: 'Pizza',
            choices: [{ product_id: 'margherita' }, { product_id: 'diavola', surcharge: eur(150) }],
          },
          { id: 'drink', name: 'Drink', min_choices: 0, choices: [{ product_id: 'cola' }] },
        ],
      },
      {
        id: 'party',
        name: 'Two pizzas',
        price: eur(1500),
        lines: [
          {
            id: 'pizzas',
            name: 'Pizzas',
            min_choices: 2,
            max_choices: 2,
            choices: [{ product_id: 'margherita' }, { product_id: 'diavola' }],
          },
        ],
      },
    ],
    promotions: [
      { id: 'welcome10', name: '10 % off', type: 'percentage', percent_off: 10, code: 'WELCOME10' },
      { id: 'big-order', name: '5 off above 40', type: 'fixed', amount: eur(500), minimum_subtotal: eur(4000) },
      {
        id: 'pickup',
        name: 'Collection 15 %',
        type: 'percentage',
        percent_off: 15,
        service_types: ['collection'],
        starts_at: '2026-01-01T00:00:00.000Z',
        ends_at: '2027-01-01T00:00:00.000Z',
      },
      {
        id: 'future',
        name: 'Future',
        type: 'fixed',
        amount: eur(100),
        code: 'FUTURE',
        starts_at: '2030-01-01T00:00:00.000Z',
      },
      { id: 'old', name: 'Old', type: 'fixed', amount: eur(100), code: 'OLD', ends_at: '2020-01-01T00:00:00.000Z' },
      { id: 'big-code', name: 'Big', type: 'fixed', amount: eur(300), code: 'BIG', minimum_subtotal: eur(5000) },
      {
        id: 'deliver',
        name: 'Delivery',
        type: 'fixed',
        amount: eur(200),
        code: 'DELIVER',
        service_types: ['delivery'],
      },
    ],
  };
}

/** Berlin, open 11:00–23:00 every day. */
export const ALL_WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
  day,
  opens: '11:00',
  closes: '23:00',
}));

export const LOCATION_POINT = { latitude: 52.532, longitude: 13.384 };
export const POINTS = {
  inner: { latitude: 52.535, longitude: 13.39 },
  outer: { latitude: 52.6, longitude: 13.45 },
  outside: { latitude: 52.9, longitude: 13.9 },
};

export function draftSettings(): any {
  return {
    order: {
      accepting_orders: true,
      service_types: ['delivery', 'collection', 'eat_in'],
      payment_methods: ['cash', 'card'],
      preparation_time_minutes: 20,
      minimum_order: null,
      scheduled_orders_max_days_ahead: 7,
      customer_notes_allowed: true,
    },
    openingHours: { periods: ALL_WEEK },
    delivery: {
      enabled: true,
      zones: [
        {
          name: 'Centre',
          area: { type: 'radius', radius_meters: 2000, center: null },
          fee: eur(250),
          minimum_order: eur(1500),
          free_delivery_threshold: eur(3000),
          estimated_minutes: 30,
        },
        {
          name: 'City',
          area: {
            type: 'polygon',
            coordinates: [
              [52.4, 13.2],
              [52.4, 13.6],
              [52.7, 13.6],
              [52.7, 13.2],
            ],
          },
          fee: eur(450),
          minimum_order: eur(2500),
          free_delivery_threshold: null,
          estimated_minutes: 45,
        },
      ],
    },
  };
}

/** The menu as stored: every default the PUT schema fills in, for the pure tests. */
export function storedMenu(menu: any = draftMenu()): any {
  return {
    categories: menu.categories.map((c: any) => ({ description: null, item_ids: [], ...c })),
    products: menu.products.map((p: any) => ({
      description: null,
      modifier_group_ids: [],
      allergens: [],
      dietary_tags: [],
      ...p,
      ingredients: (p.ingredients ?? []).map((i: any) => ({
        removable: true,
        ...i,
        extra: i.extra ? { max_quantity: 1, ...i.extra } : null,
      })),
    })),
    modifier_groups: menu.modifier_groups.map((g: any) => ({
      description: null,
      min_choices: 0,
      free_quantity: 0,
      ...g,
      options: g.options.map((o: any) => ({ max_quantity: 1, allergens: [], ...o })),
    })),
    bundles: menu.bundles.map((b: any) => ({
      description: null,
      dietary_tags: [],
      ...b,
      lines: b.lines.map((l: any) => ({
        min_choices: 1,
        max_choices: 1,
        ...l,
        choices: l.choices.map((c: any) => ({ surcharge: null, ...c })),
      })),
    })),
    promotions: menu.promotions.map((p: any) => ({
      code: null,
      minimum_subtotal: null,
      service_types: null,
      starts_at: null,
      ends_at: null,
      ...p,
    })),
  };
}
