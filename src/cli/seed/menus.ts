/** Menus per cuisine, priced in euro cents and converted to each location's currency with local rounding. */
import type { Cuisine } from './catalog.js';

/** A modifier option; `free` units of each chosen option are included in the price. */
export interface GroupDef {
  name: string;
  options: [string, number][];
  free: number;
  /** How many different options a customer picks at most. */
  max: number;
}

export interface ProductDef {
  name: string;
  price: number;
  course: 'main' | 'side' | 'drink' | 'dessert';
  groups: GroupDef[];
}

export interface BundleDef {
  name: string;
  price: number;
  lines: { name: string; choices: string[] }[];
}

export interface Menu {
  products: ProductDef[];
  bundles: BundleDef[];
}

const p = (name: string, price: number, course: ProductDef['course'], groups: GroupDef[] = []): ProductDef => ({
  name,
  price,
  course,
  groups,
});

const PIZZA: GroupDef[] = [
  {
    name: 'Extra toppings',
    options: [
      ['Mozzarella di bufala', 250],
      ['Salame piccante', 200],
      ['Rucola', 150],
      ['Funghi', 150],
      ['Olive', 120],
    ],
    free: 0,
    max: 2,
  },
  {
    name: 'Dips',
    options: [
      ['Garlic dip', 120],
      ['Chili oil', 100],
    ],
    free: 1,
    max: 1,
  },
];
const BURGER: GroupDef[] = [
  {
    name: 'Extras',
    options: [
      ['Extra patty', 350],
      ['Bacon', 200],
      ['Cheddar', 120],
      ['Jalapeños', 80],
      ['Avocado', 180],
    ],
    free: 0,
    max: 2,
  },
];
const SAUCES: GroupDef[] = [
  {
    name: 'Sauces',
    options: [
      ['Ketchup', 50],
      ['Mayo', 50],
      ['BBQ sauce', 80],
      ['Truffle mayo', 120],
    ],
    free: 1,
    max: 2,
  },
];
const SALSAS: GroupDef[] = [
  {
    name: 'Salsas',
    options: [
      ['Salsa verde', 50],
      ['Salsa roja', 50],
      ['Habanero', 80],
    ],
    free: 2,
    max: 2,
  },
  {
    name: 'Extras',
    options: [
      ['Queso Oaxaca', 120],
      ['Aguacate', 150],
      ['Chorizo', 180],
    ],
    free: 0,
    max: 1,
  },
];
const SIDES_BR: GroupDef[] = [
  {
    name: 'Acompanhamentos',
    options: [
      ['Arroz branco', 150],
      ['Farofa', 150],
      ['Vinagrete', 120],
      ['Couve refogada', 150],
    ],
    free: 2,
    max: 3,
  },
];
const SUSHI: GroupDef[] = [
  {
    name: 'Extras',
    options: [
      ['Extra wasabi', 50],
      ['Pickled ginger', 50],
      ['Soy sauce', 30],
    ],
    free: 1,
    max: 2,
  },
  {
    name: 'Toppings',
    options: [
      ['Tempura flakes', 100],
      ['Spicy mayo', 100],
    ],
    free: 0,
    max: 1,
  },
];

