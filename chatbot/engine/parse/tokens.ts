/**
 * A message as the order reader sees it: folded words (ä → a) with their canonical forms, and the
 * separators between them (punctuation, "and"). Each word also gets its role when it is one of the small
 * closed classes people order with in English and German: how many, leave out, more of, a little of,
 * with. Everything else is for the menu to recognise (../menu/lexicon.ts).
 */
import { canon, fold } from '../text/normalize.js';
import { numberWord } from '../text/numbers.js';

export type Cue = 'without' | 'extra' | 'light' | 'with' | 'but';

export interface Tok {
  /** The folded word, or the separator itself. */
  w: string;
  /** Its canonical form (glossary concept or stem); the separator for separators. */
  c: string;
  sep: 'punct' | 'and' | null;
  /** A later part of a word split as a compound ("brötchen" of "Pizzabrötchen"). */
  cont?: boolean;
}

// biome-ignore format: word lists
const CUES: Record<Cue, string[]> = {
  without: [
    'no', 'without', 'hold', 'minus', 'sans', 'except', 'skip', 'avoid', 'ohne', 'kein', 'keine', 'keinen', 'keiner',
    'keinem', 'keines', 'nix', 'not', 'nicht', 'statt', 'anstatt', 'instead', 'none', 'nothing', 'zero', 'nada', 'leave', 'leaving', 'remove', 'weg',
  ],
  extra: [
    'extra', 'more', 'double', 'additional', 'lots', 'plenty', 'heavy', 'loaded', 'mehr', 'viel', 'viele', 'vielen',
    'doppelt', 'doppelte', 'doppelten', 'doppeltem', 'doppelter', 'zusatzlich', 'zusatzliche', 'zusatzlichen',
    'zusatzlichem', 'zusatzlicher', 'triple', 'xtra', 'reichlich', 'ordentlich', 'generous',
  ],
  light: ['light', 'little', 'easy', 'less', 'wenig', 'weniger', 'sparingly', 'lite', 'bisschen', 'touch', 'hint'],
  with: ['with', 'w', 'mit', 'add', 'topped', 'belegt', 'includ', 'including', 'also', 'auch', 'dazu'],
  but: ['but', 'aber', 'jedoch', 'just', 'only', 'nur'],
};

const CUE_OF = new Map<string, Cue>(
  (Object.entries(CUES) as [Cue, string[]][]).flatMap(([cue, words]) => words.map((w) => [w, cue] as const)),
);

export const cueOf = (w: string): Cue | null => CUE_OF.get(w) ?? null;

/** Words that make what follows a correction of the line before ("make it", "change that to", "mach es"). */
const CORRECTION =
  '(make (it|that|them|those)|change (it|that) (to|into)|scratch that|i mean|no sorry|sorry i meant?|mach (es|sie|ihn|das|die|daraus)|lieber)( |$)';
const CORRECTING = new RegExp(`(^| )${CORRECTION}`);
const CORRECTION_AT = new RegExp(`^${CORRECTION}`);
/** What is said from word `from` on is said as a correction (the words just before or at it say so). */
export const correcting = (raw: string[], from: number) =>
  CORRECTING.test(raw.slice(Math.max(0, from - 3), from + 2).join(' '));
/** A correction begins at word `at`. */
export const correctionAt = (raw: string[], at: number) => CORRECTION_AT.test(raw.slice(at, at + 4).join(' '));

/**
 * Words that carry nothing for the order: articles, pronouns, politeness, verbs of ordering, containers
 * of speech ("piece", "order of"). They never start a name, but may sit inside one ("Fish and Chips").
 */
