/**
 * Quantities as people write them, in English and German: digits ("2", "2x", "x2"), words ("two",
 * "twenty-one", "a dozen", "zwei", "einundzwanzig", "ein Dutzend"), articles ("a", "eine") for one.
 * Input is folded words (./normalize.ts), so "fünf" arrives as "funf" and "zwölf" as "zwolf".
 */
const UNITS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  ein: 1,
  eine: 1,
  einen: 1,
  einem: 1,
  einer: 1,
  eins: 1,
  ne: 1,
  nen: 1,
  einmal: 1,
  zweimal: 2,
  zwomal: 2,
  dreimal: 3,
  viermal: 4,
  funfmal: 5,
  another: 1,
  zwei: 2,
  zwo: 2,
  zwoa: 2,
  // Swiss ("zwöi", "drü") and Viennese or Saxon ("zwa", "zwee") counts.
  zwoi: 2,
  zwa: 2,
  zwee: 2,
  dru: 3,
  oane: 1,
  oans: 1,
  oan: 1,
  drei: 3,
  vier: 4,
  funf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  elf: 11,
  zwolf: 12,
  dreizehn: 13,
  vierzehn: 14,
  funfzehn: 15,
  sechzehn: 16,
  siebzehn: 17,
  achtzehn: 18,
  neunzehn: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  zwanzig: 20,
  dreissig: 30,
  vierzig: 40,
  funfzig: 50,
};
const GERMAN_UNIT: Record<string, number> = {
  ein: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  funf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
};

/** A single word's value: "7", "seven", "sieben", "twenty", "einundzwanzig"; null when it is no number. */
export function numberWord(word: string): number | null {
  if (/^\d{1,3}$/.test(word)) return Number(word);
  const times = /^(\d{1,3})x$|^x(\d{1,3})$/.exec(word);
  if (times) return Number(times[1] ?? times[2]);
  if (UNITS[word] !== undefined) return UNITS[word];
  if (TENS[word] !== undefined) return TENS[word];
  const de = /^([a-z]+)und([a-z]+)$/.exec(word);
  if (de && GERMAN_UNIT[de[1]] !== undefined && TENS[de[2]] !== undefined) return GERMAN_UNIT[de[1]] + TENS[de[2]];
  const en = /^([a-z]+)-?([a-z]+)$/.exec(word);
  if (en && TENS[en[1]] !== undefined && UNITS[en[2]] !== undefined && UNITS[en[2]] < 10) {
    return TENS[en[1]] + UNITS[en[2]];
  }
  return null;
}

/** Units of measure (folded words, as ./normalize.ts `words` splits "32cm" into "32 cm"). */
// biome-ignore format: a word list
const MEASURE = new Set([
  'mm', 'cm', 'inch', 'inches', 'zoll', 'ml', 'cl', 'dl', 'l', 'liter', 'litre', 'liters', 'litres', 'g', 'gramm',
  'gram', 'grams', 'kg', 'oz', 'ounce', 'ounces', 'cm',
]);

export interface Quantity {
  value: number;
  /** How many words it took. */
  length: number;
}

/**
 * The quantity that starts at words[i], if any: "two", "twenty one", "a dozen", "half a dozen",
 * "a couple of", "ein Dutzend", "2 x". The articles count as one only before something else.
 */
export function quantityAt(words: string[], i: number): Quantity | null {
  const w = words[i];
  if (w === undefined) return null;
  const next = words[i + 1];
  if (w === 'half' && next === 'a' && words[i + 2] === 'dozen') return { value: 6, length: 3 };
  if ((w === 'half' || w === 'halbes') && (next === 'dozen' || next === 'dutzend')) return { value: 6, length: 2 };
  if (w === 'a' && next === 'half' && words[i + 2] === 'dozen') return { value: 6, length: 3 };
  if ((w === 'a' || w === 'ein') && (next === 'dozen' || next === 'dutzend')) return { value: 12, length: 2 };
  if (w === 'dozen' || w === 'dutzend') return { value: 12, length: 1 };
  if (w === 'a' && next === 'couple') return { value: 2, length: words[i + 2] === 'of' ? 3 : 2 };
  if (w === 'couple') return { value: 2, length: next === 'of' ? 2 : 1 };
  if ((w === 'ein' || w === 'a') && (next === 'paar' || next === 'pair')) return { value: 2, length: 2 };
  const value = numberWord(w);
  if (value === null) return null;
  let length = 1;
  let total = value;
  // "twenty one"
  if (TENS[w] !== undefined && next !== undefined && UNITS[next] !== undefined && UNITS[next] < 10) {
    total += UNITS[next];
    length = 2;
  }
  if (words[i + length] === 'x' || words[i + length] === 'mal') length += 1;
  // "32 cm", "0.5 l", "200 g": a measure (a size), never how many.
  else if (MEASURE.has(words[i + length] ?? '')) return null;
  return { value: total, length };
}
