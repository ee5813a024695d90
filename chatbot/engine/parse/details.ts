/**
 * The order's details in a message, besides its items: service type, requested time, payment method,
 * discount code, a delivery address, notes. Each finder returns what it read and the text without it,
 * so that the item parser does not trip over "for delivery at 19:30, paying cash".
 */
import type { Address, Menu, PaymentMethod, ServiceType } from '../../payload-types.js';
import { addDays, localParts, zonedInstant } from '../time/zone.js';

export interface Found<T> {
  value: T;
  rest: string;
}

function lastMatch<T>(text: string, table: [RegExp, T][]): Found<T> | null {
  let best: { value: T; at: number; re: RegExp } | null = null;
  for (const [re, value] of table) {
    for (const m of text.matchAll(new RegExp(re.source, 'gi'))) {
      if (!best || (m.index ?? 0) >= best.at) best = { value, at: m.index ?? 0, re };
    }
  }
  if (!best) return null;
  let rest = text;
  for (const [re] of table) rest = rest.replace(new RegExp(re.source, 'gi'), ' ');
  return { value: best.value, rest };
}

const SERVICE: [RegExp, ServiceType][] = [
  [
    /\b(for |as )?(home )?deliver(y|ed)?( please)?\b|\b(zum |zur |als |per )?liefer(n|ung|t)\b|\bbring (it|them) (to me|over)\b|\bnach hause\b/,
    'delivery',
  ],
  [
    // "for pick-up", "I'll come and collect", "collecting", "we'll pick it up"; "zum Mitnehmen", "ich hole es ab".
    /\b(for |as )?(pick[ -]?up|collection|take[ -]?away|take[ -]?out|carry[ -]?out|to go)\b|\b(i|we)('ll| will|'m| am|'re| are)? ?(come (and |to |by (and |to )?|over (and |to )?|round (and |to )?)?)?(collect(ing)?|pick(ing)? ((it|them|this|that|the order|the food|everything|my order) )?up|get (it|them) (myself|ourselves))\b|\bcollecting\b|\b(zum |zur |als |per )?(abholen|abholung|abhole|selbstabhol\w*|mitnehmen|mitnahme)\b|\bhol(e|en|t)?\s+(?:(?:es|sie|das|die|den|ihn|bestellung|essen|ich|wir|selbst|selber|gleich|dann|nachher|spater|später|mir|uns)\s+){1,4}ab\b/,
    'collection',
  ],
  [
    /\b(to )?(eat in|dine in|eat (there|at the restaurant)|in the restaurant)\b|\b((zum )?vor ort( essen)?|im restaurant( essen)?|(zum )?hier essen|dort essen)\b/,
    'eat_in',
  ],
];

export const serviceIn = (text: string) => lastMatch(text.replace(/[’`´]/g, "'"), SERVICE);

const PAYMENT: [RegExp, PaymentMethod][] = [
  [
    /\b(pay(ing)? (by |with |in )?cash|cash( payment| please)?|in bar|bar (zahlen|bezahlen)|barzahlung|bargeld|(zahle|bezahle|zahlen) (ich |wir )?bar|bar bitte)\b/,
    'cash',
  ],
  // "zum Abholen, bar": "bar" as a phrase of its own is cash (inside a sentence it may be a dish's name).
  [/(?<=^|[,;:]\s*)bar(?=\s*(?:$|[,.;!]))/, 'cash'],
  [
    /\b(pay(ing)? (by |with )?(a )?card|by card|with (a )?card|credit card|debit card|card payment|(mit|per) (der )?(ec ?)?karte( (zahlen|bezahlen))?|kartenzahlung|ec ?karte|kreditkarte|girocard)\b/,
    'card',
  ],
  [
    /\b(pay(ing)? online|online payment|paypal|apple pay|google pay|online (zahlen|bezahlen)|(zahle|bezahle|zahlen|bezahlen) (ich |wir )?(online|per paypal|mit paypal)|per paypal)\b/,
    'online',
  ],
];

export const paymentIn = (text: string) => lastMatch(text, PAYMENT);

const ASAP =
  /\b(asap|as soon as possible|right now|straight away|so schnell wie m(o|ö)glich|so bald wie m(o|ö)glich|sofort|schnellstm(o|ö)glich)\b/i;
const RELATIVE = /\bin (\d{1,3}|an?|einer|half an|einer halben) ?(min|mins|minutes?|minuten|stunden?|hours?)\b/i;
const CLOCK =
  /\b(?:(today|tonight|tomorrow|heute|morgen|(?:ü|u)bermorgen)\s+)?(?:(at|um|for|gegen|by|f(?:ü|u)r)\s+)?(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|uhr|h)?(?![A-Za-zÄÖÜäöüß])(?:\s+(today|tonight|tomorrow|heute|morgen|abends))?/gi;

/** The requested time as an instant (ISO), `null` for as soon as possible, or undefined when none. */
export function timeIn(text: string, timezone: string, now: Date): Found<string | null> | undefined {
  if (ASAP.test(text)) return { value: null, rest: text.replace(ASAP, ' ') };
  const rel = RELATIVE.exec(text);
  if (rel) {
    const n = /^\d+$/.test(rel[1]) ? Number(rel[1]) : /halb|half/i.test(rel[1]) ? 0.5 : 1;
    const minutes = /^(min|minute|minutes|mins|minuten)$/i.test(rel[2]) ? n : n * 60;
    return { value: new Date(now.getTime() + minutes * 60_000).toISOString(), rest: text.replace(rel[0], ' ') };
  }
  for (const m of text.matchAll(CLOCK)) {
    const [all, dayBefore, prep, h, mm, suffix, dayAfter] = m;
    // A bare number is a quantity; a time needs minutes, "am/pm/Uhr", or "at/um" before it.
    if (!mm && !suffix && !(prep && /^(at|um|gegen)$/i.test(prep))) continue;
    // "2 cokes 0.33", "Cola 0,5": a volume, not a time; "19.30" is a time only with "um", "at" or "Uhr".
    const dotted = /^\d{1,2}\.\d{2}/.test(all.replace(/^\D*/, ''));
    if (dotted && !suffix && !(prep && /^(at|um|gegen)$/i.test(prep))) continue;
    if (/^\s*(l|ltr|liter|litre|ml|cl)\b/i.test(text.slice((m.index ?? 0) + all.length))) continue;
    let hour = Number(h);
    const minute = mm ? Number(mm) : 0;
    if (hour > 23 || minute > 59) continue;
    if (/pm/i.test(suffix ?? '') && hour < 12) hour += 12;
    if (/am/i.test(suffix ?? '') && hour === 12) hour = 0;
    const day = `${dayBefore ?? ''} ${dayAfter ?? ''}`.toLowerCase();
    const local = localParts(now, timezone);
    const offset = /(ü|u)bermorgen/.test(day) ? 2 : /tomorrow|morgen/.test(day) ? 1 : 0;
    // "at 7" at lunchtime means seven in the evening.
    if (!suffix && !mm && hour < 12 && offset === 0 && hour * 60 <= local.minutes) hour += 12;
    if (/tonight|abends/.test(day) && hour < 12) hour += 12;
    const instant = zonedInstant(addDays(local, offset), hour * 60 + minute, timezone);
    return { value: instant.toISOString(), rest: text.replace(all, ' ') };
  }
  return undefined;
}

const CODE =
  /\b(?:discount code|promo ?code|code|gutschein(?:code)?|rabatt ?code|rabatt|coupon|voucher|promo)\s*:?\s*([A-Za-z0-9_-]{3,40})\b/i;

export function codeIn(text: string, menu: Menu | null): Found<string> | null {
  const m = CODE.exec(text);
  if (m && /\d|[A-Z]{3,}/.test(m[1])) return { value: m[1].toUpperCase(), rest: text.replace(m[0], ' ') };
  for (const p of menu?.promotions ?? []) {
    if (!p.code) continue;
    const re = new RegExp(`\\b${p.code.replace(/[-_]/g, '[-_ ]?')}\\b`, 'i');
    if (re.test(text)) return { value: p.code, rest: text.replace(re, ' ') };
  }
  return null;
}

// Letters of a street or city name; no "." (it ends a sentence: "…10115 Berlin. Ich zahle bar").
const W = "A-Za-zÄÖÜäöüßÀ-ÿ'’-";
const NAME = `[${W}]+(?:\\.(?=-))?[${W}]*`;
const DE_SUFFIX =
  '(?:stra(?:ß|ss)e|str\\.?|weg|platz|pl\\.|allee|gasse|ring|damm|ufer|chaussee|markt|steig|pfad|zeile|promenade|graben|berg|hof|brücke|brucke|kai|tor)';
const EN_SUFFIX =
  '(?:street|st\\.?|road|rd\\.?|lane|ln\\.?|avenue|ave\\.?|av\\.?|way|drive|dr\\.?|place|pl\\.?|close|crescent|terrace|row|square|sq\\.?|gardens|grove|hill|boulevard|blvd\\.?|court|ct\\.?|mews|walk|parkway|pkwy\\.?|highway|green|rise|yard|passage|embankment|broadway|circus|parade)';
const HOUSE = '\\d{1,4}(?:\\s?[a-zA-Z](?![a-zA-Z]))?(?:\\s?[-/]\\s?\\d{1,4})?';
/** "Torstraße 1", "Invalidenstr. 3", "Wiener Straße 5", "Karl-Marx-Allee 33a". */
const DE_STREET = new RegExp(
  `((?:${NAME}\\s+){0,3}[${W}]{3,}${DE_SUFFIX}|(?:${NAME}\\s+){1,3}${DE_SUFFIX})(?![${W}])\\s*(${HOUSE})(?![\\d])`,
  'i',
);
/** "250 Mott Street", "100 Brick Lane", "14 Upper St". */
const EN_STREET = new RegExp(
  `\\b(\\d{1,5}[a-zA-Z]?(?:\\s?[-–/]\\s?\\d{1,5}[a-zA-Z]?)?)\\s+((?:${NAME}\\s+){1,3}?${EN_SUFFIX})(?![${W}])`,
  'i',
);
/** Words no street name has between its number and "Street": "3 pizzas on the way" is no address. */
const NOT_EN_NAME =
  /\b(?:on|the|and|with|to|for|of|in|a|an|no|my|your|our|its|please|pizzas?|burgers?|cokes?|x|und|mit|cm|l|min|minutes?|oz|ounces?|inch(?:es)?|liters?|litres?|ml|cl|pcs?|pieces?|small|medium|large|xl|cans?|bottles?)\b/i;
/** After the street, the full address without a street word: "Unter den Linden 77, 10117 Berlin". */
const FULL = new RegExp(`((?:${NAME}\\s+){0,3}${NAME})\\s+(${HOUSE})\\s*,?\\s*(?=\\d{5}\\s+[A-ZÄÖÜ])`);
/** "Flat 2, " before the street. */
const UNIT = /(?:^|[\s,;:])((?:flat|apt\.?|apartment|unit|suite|wohnung|whg\.?|app\.?)\s*[\w-]{1,6})\s*,?\s*$/i;
const CITY = `[${W}]+(?:(?:[ -](?:am|an der|im|ob der|upon|on|de|del|la|le)?\\s?)[A-ZÄÖÜ][${W}]*)?`;
const CITY_WORDS = `[A-ZÄÖÜ][${W}]*(?:\\s[A-ZÄÖÜ][${W}]*)?`;
/** After the street: ", 10119 Berlin"; ", London E1 6RL"; ", New York, NY 10012"; ", Berlin". */
const TAILS: [RegExp, (m: RegExpExecArray) => Partial<Address>][] = [
  // Case-sensitive: a city's second word is capitalised ("10119 Berlin please" ends at "Berlin").
  [new RegExp(`^\\s*,?\\s*(?:[iI]n\\s+)?(\\d{4,5})\\s+(${CITY})`), (m) => ({ postalCode: m[1], city: m[2] })],
  [
    new RegExp(`^\\s*,?\\s*(${CITY_WORDS})\\s*,?\\s+([A-Z]{2})\\s+(\\d{5}(?:-\\d{4})?)\\b`),
    (m) => ({ city: `${m[1]}, ${m[2]}`, postalCode: m[3], country: 'US' }),
  ],
  [
    /^\s*,?\s*(?:([A-Za-z][A-Za-z' -]*?)\s*,?\s+)?([A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})\b/i,
    (m) => ({
      city: m[1]?.trim() || undefined,
      postalCode: m[2].toUpperCase().replace(/^(\S+?)\s?(\d\w\w)$/, '$1 $2'),
    }),
  ],
  [/^\s*,\s*(\d{4,5})(?![\d])/, (m) => ({ postalCode: m[1] })],
  [new RegExp(`^\\s*,\\s*(${CITY_WORDS})(?=\\s*(?:$|[,.;!?\\n]))`), (m) => ({ city: m[1] })],
];
/** Words before a street's name that are never part of it ("ich wohne in der …", "Lieferadresse: …"). */
const NOT_STREET = new Set(
  (
    'ich wir bitte please and und the der die das den dem des in an am im at to nach zu zur zum i my mein meine ' +
    'meiner is ist sind bin liefern liefert lieferung lieferadresse adresse address deliver delivery wohne wohnen ' +
    'lautet live lives staying hi hallo hello hey sie uns mir bei auf for an ans ins into unto on'
  ).split(' '),
);
/** Capitalised, these begin German street names: "Am Kupfergraben", "Unter den Linden", "Zur Linde". */
const STREET_START = new Set(['am', 'an', 'im', 'zum', 'zur', 'auf', 'unter', 'hinter', 'vor', 'alt', 'alte', 'neue']);
/** Articles inside a name, between capitalised words: "Unter den Linden", "Platz der Republik". */
const INNER = new Set(['den', 'der', 'des', 'dem']);
const capital = (w: string) => /^[A-ZÄÖÜ]/.test(w);

/**
 * The words of a street's name, from the right: the regex takes up to three words before "…straße", and
 * only those that are the name's stay. In a message with capitals, a lowercase word ends the name ("ich
 * wohne in der Kastanienallee"); in an all-lowercase one, only words that read like a street's adjective
 * ("kottbusser damm", "alte jakobstraße") stay.
 */
function streetWords(words: string[], lowercase: boolean): string[] {
  const kept: string[] = [words[words.length - 1]];
  for (let i = words.length - 2; i >= 0; i--) {
    const w = words[i];
    const low = w.toLowerCase();
    if (capital(w) && STREET_START.has(low)) kept.unshift(w);
    else if (INNER.has(w) && i > 0 && capital(words[i - 1]) && !NOT_STREET.has(words[i - 1].toLowerCase()))
      kept.unshift(w);
    else if (NOT_STREET.has(low)) break;
    else if (lowercase ? /(?:er|e)$/.test(w) : capital(w)) kept.unshift(w);
    else break;
  }
  return kept;
}

interface Street {
  line1: string;
  start: number;
  end: number;
}

/** The street read by a regex whose group 1 is the name, with words of the sentence before it. */
function named(text: string, m: RegExpExecArray, house: string): Street | null {
  const lowercase = !/[A-ZÄÖÜ]/.test(text);
  const words = streetWords(m[1].trim().split(/\s+/), lowercase);
  const name = words.join(' ');
  if (/^\d|^$/.test(name)) return null;
  const start = m.index + m[0].lastIndexOf(name, m[0].length - m[2].length);
  return { line1: `${name} ${house.replace(/\s+/g, '')}`, start, end: m.index + m[0].length };
}

function streetAt(text: string): Street | null {
  const de = DE_STREET.exec(text);
  const found = EN_STREET.exec(text);
  // "3 pizzas on the way" names no street: function words and dishes are not a street's name.
  const en = found && !NOT_EN_NAME.test(found[2].replace(new RegExp(`${EN_SUFFIX}$`, 'i'), '')) ? found : null;
  const pick = de && (!en || de.index <= en.index) ? 'de' : en ? 'en' : null;
  if (pick === 'de' && de) return named(text, de, de[2]);
  if (pick === 'en' && en) return { line1: `${en[1]} ${en[2]}`, start: en.index, end: en.index + en[0].length };
  const full = FULL.exec(text);
  return full ? named(text, full, full[2]) : null;
}

/** Postal code and city before the street: "10119 Berlin, Torstraße 1", "liefern nach 10115 Berlin, …". */
const TOWN_BEFORE = new RegExp(`(?:^|[\\s,:;])(\\d{4,5})\\s+(${CITY})\\s*,\\s*$`);

/**
 * The postal code and city written before the street: after a comma ("10119 Berlin, Torstraße 1"), or
 * without one, when the street's name then begins with the city ("10999 Berlin Wiener Str. 5").
 */
function townBefore(text: string, street: Street) {
  const before = text.slice(0, street.start);
  const comma = TOWN_BEFORE.exec(before);
  if (comma) {
    const start = comma.index + comma[0].indexOf(comma[1]);
    return { value: { postalCode: comma[1], city: comma[2].trim() }, line1: street.line1, start };
  }
  const code = /(?:^|[\s,:;])(\d{4,5})\s+$/.exec(before);
  const [city, ...rest] = street.line1.split(' ');
  if (!code || rest.length < 2) return null;
  const start = code.index + code[0].indexOf(code[1]);
  return { value: { postalCode: code[1], city }, line1: rest.join(' '), start };
}

/**
 * A street address written out: "Torstraße 1, 10119 Berlin", "Invalidenstr. 3", "250 Mott Street, New
 * York, NY 10012", "Flat 2, 14 Upper Street, London N1 0PQ". Only the address is taken: the sentence
 * after it ("… Berlin. Ich zahle bar.") stays in the rest.
 */
export function addressIn(text: string): Found<Partial<Address>> | null {
  const street = streetAt(text);
  if (!street) return null;
  const value: Partial<Address> = { line1: street.line1 };
  let { start, end } = street;
  const town = townBefore(text, street);
  if (town) {
    Object.assign(value, town.value);
    value.line1 = town.line1;
    start = town.start;
  }
  const unit = UNIT.exec(text.slice(0, start));
  if (unit) {
    value.line2 = unit[1].replace(/\s+/g, ' ');
    start = text.slice(0, start).lastIndexOf(unit[1]);
  }
  for (const [re, read] of TAILS) {
    const m = re.exec(text.slice(end));
    if (!m) continue;
    for (const [k, v] of Object.entries(read(m)))
      if (typeof v === 'string' && v) (value as Record<string, string>)[k] = v.trim();
    end += m[0].length;
    break;
  }
  return { value, rest: `${text.slice(0, start)} ${text.slice(end)}` };
}

/** A postal code on its own: German/US five digits, a full GB postcode, or four digits after "PLZ"/"in". */
const POSTAL =
  /(?<![\d,.:])\b(\d{5}|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})\b(?![\d,.:])|\b(?:plz|postleitzahl|postal code|postcode|zip|in)\s*:?\s*(\d{4})\b(?![\d,.:])/i;

/** The postal code a message gives: an address's, else one written alone ("Ich wohne in 10115"). */
export function postalCodeIn(text: string): Found<string> | null {
  const address = addressIn(text);
  if (address?.value.postalCode) return { value: address.value.postalCode, rest: address.rest };
  const m = POSTAL.exec(text);
  if (!m) return null;
  const code = (m[1] ?? m[2]).toUpperCase();
  return { value: code, rest: text.replace(m[0], ' ') };
}

const DOOR =
  /\b(ring|klingel\w*|door|t(ü|u)r|hinterhof|back ?door|backyard|floor|stock|etage|stockwerk|intercom|gate|doorbell|knock|klopf\w*|hinterhaus|seiteneingang|side entrance|buzzer)\b/i;

/** A delivery instruction ("ring the back door", "3. Stock, bitte klingeln"). */
export function deliveryNoteIn(text: string): string | null {
  const sentence = text.split(/(?<=[.!?])\s+|\n/).find((s) => DOOR.test(s));
  return sentence
    ? sentence
        .trim()
        .replace(/^(please|bitte)\s+/i, '')
        .replace(/[.!]+$/, '')
    : null;
}

const REMEMBER =
  /^(?:.*?\b(?:please )?(?:remember|keep in mind|note|save)(?: that)?|.*?\bmerk(?:e|en|t)? (?:dir|euch|sie|es)(?: sich| uns| mir)?(?:,)?(?: bitte)?(?:,)?(?: dass)?|.*?\bnotier\w*(?: bitte)?(?:,)?(?: dass)?)[:,]?\s*/i;

/** What the customer wants remembered about them ("remember: no onions" → "no onions"). */
export function noteToRemember(text: string): string {
  const note = text
    .replace(REMEMBER, '')
    .trim()
    .replace(/[.!]+$/, '');
  return note || text.trim();
}