// biome-ignore format: a word list
export const FILLER = new Set([
  'the', 'of', 'on', 'it', 'please', 'pls', 'plz', 'bitte', 'some', 'etwas', 'der', 'die', 'das', 'den', 'dem',
  'des', 'von', 'vom', 'auf', 'drauf', 'top', 'them', 'each', 'jeweils', 'beide', 'both', 'too', 'as', 'well',
  'just', 'nur', 'thanks', 'thank', 'you', 'danke', 'then', 'dann', 'noch', 'i', 'id', 'd', 'like', 'want', 'would',
  'ich', 'hatte', 'gern', 'gerne', 'mochte', 'those', 'these', 'that', 'this', 'diese', 'dieser', 'dieses', 'to',
  'order', 'ordern', 'bestellen', 'bestelle', 'for', 'fur', 'at', 'um', 'from', 'bei', 'in', 'mir', 'me', 'we', 'wir',
  'get', 'have', 'take', 'nehme', 'nehmen', 'sie', 'ihn', 'could', 'may', 'us', 'mich', 'uns', 'lets', 'let',
  's', 'give', 'gib', 'geben', 'du', 'ihr', 'hi', 'hello', 'hallo', 'hey', 'moin', 'ok', 'okay', 'yes', 'ja', 'will',
  'wanna', 'gonna', 'll', 'm', 've', 're', 'bekomme', 'bekommen', 'krieg', 'kriege', 'kriegen', 'hatten', 'mochten',
  'gibt', 'mal', 'is', 'are', 'be', 'my', 'our', 'mein', 'meine', 'unser', 'unsere', 'am', 'an', 'also', 'und',
  'and', 'or', 'oder', 'need', 'brauche', 'brauchen', 'go', 'going', 'love', 'looking', 'send', 'bring', 'schick',
  'bring', 'hallochen', 'there', 'thx', 'thanks', 'cheers', 'ty', 'do', 'need', 'wants', 'wanted', 'piece', 'pieces',
  'stuck', 'stueck', 'portion', 'portionen', 'order', 'orders', 'mit', 'one', 'ones', 'everything',
  'alles', 'sowie', 'any', 'all', 'style', 'art', 'size', 'sized', 'plain', 'gerne', 'hätte', 'way', 'kind', 'sort', 'lot', 'bit', 'side', 'pump',
  'pumps', 'splash', 'dash', 'drop', 'shot', 'shots', 'schuss', 'on', 'onto', 'ne', 'nen', 'einmal', 'zweimal', 'dreimal', 'al', 'also',
  'hab', 'habe', 'haben', 'hatt', 'hat', 'gonna', 'like', 'whats', 'quick', 'real', 'really', 'actually', 'eigentlich',
  'doch', 'sure', 'yeah', 'yo', 'guys', 'mate', 'buddy', 'leute', 'zusammen', 'fuer', 'mir', 'dir', 'wait', 'make',
  'oops', 'sorry',
  // Chat interjections ("medium pepperoni lol"): no name the menu lacks.
  'lol', 'lmao', 'haha', 'hahaha', 'hehe', 'xd', 'omg', 'pls', 'tyvm', 'thanx', 'thnx', 'tia', 'btw', 'ah', 'uh', 'um',
  'umm', 'uhh', 'hmm', 'hm', 'erm',
]);

/** Food emoji as the words they stand for ("🍕 x2 large pepperoni"). */
const EMOJI: Record<string, string> = {
  '🍕': 'pizza',
  '🍔': 'burger',
  '🍟': 'fries',
  '🥗': 'salad',
  '🍝': 'pasta',
  '☕': 'coffee',
  '🍺': 'beer',
  '🍷': 'wine',
  '🥤': '',
  '🍣': 'sushi',
  '🌯': 'burrito',
  '🌮': 'taco',
  '🍜': 'noodles',
  '🥟': 'dumplings',
};
/**
 * Emoji as the words they stand for ("🍕 x2 large pepperoni"), except where they decorate: a run of them
 * ("🍕🍕") or at the end of the message ("a meat lovers, extra bacon 🍕").
 */
const emojiWords = (text: string) =>
  text
    .replace(/(\p{Extended_Pictographic}\uFE0F?\s*){2,}|(\p{Extended_Pictographic}\uFE0F?[\s!.]*)+$/gu, ' ')
    .replace(/\p{Extended_Pictographic}/gu, (e) => ` ${EMOJI[e] ?? ''} `);

/** Shorthand as people type it on a phone. */
const ABBREVIATIONS: Record<string, string[]> = {
  xl: ['extra', 'large'],
  xxl: ['extra', 'large'],
  lg: ['large'],
  lrg: ['large'],
  med: ['medium'],
  md: ['medium'],
  lrge: ['large'],
  sm: ['small'],
  sml: ['small'],
  reg: ['regular'],
  pls: ['please'],
  w: ['with'],
  wo: ['without'],
  gr: ['gross'],
  ny: ['new', 'york'],
  gf: ['gluten', 'free'],
  fam: ['family'],
  chkn: ['chicken'],
  chk: ['chicken'],
  dbl: ['double'],
  chz: ['cheese'],
  tom: ['tomato'],
  toms: ['tomatoes'],
  bcn: ['bacon'],
  brgr: ['burger'],
  brgrs: ['burgers'],
  swt: ['sweet'],
  pep: ['pepperoni'],
  pepp: ['pepperoni'],
  xtra: ['extra'],
  mozz: ['mozzarella'],
  shroom: ['mushroom'],
  shrooms: ['mushrooms'],
  cap: ['cappuccino'],
  capp: ['cappuccino'],
  choc: ['chocolate'],
  // Shorthand of terse orders ("lg saus & mush", "swt pot fries", "2 ckn brgrs", "Knobi", "Champis").
  saus: ['sausage'],
  mush: ['mushroom'],
  mushr: ['mushroom'],
  pot: ['potato'],
  ckn: ['chicken'],
  chix: ['chicken'],
  pza: ['pizza'],
  ea: ['each'],
  ppl: ['people'],
  dz: ['dozen'],
  doz: ['dozen'],
  pers: ['personal'],
  veg: ['veggie'],
  marg: ['margherita'],
  jal: ['jalapeno'],
  jals: ['jalapenos'],
  grn: ['green'],
  blk: ['black'],
  wtr: ['water'],
  dt: ['diet'],
  frs: ['fries'],
  kl: ['klein'],
  knobi: ['knoblauch'],
  champis: ['champignons'],
};