export const MENUS: Record<Cuisine, Menu> = {
  italian: {
    products: [
      p('Pizza Margherita', 950, 'main', PIZZA),
      p('Pizza Diavola', 1250, 'main', PIZZA),
      p('Pizza Quattro Formaggi', 1300, 'main', PIZZA),
      p('Pizza Prosciutto e Funghi', 1250, 'main', PIZZA),
      p('Spaghetti Carbonara', 1250, 'main'),
      p("Penne all'Arrabbiata", 1050, 'main'),
      p('Lasagne al Forno', 1350, 'main'),
      p('Insalata Caprese', 890, 'side'),
      p('Focaccia al Rosmarino', 550, 'side'),
      p('Tiramisù', 650, 'dessert'),
      p('Panna Cotta', 590, 'dessert'),
      p('San Pellegrino 0.5 l', 350, 'drink'),
      p('Coca-Cola 0.33 l', 320, 'drink'),
      p('Peroni 0.33 l', 420, 'drink'),
    ],
    bundles: [
      {
        name: 'Pranzo Menu',
        price: 1190,
        lines: [
          { name: 'Main', choices: ['Pizza Margherita', "Penne all'Arrabbiata", 'Spaghetti Carbonara'] },
          { name: 'Drink', choices: ['San Pellegrino 0.5 l', 'Coca-Cola 0.33 l'] },
        ],
      },
      {
        name: 'Pizza Night for Two',
        price: 2690,
        lines: [
          { name: 'First pizza', choices: ['Pizza Margherita', 'Pizza Diavola', 'Pizza Quattro Formaggi'] },
          { name: 'Second pizza', choices: ['Pizza Margherita', 'Pizza Prosciutto e Funghi', 'Pizza Diavola'] },
          { name: 'Dessert', choices: ['Tiramisù', 'Panna Cotta'] },
        ],
      },
    ],
  },
  burger: {
    products: [
      p('Classic Cheeseburger', 1190, 'main', BURGER),
      p('Bacon BBQ Burger', 1390, 'main', BURGER),
      p('Veggie Smash Burger', 1250, 'main', BURGER),
      p('Crispy Chicken Burger', 1290, 'main', BURGER),
      p('Fries', 390, 'side', SAUCES),
      p('Sweet Potato Fries', 490, 'side', SAUCES),
      p('Onion Rings', 450, 'side', SAUCES),
      p('Chicken Wings (6)', 790, 'side', SAUCES),
      p('Vanilla Milkshake', 550, 'drink'),
      p('Homemade Lemonade', 390, 'drink'),
      p('Craft IPA', 550, 'drink'),
      p('Chocolate Brownie', 450, 'dessert'),
    ],
    bundles: [
      {
        name: 'Burger Menu',
        price: 1590,
        lines: [
          { name: 'Burger', choices: ['Classic Cheeseburger', 'Bacon BBQ Burger', 'Veggie Smash Burger'] },
          { name: 'Side', choices: ['Fries', 'Sweet Potato Fries'] },
          { name: 'Drink', choices: ['Homemade Lemonade', 'Vanilla Milkshake'] },
        ],
      },
    ],
  },
  mexican: {
    products: [
      p('Tacos al Pastor (3)', 890, 'main', SALSAS),
      p('Tacos de Carnitas (3)', 890, 'main', SALSAS),
      p('Quesadilla de Flor de Calabaza', 790, 'main', SALSAS),
      p('Burrito de Pollo', 1190, 'main', SALSAS),
      p('Enchiladas Verdes', 1150, 'main'),
      p('Guacamole con Totopos', 690, 'side'),
      p('Elote Asado', 450, 'side'),
      p('Churros con Chocolate', 550, 'dessert'),
      p('Agua de Horchata', 350, 'drink'),
      p('Agua de Jamaica', 350, 'drink'),
      p('Cerveza Modelo', 450, 'drink'),
      p('Margarita', 850, 'drink'),
    ],
    bundles: [
      {
        name: 'Comida Corrida',
        price: 1090,
        lines: [
          { name: 'Plato fuerte', choices: ['Enchiladas Verdes', 'Tacos al Pastor (3)', 'Burrito de Pollo'] },
          { name: 'Bebida', choices: ['Agua de Horchata', 'Agua de Jamaica'] },
        ],
      },
    ],
  },
  brazilian: {
    products: [
      p('Feijoada Completa', 1690, 'main', SIDES_BR),
      p('Picanha na Chapa', 2290, 'main', SIDES_BR),
      p('Moqueca de Peixe', 1990, 'main', SIDES_BR),
      p('Frango à Passarinho', 1190, 'main'),
      p('Pão de Queijo (6)', 590, 'side'),
      p('Coxinha (4)', 650, 'side'),
      p('Brigadeiro', 250, 'dessert'),
      p('Pudim de Leite', 550, 'dessert'),
      p('Guaraná Antarctica', 350, 'drink'),
      p('Suco de Maracujá', 450, 'drink'),
      p('Caipirinha', 850, 'drink'),
    ],
    bundles: [
      {
        name: 'Prato Executivo',
        price: 1490,
        lines: [
          { name: 'Prato', choices: ['Feijoada Completa', 'Frango à Passarinho'] },
          { name: 'Bebida', choices: ['Guaraná Antarctica', 'Suco de Maracujá'] },
          { name: 'Sobremesa', choices: ['Brigadeiro'] },
        ],
      },
    ],
  },
  sushi: {
    products: [
      p('Salmon Nigiri (2)', 590, 'main', SUSHI),
      p('Tuna Nigiri (2)', 690, 'main', SUSHI),
      p('California Roll (8)', 990, 'main', SUSHI),
      p('Spicy Tuna Roll (8)', 1190, 'main', SUSHI),
      p('Dragon Roll (8)', 1490, 'main', SUSHI),
      p('Vegetable Maki (6)', 690, 'main', SUSHI),
      p('Miso Soup', 390, 'side'),
      p('Edamame', 450, 'side'),
      p('Chicken Gyoza (5)', 650, 'side'),
      p('Mochi Ice Cream', 490, 'dessert'),
      p('Green Tea', 290, 'drink'),
      p('Asahi 0.33 l', 450, 'drink'),
    ],
    bundles: [
      {
        name: 'Sushi Lunch Box',
        price: 1590,
        lines: [
          { name: 'Roll', choices: ['California Roll (8)', 'Vegetable Maki (6)', 'Spicy Tuna Roll (8)'] },
          { name: 'Side', choices: ['Miso Soup', 'Edamame'] },
        ],
      },
    ],
  },
};

const SCALE: Record<string, { factor: number; step: number }> = {
  EUR: { factor: 1, step: 10 },
  CHF: { factor: 1.55, step: 50 },
  GBP: { factor: 0.9, step: 10 },
  USD: { factor: 1.25, step: 10 },
  BRL: { factor: 3.5, step: 10 },
  MXN: { factor: 14, step: 100 },
};

/** A euro-cent price in the currency's minor unit, rounded as menus there are (5 Rappen, whole pesos…). */
export function localPrice(euroCents: number, currency: string): number {
  const { factor, step } = SCALE[currency] ?? SCALE.EUR;
  if (euroCents === 0) return 0;
  return Math.max(step, Math.round((euroCents * factor) / step) * step);
}
