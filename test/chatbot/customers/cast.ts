/**
 * The scripted customers: each wants one exact order on a demo menu (`npm run seed`'s catalog) or the
 * test fixture's pizzeria, in English or German, in location or businessOrganization mode. Their first
 * message gives everything (food, service type, payment), only the food, the food and the service type,
 * or one dish (the rest follows when asked for more); they answer questions by tapping or by typing.
 */

import type { Script, TargetLine } from './customer.js';
import { type MenuName, shop } from './platform.js';

interface Dish {
  en: string;
  de: string;
  line: TargetLine;
  /** Typed answers for the choices this dish is asked about (option or product id → word). */
  words?: { en: Record<string, string>; de: Record<string, string> };
}

const DISHES: Record<MenuName, Record<string, Dish>> = {
  fixture: {
    largeHam: {
      en: 'a large pizza with ham',
      de: 'eine große Pizza mit Schinken',
      line: { product: 'pizza', options: ['size-32', 'ham'] },
    },
    olives: {
      en: 'a pizza with olives',
      de: 'eine Pizza mit Oliven',
      line: { product: 'pizza', options: ['size-30', 'olives'] },
      words: { en: { 'size-30': 'medium' }, de: { 'size-30': 'mittel' } },
    },
    twoMargherita: {
      en: 'two margheritas',
      de: 'zwei Margherita',
      line: { product: 'margherita', quantity: 2, options: ['size-26'] },
      words: { en: { 'size-26': 'small' }, de: { 'size-26': 'klein' } },
    },
    carbonara: { en: 'a carbonara', de: 'eine Carbonara', line: { product: 'carbonara' } },
    cokes: { en: 'two cokes', de: 'zwei Cola', line: { product: 'cola', quantity: 2 } },
    tiramisu: { en: 'a tiramisu', de: 'ein Tiramisu', line: { product: 'tiramisu' } },
    pranzo: {
      en: 'a Pranzo menu with arrabbiata',
      de: 'ein Pranzo Menü mit Arrabbiata',
      line: { bundle: 'pranzo', picks: { main: 'arrabbiata', drink: 'pellegrino' } },
    },
    diavola: {
      en: 'a diavola without mozzarella',
      de: 'eine Diavola ohne Mozzarella',
      line: { product: 'diavola', options: ['size-32'], without: ['mozzarella'] },
      words: { en: { 'size-32': 'large' }, de: { 'size-32': 'groß' } },
    },
  },
  italian: {
    margherita: { en: 'a Pizza Margherita', de: 'eine Pizza Margherita', line: { product: 'pizza-margherita' } },
    diavola: {
      en: 'two Diavola with rucola',
      de: 'zwei Diavola mit Rucola',
      line: { product: 'pizza-diavola', quantity: 2, options: ['rucola'] },
    },
    carbonara: { en: 'a carbonara', de: 'eine Carbonara', line: { product: 'spaghetti-carbonara' } },
    noBasil: {
      en: 'a margherita without basil',
      de: 'eine Margherita ohne Basilikum',
      line: { product: 'pizza-margherita', without: ['basil'] },
    },
    tiramisu: { en: 'a tiramisu', de: 'ein Tiramisu', line: { product: 'tiramisu' } },
    pranzo: {
      en: 'a Pranzo Menu',
      de: 'ein Pranzo Menü',
      line: { bundle: 'pranzo-menu', picks: { main: 'spaghetti-carbonara', drink: 'coca-cola-033-l' } },
    },
    cokes: { en: 'two cokes', de: 'zwei Cola', line: { product: 'coca-cola-033-l', quantity: 2 } },
    lasagne: { en: 'a lasagne', de: 'eine Lasagne', line: { product: 'lasagne-al-forno' } },
  },
  burger: {
    noPickles: {
      en: 'a classic cheeseburger without pickles',
      de: 'einen Classic Cheeseburger ohne Gurken',
      line: { product: 'classic-cheeseburger', without: ['pickles'] },
    },
    fries: { en: 'fries with mayo', de: 'Fries mit Mayo', line: { product: 'fries', options: ['mayo'] } },
    shake: { en: 'a vanilla milkshake', de: 'einen Vanilla Milkshake', line: { product: 'vanilla-milkshake' } },
    bbq: { en: 'a bacon bbq burger', de: 'einen Bacon BBQ Burger', line: { product: 'bacon-bbq-burger' } },
    veggie: {
      en: 'a veggie smash burger with avocado',
      de: 'einen Veggie Smash Burger mit Avocado',
      line: { product: 'veggie-smash-burger', options: ['avocado'] },
    },
    menu: {
      en: 'a Burger Menu',
      de: 'ein Burger Menü',
      line: {
        bundle: 'burger-menu',
        picks: { burger: 'classic-cheeseburger', side: 'fries', drink: 'homemade-lemonade' },
      },
    },
  },
  mexican: {
    burrito: { en: 'a burrito de pollo', de: 'einen Burrito de Pollo', line: { product: 'burrito-de-pollo' } },
    tacos: {
      en: 'tacos al pastor without onion',
      de: 'Tacos al Pastor ohne Zwiebeln',
      line: { product: 'tacos-al-pastor-3', without: ['onion'] },
    },
    horchata: {
      en: 'two agua de horchata',
      de: 'zwei Agua de Horchata',
      line: { product: 'agua-de-horchata', quantity: 2 },
    },
    quesadilla: {
      en: 'a quesadilla with salsa verde',
      de: 'eine Quesadilla mit Salsa verde',
      line: { product: 'quesadilla-de-flor-de-calabaza', options: ['salsa-verde'] },
    },
    churros: { en: 'churros con chocolate', de: 'Churros con Chocolate', line: { product: 'churros-con-chocolate' } },
  },
  brazilian: {
    feijoada: {
      en: 'a feijoada completa with farofa',
      de: 'eine Feijoada Completa mit Farofa',
      line: { product: 'feijoada-completa', options: ['farofa'] },
    },
    picanha: { en: 'a picanha na chapa', de: 'eine Picanha na Chapa', line: { product: 'picanha-na-chapa' } },
    guarana: { en: 'two guaraná', de: 'zwei Guaraná', line: { product: 'guarana-antarctica', quantity: 2 } },
    paoDeQueijo: { en: 'a pão de queijo', de: 'ein Pão de Queijo', line: { product: 'pao-de-queijo-6' } },
  },
  sushi: {
    california: { en: 'a california roll', de: 'eine California Roll', line: { product: 'california-roll-8' } },
    nigiri: {
      en: 'a salmon nigiri with pickled ginger',
      de: 'ein Salmon Nigiri mit Pickled Ginger',
      line: { product: 'salmon-nigiri-2', options: ['pickled-ginger'] },
    },
    miso: { en: 'a miso soup', de: 'eine Miso Soup', line: { product: 'miso-soup' } },
    dragon: { en: 'a dragon roll', de: 'eine Dragon Roll', line: { product: 'dragon-roll-8' } },
  },
};