const SEPARATORS = /^[,;:!?\n()/&+]$|^\.$/;
const AND = new Set(['and', 'und', '&', '+', 'n', 'sowie', 'plus', 'an']);

/** The message as tokens; "coca-cola" is two words, "0,33" one, "32cm" two ("32", "cm"). */
export function tokenize(text: string): Tok[] {
  // "Größe mittel": the noun (size) folds like the adjective "große" (large); it names no size itself.
  // ("2 Cola à 0,33": "à" before a volume says what each is.)
  const folded = fold(
    emojiWords(text)
      .replace(/\bgr(?:ö|oe)(?:ß|ss)e\b/gi, ' size ')
      .replace(/\s+à\s+(?=\d)/g, ' '),
  )
    .replace(/[’`´]/g, "'")
    .replace(/\b(dr|st|mr|mrs|ca|bzw|inkl|zzgl)\./g, '$1 ')
    .replace(/\bcan (?=(i|we|you|u|he|she|they|me|us|ya|ich|man)\b)/g, 'could ')
    .replace(/^(\W*(hi|hello|hey|hallo)?\W*)can\b(?! of| (of|von) )/, '$1could')
    .replace(/\bw\/o(?:ut)?\b/g, ' without ')
    // "no cheese at all": the stress of a "no", not "all" the lines ("all 20 oz bottles").
    .replace(/\bat all\b/g, ' ')
    // "one green curry with tofu and for my son fried rice": who it is for begins another item.
    .replace(/(\S)\s+(?:and\s+|und\s+)?(for (?:my|me|our|his|her)|fur (?:mich|meinen?|meinem|uns))\b/g, '$1 , $2')
    // "1) large meat lovers 2) small cheese": a list's numbers (with no bracket opened before) are commas.
    .replace(/(^|[\s,;:])\d{1,2}\)(?=\s)/g, (all, before: string, at: number, whole: string) =>
      whole.lastIndexOf('(', at) > whole.lastIndexOf(')', at) ? all : `${before} , `,
    )
    // "four 2 liters - 2 coke 1 sprite": a dash between words is a comma.
    .replace(/\s[-–—]+\s/g, ' , ')
    // "not too much cheese" is a little of it; "i don't want any oregano" leaves it out.
    .replace(/\bnot (?:too |so )?(?:much|many|a lot(?: of)?)\b/g, ' little ')
    .replace(/\bnicht (?:so |zu )?viele?[nm]?\b/g, ' little ')
    // "a bissl weniger Zwiebeln", "ein bisschen Käse": a little of it, not one more item.
    .replace(/\b(?:a|an|ein|ne) (?:bissl|bisserl|bissel|bisschen|wenig)\b/g, ' little ')
    // "extra viel Käse": one more of it, not two.
    .replace(/\bextra viele?[nm]?\b/g, ' extra ')
    .replace(/\ba (?:lot|ton|bunch|load) of\b/g, ' lots ')
    // "2 more 2 liters", "three more cokes": how many besides, not more of something.
    .replace(/\b(\d+|two|three|four|five|six|seven|eight|nine|ten|zwei|drei|vier|funf) more\b/g, '$1 ')
    // "a lil bit of jalapenos", "a few olives", "some basil": a little of it, not a count of pizzas.
    .replace(/\ba (?:lil|little|tiny|wee) (?:bit )?(?:of )?/g, ' little ')
    .replace(/\ba few (?=[a-z])/g, ' little ')
    // "x-large", "x-small": a size, not "times large".
    .replace(/\bx-(large|small|big)\b/g, 'extra $1')
    // "a small party (10 ppl)", "we're 4 people", "there are 6 of us": how many eat, no count of the next item.
    .replace(
      /\b(\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|zwei|drei|vier|funf|sechs|sieben|acht|neun|zehn|zwolf) (people|persons|ppl|guests|adults|personen|leute|gaste|of us)\b/g,
      ' $2 ',
    )
    // "not a fan of onions", "allergic to mushrooms": left out.
    .replace(/\b(?:(?:i ?'?m|i am|we ?'?re) )?(?:not (?:a |the )?(?:big |huge )?fans? of|allergic to)\b/g, ' without ')
    // ("don't put any oregano on it", "please don't add onions", "i'd rather not have olives".)
    .replace(
      /\b(?:i |we )?(?:don'?t|do not|dont|(?:'d|d|would) rather not) (?:want|need|like|put|add|give (?:me |us )?|include|use|have)(?: any)?\b/g,
      ' without ',
    )
    // "1 Literflasche Cola", "zwei 1-Liter-Flaschen", "1,5-Liter-Flasche": bottles of that many liters.
    // (Without a count before it, one bottle: "und 1Literflasche Cola".)
    .replace(/(\S+\s+)?\b(\d+(?:[.,]\d+)?)\s*-?\s*(?:l|liter|litre)-?flaschen?\b/g, (_, before = '', n) => {
      const counted = /^(\d+|[a-z]+)\s+$/.test(before) && (/^\d/.test(before) || numberWord(before.trim()) !== null);
      return `${before}${counted ? '' : ' eine'} flasche ${n} liter `;
    })
    .replace(/\bliter-?flaschen?\b/g, ' flasche 1 liter ')
    // ("2 x 23 with tofu": two of dish 23, not 23 of dish 2.)
    .replace(/\b(\d+)\s+x\s+(?=\d)/g, '$1x ')
    .replace(/\bx\s+(?=\d)/g, 'x')
    .replace(/\b(\d+)s\b/g, '$1')
    .replace(/\b([2-6]\d)er\b/g, '$1 cm')
    // "9er Nuggets", "12er garlic knots", "Wings 10er": a count the item is sold in ("er" is a piece word).
    .replace(/\b(\d{1,2})er\b/g, '$1 er')
    .replace(/\bw\/(?=\s|[a-z])/g, ' with ')
    .replace(/#\s*(?=\d)|\b(nr|no|nummer|num)\.\s*(?=\d)/g, ' nr ')
    .replace(/(\d)\s*(cm|mm|ml|cl|l|g|kg|oz|inch|liter|litre|ltr|lt|pcs|pc|stk)\b/g, '$1 $2')
    // "2pizza", "1pad thai", "2earl grey": a count glued to its word.
    .replace(
      /\b(\d{1,3})(?!(?:x|st|nd|rd|th|er|pc|pcs|oz|ml|cl|cm|l|g|kg|inch|liter|ltr|lt|stk)\b)([a-z]{2,})/g,
      '$1 $2',
    )
    .replace(/(\d)[.,](\d)/g, '$1\uE000$2');
  const out: Tok[] = [];
  for (const m of folded.matchAll(/[a-z0-9\uE000]+|[,;:!?\n()/&+]|\.(?=\s|$|[a-z])/g)) {
    const w = m[0].replace(/\uE000/g, '.');
    if (SEPARATORS.test(w)) out.push({ w, c: w, sep: w === '&' || w === '+' ? 'and' : 'punct' });
    else if (ABBREVIATIONS[w]) for (const x of ABBREVIATIONS[w]) out.push({ w: x, c: canon(x), sep: null });
    else out.push({ w, c: canon(w), sep: w === 'and' || w === 'und' || w === 'sowie' || w === 'plus' ? 'and' : null });
  }
  // "twenty ounce", "two liter": a measure's number in words, as digits; "a liter of coke", "einen Liter
  // Cola": an article before a volume's unit is one of it (never after "half": "half a liter").
  out.forEach((t, i) => {
    const unit = out[i + 1]?.c;
    const n = numberWord(t.w);
    const one = n === 1 && /^(liter|ounce)$/.test(unit ?? '') && !/^(half|halben?)$/.test(out[i - 1]?.w ?? '');
    if (n !== null && /^(ounce|liter|cm|inch)$/.test(unit ?? '') && !/^\d/.test(t.w) && (n > 1 || one))
      out[i] = { w: String(n), c: String(n), sep: null };
  });
  // "very spicy", "sehr scharf": the extra level.
  out.forEach((t, i) => {
    // "nicht so scharf", "not too spicy": a little less of it, which the dish as it comes is.
    const negated = /^(nicht|not|nich|net)$/.test(out[i - 1]?.w ?? '');
    if (!INTENSIFIER.has(t.w) && t.w !== 'too') return;
    if (out[i + 1]?.c !== 'spicy') return;
    if (negated) out[i - 1] = { w: 'little', c: 'little', sep: null };
    else if (t.w !== 'too') out[i] = { w: 'extra', c: 'extra', sep: null };
  });
  return out;
}

const INTENSIFIER = new Set(['very', 'sehr', 'really', 'super', 'mega', 'ultra', 'richtig', 'besonders', 'so']);

/** Words for a measure of a modifier: "2 pumps caramel", "two shots of vanilla", "a splash of oat milk". */
// biome-ignore format: a word list
export const POUR = new Set([
  'pump', 'pumps', 'shot', 'shots', 'splash', 'dash', 'portion', 'portions', 'schuss', 'scoop', 'scoops',
]);

export const isAnd = (w: string) => AND.has(w);
