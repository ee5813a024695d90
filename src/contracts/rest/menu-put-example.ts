/** The example of a menu PUT body in the OpenAPI document: what ./menu-example.ts shows once stored. */
export const MenuReplaceExample = {
  categories: [{ id: 'all', name: 'All', item_ids: ['margherita', 'diavola', 'cola', 'tiramisu', 'lunch', 'party'] }],
  products: [
    {
      id: 'margherita',
      name: 'Pizza Margherita',
      price: { amount: 900, currency: 'EUR' },
      modifier_group_ids: ['size', 'toppings'],
      ingredients: [
        { id: 'tomato', name: 'Tomato sauce', removable: false },
        { id: 'mozzarella', name: 'Mozzarella', extra: { price: { amount: 150, currency: 'EUR' }, max_quantity: 2 } },
        { id: 'basil', name: 'Basil' },
        { id: 'onions', name: 'Onions', extra: { price: { amount: 50, currency: 'EUR' } } },
      ],
    },
    {
      id: 'diavola',
      name: 'Pizza Diavola',
      price: { amount: 1100, currency: 'EUR' },
      modifier_group_ids: ['size', 'toppings'],
    },
    { id: 'cola', name: 'Cola', price: { amount: 300, currency: 'EUR' } },
    { id: 'tiramisu', name: 'Tiramisù', price: { amount: 600, currency: 'EUR' } },
  ],
  modifier_groups: [
    {
      id: 'size',
      name: 'Size',
      min_choices: 1,
      max_choices: 1,
      options: [
        { id: 'size-26', name: '26 cm', price: { amount: 0, currency: 'EUR' } },
        { id: 'size-32', name: '32 cm', price: { amount: 300, currency: 'EUR' } },
      ],
    },
    {
      id: 'toppings',
      name: 'Toppings',
      max_choices: 3,
      free_quantity: 1,
      options: [
        { id: 'extra-mozzarella', name: 'Mozzarella', price: { amount: 150, currency: 'EUR' }, max_quantity: 2 },
        { id: 'salami', name: 'Salami', price: { amount: 200, currency: 'EUR' } },
        { id: 'olives', name: 'Olives', price: { amount: 100, currency: 'EUR' } },
      ],
    },
    {
      id: 'dips',
      name: 'Dips',
      max_choices: 1,
      options: [{ id: 'garlic', name: 'Garlic dip', price: { amount: 80, currency: 'EUR' } }],
    },
  ],
  bundles: [
    {
      id: 'lunch',
      name: 'Lunch deal',
      price: { amount: 1190, currency: 'EUR' },
      lines: [
        {
          id: 'main',
          name: 'Pizza',
          choices: [
            { product_id: 'margherita' },
            { product_id: 'diavola', surcharge: { amount: 150, currency: 'EUR' } },
          ],
        },
        { id: 'drink', name: 'Drink', min_choices: 0, choices: [{ product_id: 'cola' }] },
      ],
    },
    {
      id: 'party',
      name: 'Two pizzas',
      price: { amount: 1500, currency: 'EUR' },
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
    {
      id: 'big-order',
      name: '5 off above 40',
      type: 'fixed',
      amount: { amount: 500, currency: 'EUR' },
      minimum_subtotal: { amount: 4000, currency: 'EUR' },
    },
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
      amount: { amount: 100, currency: 'EUR' },
      code: 'FUTURE',
      starts_at: '2030-01-01T00:00:00.000Z',
    },
    {
      id: 'old',
      name: 'Old',
      type: 'fixed',
      amount: { amount: 100, currency: 'EUR' },
      code: 'OLD',
      ends_at: '2020-01-01T00:00:00.000Z',
    },
    {
      id: 'big-code',
      name: 'Big',
      type: 'fixed',
      amount: { amount: 300, currency: 'EUR' },
      code: 'BIG',
      minimum_subtotal: { amount: 5000, currency: 'EUR' },
    },
    {
      id: 'deliver',
      name: 'Delivery',
      type: 'fixed',
      amount: { amount: 200, currency: 'EUR' },
      code: 'DELIVER',
      service_types: ['delivery'],
    },
  ],
};
