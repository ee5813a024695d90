/**
 * Text as the matcher sees it: lower case, accents folded (ä → a, ß → ss), words split on anything that
 * is not a letter or digit (a decimal point between digits stays), and each word reduced to a canonical
 * form: its glossary concept (Käse → cheese) or a light plural stem (pizzas → pizza, Zwiebeln → zwiebel).
 * Both the customer's words and the menu's names go through the same function, so they meet in the middle.
 */
import { editDistance, everyday } from './fuzzy.js';
import { GLOSSARY } from './glossary.js';

export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Words of a text, folded; "0.33" and "3,5" stay one token, "coca-cola" becomes two. */
export function words(text: string): string[] {
  return fold(text)
    .replace(/(\d)(cm|mm|ml|cl|l|g|kg|oz|inch)\b/g, '$1 $2')
    .replace(/(\d)[.,](\d)/g, '$1\uE000$2')
    .split(/[^a-z0-9\uE000]+/)
    .filter(Boolean)
    .map((w) => w.replace(/\uE000/g, '.'));
}

export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('oes')) return word.slice(0, -2);
  if (/(ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  // "pepsis", "cannolis", "paninis": an Italian-ish name in an English plural.
  if (word.length >= 6 && word.endsWith('is')) return word.slice(0, -1);
  // German plurals: Zwiebeln, Oliven, Tomaten, Dosen.
  if (word.length >= 5 && /[elr]n$/.test(word) && !/[aeiou][aeiou]n$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The canonical form of one folded word. */
export function canon(word: string): string {
  return GLOSSARY[word] ?? GLOSSARY[stem(word)] ?? adjective(word) ?? stem(word);
}

/**
 * A German adjective in a form the glossary does not list ("rotem", "grünem"): the concept of its base,
 * when the glossary lists the base and another declined form of it ("rot", "rote" → red): so only
 * adjectives, never a noun's plural ("Salate" stays; "essen" is no "ess").
 */
function adjective(word: string): string | undefined {
  const m = /^(.{3,}?)(em|en|er|es|e)$/.exec(word);
  if (!m) return undefined;
  const concept = GLOSSARY[m[1]];
  return concept && (GLOSSARY[`${m[1]}e`] === concept || GLOSSARY[`${m[1]}en`] === concept) ? concept : undefined;
}

/**
 * The glossary concept of a misspelt word ("mozarella", "jalapenio"): words of seven letters or more,
 * one typo away (more would make "hafermilch" the "magermilch"). For words the menu does not know:
 * "peperoni" on a menu with Pepperoni is that, not a misspelt "peperone".
 */
export function conceptNear(word: string): string | null {
  if (word.length < 7 || /\d/.test(word) || everyday(word)) return null;
  let c = misspelt.get(word);
  if (c === undefined) {
    const key = GLOSSARY_WORDS.find((k) => Math.abs(k.length - word.length) <= 1 && editDistance(k, word, 1) <= 1);
    c = key ? GLOSSARY[key] : null;
    if (misspelt.size > 20_000) misspelt.clear();
    misspelt.set(word, c);
  }
  return c;
}

const GLOSSARY_WORDS = Object.keys(GLOSSARY).filter((k) => k.length >= 7);
const misspelt = new Map<string, string | null>();

/** Canonical words of a text. */
export const canonWords = (text: string): string[] => words(text).map(canon);

/**
 * The customer's own words for a folded snippet of their text ("kase" in "mit Käse" → "Käse"), to quote
 * them back: the first run of whole words of `text` that folds to the snippet's words, with the spaces
 * and punctuation between them as written. The snippet itself when the text holds no such run.
 */
export function original(text: string, snippet: string): string {
  const wanted = fold(snippet)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (wanted.length === 0) return snippet;
  // Fold character by character, remembering where each folded character came from ("ß" → "ss").
  let folded = '';
  const from: number[] = [];
  for (const m of text.matchAll(/./gsu)) {
    const f = fold(m[0]);
    folded += f;
    for (let k = 0; k < f.length; k++) from.push(m.index);
  }
  if (folded !== fold(text)) return snippet;
  const run = new RegExp(`(?<![a-z0-9])${wanted.join('[^a-z0-9]+')}(?![a-z0-9])`).exec(folded);
  if (!run) return snippet;
  const last = from[run.index + run[0].length - 1];
  // Past the last character and any combining accents that follow it ("e\u0301").
  const end = last + (/^.\p{M}*/su.exec(text.slice(last))?.[0].length ?? 1);
  return text.slice(from[run.index], end);
}