/** The orders per menu, as dish names; each is ordered by an English and a German customer. */
const ORDERS: Record<MenuName, string[][]> = {
  fixture: [
    ['largeHam'],
    ['olives'],
    ['twoMargherita', 'cokes'],
    ['carbonara', 'tiramisu'],
    ['pranzo'],
    ['diavola', 'cokes'],
    ['largeHam', 'olives'],
  ],
  italian: [['margherita'], ['diavola'], ['carbonara', 'cokes'], ['noBasil', 'tiramisu'], ['pranzo'], ['lasagne']],
  burger: [['noPickles', 'fries'], ['bbq'], ['veggie', 'shake'], ['menu'], ['noPickles']],
  mexican: [
    ['burrito'],
    ['tacos', 'horchata'],
    ['quesadilla', 'churros'],
    ['burrito', 'horchata'],
    ['churros', 'burrito'],
  ],
  brazilian: [['feijoada'], ['picanha', 'guarana'], ['paoDeQueijo', 'guarana', 'feijoada'], ['picanha']],
  sushi: [['california'], ['nigiri', 'miso', 'dragon'], ['dragon'], ['miso', 'california']],
};

const SERVICE = {
  en: { collection: 'for pick-up', delivery: 'delivered please', eat_in: 'to eat in' },
  de: { collection: 'zum Abholen', delivery: 'bitte liefern', eat_in: 'zum hier Essen' },
};
const PAYMENT = {
  en: { cash: "I'll pay cash", card: 'paying by card', online: 'paying online' },
  de: { cash: 'ich zahle bar', card: 'mit Karte', online: 'ich zahle online' },
};
const AND = { en: 'and', de: 'und' };
const WHERE = {
  en: (name: string) => `I'd like to order at ${name}: `,
  de: (name: string) => `Ich möchte bei ${name} bestellen: `,
};

