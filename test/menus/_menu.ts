/** A small pizzeria menu using every part of the model, for the menu tests. */
export const money = (amount: number, currency = 'EUR') => ({ amount, currency });

export function sampleMenu(currency = 'EUR'): any {
  const m = (amount: number) => money(amount, currency);
  return {
    categories: [
      { id: 'pizzas', name: 'Pizzas', item_ids: ['margherita', 'diavola'] },
      { id: 'drinks', name: 'Drinks', description: 'Cold', item_ids: ['cola'] },
      { id: 'desserts', name: 'Desserts', item_ids: ['tiramisu'] },
      { id: 'deals', name: 'Deals', item_ids: ['lunch'] },
    ],
    products: [
      {
        id: 'margherita',
        name: 'Pizza Margherita',
        description: 'Tomato, mozzarella, basil',
        price: m(900),
        modifier_group_ids: ['size', 'toppings'],
        ingredients: [
          { id: 'tomato', name: 'Tomato sauce', removable: false },
          { id: 'mozzarella', name: 'Mozzarella', extra: { price: m(150), max_quantity: 2 } },
          { id: 'basil', name: 'Basil', extra: { price: m(0) } },
        ],
        allergens: ['gluten', 'milk'],
        dietary_tags: ['vegetarian'],
      },
      { id: 'diavola', name: 'Pizza Diavola', price: m(1100), modifier_group_ids: ['size', 'toppings'] },
      { id: 'cola', name: 'Cola 0.33 l', price: m(300) },
      { id: 'tiramisu', name: 'Tiramisù', price: m(600), allergens: ['eggs', 'milk', 'gluten'] },
    ],
    modifier_groups: [
      {
        id: 'size',
        name: 'Size',
        min_choices: 1,
        max_choices: 1,
        options: [
          { id: 'size-26', name: '26 cm', price: m(0) },
          { id: 'size-32', name: '32 cm', price: m(300) },
        ],
      },
      {
        id: 'toppings',
        name: 'Extra toppings',
        max_choices: 3,
        free_quantity: 1,
        options: [
          { id: 'extra-mozzarella', name: 'Mozzarella', price: m(150), max_quantity: 2, allergens: ['milk'] },
          { id: 'salami', name: 'Salami', price: m(200) },
          { id: 'olives', name: 'Olives', price: m(100) },
        ],
      },
    ],
    bundles: [
      {
        id: 'lunch',
        name: 'Lunch deal',
        price: m(1190),
        lines: [
          {
            id: 'main',
            name: 'Pizza',
            choices: [{ product_id: 'margherita' }, { product_id: 'diavola', surcharge: m(150) }],
          },
          { id: 'drink', name: 'Drink', min_choices: 0, choices: [{ product_id: 'cola' }] },
        ],
      },
    ],
    promotions: [
      { id: 'welcome10', name: '10 % off your first order', type: 'percentage', percent_off: 10, code: 'WELCOME10' },
      { id: 'big-order', name: '5 off above 40', type: 'fixed', amount: m(500), minimum_subtotal: m(4000) },
      {
        id: 'pickup',
        name: 'Collection 15 %',
        type: 'percentage',
        percent_off: 15,
        service_types: ['collection'],
        starts_at: '2026-01-01T00:00:00Z',
        ends_at: '2027-01-01T00:00:00Z',
      },
    ],
  };
}

export const clone = <T>(x: T): T => structuredClone(x);
