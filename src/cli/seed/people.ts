/** Customers: local first and last names, phone numbers in the country's format, notes they write. */
import type { LocationTemplate } from './catalog.js';
import type { Random } from './random.js';

const NAMES: Record<string, [string[], string[]]> = {
  de: [
    [
      'Anna',
      'Lukas',
      'Sophie',
      'Jonas',
      'Lea',
      'Felix',
      'Marie',
      'Paul',
      'Laura',
      'Tim',
      'Mia',
      'Ben',
      'Emre',
      'Aylin',
    ],
    ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Hoffmann', 'Keller', 'Yılmaz'],
  ],
  en: [
    [
      'Oliver',
      'Amelia',
      'Jack',
      'Isla',
      'Harry',
      'Emily',
      'James',
      'Olivia',
      'Noah',
      'Ava',
      'Liam',
      'Priya',
      'Mohammed',
    ],
    [
      'Smith',
      'Jones',
      'Williams',
      'Brown',
      'Taylor',
      'Davies',
      'Johnson',
      'Garcia',
      'Miller',
      'Patel',
      'Khan',
      'Nguyen',
    ],
  ],
  'pt-BR': [
    [
      'João',
      'Maria',
      'Pedro',
      'Ana',
      'Lucas',
      'Juliana',
      'Gabriel',
      'Beatriz',
      'Rafael',
      'Camila',
      'Thiago',
      'Larissa',
    ],
    [
      'Silva',
      'Santos',
      'Oliveira',
      'Souza',
      'Lima',
      'Pereira',
      'Costa',
      'Ferreira',
      'Rodrigues',
      'Almeida',
      'Carvalho',
    ],
  ],
  'es-MX': [
    [
      'José',
      'Guadalupe',
      'Juan',
      'María',
      'Luis',
      'Fernanda',
      'Carlos',
      'Valeria',
      'Diego',
      'Ximena',
      'Miguel',
      'Sofía',
    ],
    ['Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez', 'Flores'],
  ],
};

const PHONE: Record<string, [string, number]> = {
  DE: ['+49151', 8],
  CH: ['+4179', 7],
  GB: ['+447700', 6],
  US: ['+1718555', 4],
  BR: ['+55119', 8],
  MX: ['+5255', 8],
};

const ASCII: Record<string, string> = {
  ü: 'ue',
  ö: 'oe',
  ä: 'ae',
  ß: 'ss',
  ı: 'i',
  ã: 'a',
  á: 'a',
  é: 'e',
  í: 'i',
  ó: 'o',
  ç: 'c',
};
const emailPart = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z]/g, (ch) => ASCII[ch] ?? '')
    .slice(0, 20);

export type Customer = Record<'first_name' | 'last_name' | 'phone' | 'email' | 'language', string | null>;

export function customer(t: LocationTemplate, rand: Random): Customer {
  const [firsts, lasts] = NAMES[t.language] ?? NAMES.en;
  const first = rand.pick(firsts);
  const last = rand.pick(lasts);
  const [prefix, digits] = PHONE[t.country] ?? PHONE.DE;
  let phone = prefix;
  for (let i = 0; i < digits; i++) phone += rand.int(0, 9);
  const domain = rand.pick(['gmail.com', 'outlook.com', 'icloud.com', 'proton.me', 'yahoo.com']);
  return {
    first_name: first,
    last_name: rand.chance(0.85) ? last : null,
    phone,
    email: rand.chance(0.6) ? `${emailPart(first)}.${emailPart(last)}${rand.int(1, 99)}@${domain}` : null,
    language: rand.chance(0.85) ? t.language : 'en',
  };
}

export const ITEM_NOTES = ['No onions, please', 'Extra crispy', 'Sauce on the side', 'Well done', 'No cilantro'];
export const ORDER_NOTES = [
  'Allergic to nuts',
  'Please add cutlery',
  'Birthday – a candle would be lovely',
  'No cutlery',
];
export const DELIVERY_NOTES = [
  'Ring twice',
  '3rd floor, no lift',
  'Leave at the door',
  'Call on arrival',
  'Back entrance',
];
export const LINE2 = ['Apt 4B', '2. OG links', 'Flat 3', 'Hinterhaus', 'Bloco B, ap. 52', 'Depto. 301'];