const join = (parts: string[], and: string) =>
  parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} ${and} ${parts[parts.length - 1]}`;

/** The menu price of a line without its choices' surcharges: enough to keep delivery above the zone minimum. */
function roughPrice(menu: MenuName, line: TargetLine): number {
  const doc = shop(menu).doc;
  const base = line.bundle
    ? (doc.bundles.find((b) => b.id === line.bundle)?.price.amount ?? 0)
    : (doc.products.find((p) => p.id === line.product)?.price.amount ?? 0);
  return base * (line.quantity ?? 1);
}

type Opening = 'all' | 'food' | 'service' | 'split';
const OPENINGS: Opening[] = ['all', 'food', 'service', 'split', 'all'];
const SERVICES = ['collection', 'delivery', 'eat_in', 'delivery', 'collection'] as const;
const PAYMENTS = ['cash', 'card', 'online'] as const;

export function cast(): Script[] {
  const out: Script[] = [];
  let n = 0;
  for (const menu of Object.keys(ORDERS) as MenuName[]) {
    for (const order of ORDERS[menu]) {
      for (const language of ['en', 'de'] as const) {
        const dishes = order.map((name) => DISHES[menu][name]);
        const mode = n % 3 === 1 ? 'businessOrganization' : 'location';
        const opening = OPENINGS[n % OPENINGS.length];
        let service: (typeof SERVICES)[number] = SERVICES[n % SERVICES.length];
        const subtotal = dishes.reduce((sum, d) => sum + roughPrice(menu, d.line), 0);
        if (service === 'delivery' && subtotal < 1300) service = 'collection';
        const payment = PAYMENTS[n % PAYMENTS.length];
        const location = mode === 'businessOrganization' ? (n % 2 === 0 ? 'loc_mitte' : 'loc_kreuzberg') : undefined;
        const food = dishes.map((d) => d[language]);
        const said = opening === 'split' ? food.slice(0, 1) : food;
        let open = join(said, AND[language]);
        if (opening === 'all') open += ` ${SERVICE[language][service]}, ${PAYMENT[language][payment]}`;
        if (opening === 'service') open += ` ${SERVICE[language][service]}`;
        if (location) open = WHERE[language](location === 'loc_mitte' ? 'Mitte' : 'Kreuzberg') + open;
        const words = Object.assign({}, ...dishes.map((d) => d.words?.[language] ?? {}));
        out.push({
          name: `${menu}-${n}-${language}-${mode === 'location' ? 'loc' : 'org'}-${opening}`,
          language,
          mode,
          menu,
          target: { lines: dishes.map((d) => d.line), service, payment, ...(location ? { location } : {}) },
          open,
          more: opening === 'split' ? food.slice(1) : [],
          phrases: food,
          style: n % 2 === 0 ? 'tap' : 'type',
          words,
        });
        n += 1;
      }
    }
  }
  return out;
}
