/**
 * What a message asks for, from English and German keywords on folded text (ä → a). Several may hold at
 * once ("two pizzas for delivery, when are you open?"); the engine decides the order in which to act.
 */
import { fold } from '../text/normalize.js';

const R = (source: string) => new RegExp(source);

const PATTERNS = {
  greeting: R(
    '^(hi|hello|hey|hallo|hallochen|moin|servus|gruss gott|gruezi|guten (tag|morgen|abend)|good (morning|evening|afternoon)|hola|ciao)\\b',
  ),
  thanks: R('\\b(thanks|thank you|thx|danke|dankeschon|vielen dank|merci)\\b'),
  yes: R(
    '^(yes|yeah|yep|yup|sure|ok|okay|correct|right|confirm|confirmed|go ahead|please do|do it|place it|ja|jawohl|jo|genau|gerne|gern|passt|stimmt|richtig|bestatigen|bestatige|klar|alles klar|mach(e)? (es|das)|bitte bestellen)\\b',
  ),
  no: R('^(no|nope|nah|nein|ne|nee|lieber nicht|not yet|noch nicht|keep it|behalten)\\b'),
  ordering: R(
    "\\b(i('d| would)? like|i want|i'?ll have|(can|could|may) (i|we) (please |pls )?(have|get|order|grab)|let me (have|get)|give me|i('ll)? take|we('d| would) like|(how|what) about (a|an|one|two|three|four|some|\\d+)|ich (hatte|mochte|nehme|will|bestelle|krieg|kriege|bekomme)|wir (hatten|mochten|nehmen|bestellen)|fur mich|bitte (eine?n?|zwei|drei)|add|dazu|(kann|konnte|konnen|konnten|durfte) (ich|wir) [^?.!]{0,80}\\b(haben|bekommen|kriegen|bestellen)|(krieg|kriege|bekomm|bekomme) ich)\\b",
  ),
  menu: R(
    '\\b(menu|speisekarte|karte|(what|which) (\\w+ )?do you (have|serve|offer|sell)|what have you got|what (\\w+ )?(are there|is there)|(was|welche) (fur )?(\\w+ )?(habt|gibt es|bietet|hast)|what can i (order|eat|get))\\b',
  ),
  unavailable: R(
    '\\b(unavailable|not available|sold out|out of stock|ausverkauft|nicht (verfugbar|da|lieferbar|bestellbar)|vergriffen)\\b',
  ),
  hours: R(
    '\\b(open|opened|opening|hours|close|closes|closing time|offnungszeit|offnungszeiten|offen|geoffnet|(habt|hat|ist|seid) (ihr |sie )?(heute |jetzt |noch |morgen )?auf|schliesst|schliessen|wann (habt|haben|hat|seid))\\b',
  ),
  week: R(
    '\\b(week|woche|weekly|days|tage|opening hours|offnungszeit|offnungszeiten|which days|welche tage|monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|weekend|wochenende)\\b',
  ),
  today: R('\\b(today|tonight|heute|heut|this evening|heute abend)\\b'),
  closings: R(
    '\\b(holiday|holidays|special closing|christmas|easter|new year|weihnachten|ostern|silvester|neujahr|feiertag|feiertage|feiertagen|urlaub|betriebsferien|ruhetag|vacation)\\b',
  ),
  address: R(
    '\\b(address|adresse|anschrift|where are you|where is the restaurant|wo (seid|sind|ist|finde)|how do i (get|find)|find you)\\b',
  ),
  contact: R(
    '\\b(phone|telefon|telefonisch|telefonnummer|call you|ring you|anrufen|email|e mail|contact|kontakt|kontaktieren|number|nummer|reach (you|u|the restaurant|someone|somebody)|get (in touch|hold of)|erreichen|erreichbar|erreiche|erreich)\\b',
  ),
  services: R(
    '\\b(pick ?up|collect|collection|take ?away|takeaway|eat in|dine in|abhol|abholen|abholung|mitnehmen|vor ort|im restaurant essen)\\b',
  ),
  delivery: R(
    '\\b(deliver|delivers|delivery|liefern|liefert|lieferung|lieferst|zone|zones|area|liefergebiet|gebiet|fee|fees|gebuhr|liefergebuhr|versand)\\b',
  ),
  minimum: R('\\b(minimum|mindestbestellwert|mindest|mindestens bestellen)\\b'),
  payment: R(
    '\\b(pay|payment|paying|zahlen|bezahlen|zahlung|bezahlung|paypal|cash|credit card|kartenzahlung|bar zahlen)\\b',
  ),
  promotions: R(
    '\\b(offers?|deals?|discounts?|promo|promos|promotion|promotions|coupon|voucher|angebot|angebote|rabatt|rabatte|gutschein|aktion|aktionen)\\b',
  ),
  status: R(
    '\\b(status|where is my|wheres my|track|tracking|wo (ist|bleibt) (meine|mein|das|die)|how long|wie lange|when will (it|my order|the food)|wann kommt|is my order|ist meine bestellung|stand (meiner|der) bestellung)\\b',
  ),
  repeat: R(
    '\\b(repeat( my)?( last)? order|same( order)? (as|again)|order (it )?again|the usual|same as (last time|before)|wie letztes mal|wie immer|das ubliche|(noch ?mal|nochmal|erneut) (das gleiche|dasselbe|bestellen)|bestellung wiederholen|wiederholen|letzte bestellung)\\b',
  ),
  history: R(
    '\\b(what (did|have) (i|we) (order|ordered|had|have|get|got)( (last|before|previously|the last time|last time))?|what (was|were) (my|our) (last|previous|recent|past)( \\w+)? orders?|(my|our) (last|previous|recent|past|earlier|old) (\\w+ )?orders|order history|ordering history|past orders|previous orders|recent orders|orders (i|we) (placed|made|had)|was (habe|hab|hatte|hatten) (ich|wir) (letztes mal|das letzte mal|zuletzt|beim letzten mal|fruher|bisher|schon)?\\s*(bestellt|gehabt)|was (war|waren) (meine|unsere) (letzte|letzten|vorherige|vorherigen|bisherigen) bestellung(en)?|(meine|unsere) (letzten|bisherigen|vorherigen|fruheren|alten) bestellungen|bestellverlauf|bestellhistorie|bestellubersicht|alte bestellungen|fruhere bestellungen|bisherige bestellungen)\\b',
  ),
  cancel: R('\\b(cancel|cancell?ed|stornier\\w*|storno|abbestellen|zuruckziehen)\\b'),
  clear: R(
    '\\b(start over|start again|clear|empty (my|the) (cart|basket|order)|reset|von vorne|neu anfangen|alles loschen|leeren)\\b',
  ),
  remove: R(
    "\\b(remove|delete|take (off|out|away)|drop|entfern\\w*|streich\\w*|weglassen|raus|losch\\w*|don'?t want|do not want|doch kein\\w*|doch nicht|will kein\\w*|mochte kein\\w*)\\b",
  ),
  checkout: R(
    "\\b(checkout|check out|that'?s (all|it|everything)|nothing else|i'?m done|done|finish|fertig|das wars?|das ist alles|sonst nichts|nichts weiter|zur kasse|kasse|order now|jetzt bestellen|place (the |my )?order|send (the |my )?order|bestellung (aufgeben|abschicken|absenden)|abschicken|absenden|aufgeben|total|summe|gesamtbetrag|what do i owe|was kostet (das|alles)|how much is (it|that|everything))\\b",
  ),
  remember: R(
    '\\b(remember|keep in mind|note that|save (this|that)|merk(e|en|t)? (dir|euch|es|sie)|notier\\w*|speicher\\w*|always|immer|allergic|allergisch|allergie|unvertraglich\\w*)\\b',
  ),
  switchLocation: R(
    '\\b((switch|change|other|another|different) (restaurant|location|branch|store)|(restaurant|filiale|standort) wechseln|(anderes|andere|anderen) (restaurant|filiale|standort))\\b',
  ),
  help: R('\\b(help|hilfe|what can you do|was kannst du|was konnen sie)\\b'),
  question: R(
    '\\?\\s*$|^(what|which|when|where|how|why|do|does|is|are|can(?! of\\b)|could|have|has|will|wann|was|wo|wie|welche|welcher|welches|warum|habt|haben|hat|gibt|ist|sind|kann|kannst|konnt|liefert (?:ihr|sie|du)|liefern (?:sie|ihr)|hast|seid|macht|bietet)\\b',
  ),
  price: R('\\b(how much|price|prices|cost|costs|kostet|kosten|preis|preise)\\b'),
  details: R(
    '\\b(what is|whats|what s|what.s in|ingredients|zutaten|was ist (auf|in|drauf)|tell me about|options|optionen|sizes|grossen|toppings|belag|belage|contain|contains|enthalt|enthalten|drin|allergen|allergene|allergens)\\b',
  ),
};

export type IntentName = keyof typeof PATTERNS;

/** Words of a status question besides "how long": an order, its food, its way here. */
const STATUS_WORDS =
  /\b(status|order|orders|food|my|meine?|bestellung|essen|take|dauert|dauern|brauch\w*|kommt|arrive|deliver\w*|liefer\w*|ready|fertig|track|where)\b/;

/**
 * The wish to order and nothing else: "Bestellen", "I want to order", "ich möchte gern bestellen". The
 * customer asks where to begin: the answer is the menu, not "not understood".
 */
export function onlyWantsToOrder(text: string): boolean {
  const w = fold(text)
    .replace(/[’`]/g, "'")
    .split(/[^a-z']+/)
    .filter(Boolean);
  const wish = w.some((x) => /^(order|ordering|bestellen|bestelle|bestellung|ordern)$/.test(x));
  return wish && w.every((x) => WISH_WORDS.has(x));
}

// biome-ignore format: a word list
const WISH_WORDS = new Set([
  'order', 'ordering', 'bestellen', 'bestelle', 'bestellung', 'ordern', 'i', "i'd", "i'm", 'id', 'im', 'we', "we'd",
  'want', 'wanna', 'would', 'like', 'to', 'an', 'a', 'something', 'some', 'food', 'please', 'can', 'could', 'may',
  'now', 'start', 'make', 'place', 'new', 'let', "let's", 'lets', 'me', 'hi', 'hello', 'hey', 'ok', 'okay', 'yes',
  'ich', 'wir', 'mochte', 'mochten', 'will', 'wollen', 'wurde', 'wurden', 'gern', 'gerne', 'bitte', 'etwas', 'was',
  'jetzt', 'kann', 'konnen', 'konnte', 'eine', 'neue', 'aufgeben', 'hallo', 'moin', 'servus', 'ja', 'essen', 'mal',
  'go', 'ahead', 'ready', 'to', 'am', 'are', 'möchte', 'hatte', 'gleich', 'direkt',
]);

export function intentsOf(text: string): Set<IntentName> {
  const folded = fold(text).replace(/[’`]/g, "'").trim();
  const found = new Set<IntentName>();
  for (const [name, re] of Object.entries(PATTERNS) as [IntentName, RegExp][]) if (re.test(folded)) found.add(name);
  // "how long are you open?" asks for the hours, not for an order's status ("how long will it take?").
  if (found.has('status') && found.has('hours') && !STATUS_WORDS.test(folded)) found.delete('status');
  // "what did I order last time?" lists the orders; repeating them needs words that ask for it.
  if (found.has('history') && !/\b(again|nochmal|noch ?mal|erneut|wiederholen|same|gleiche|dasselbe)\b/.test(folded)) {
    found.delete('repeat');
    found.delete('status');
  }
  // "yes"/"no" only count as answers when the message is short.
  if (folded.split(/\s+/).length > 6) {
    found.delete('yes');
    found.delete('no');
  }
  return found;
}

const TAGS: [RegExp, string][] = [
  [/\b(vegan\w*)\b/, 'vegan'],
  [/\b(vegetarian|vegetarisch\w*|veggie)\b/, 'vegetarian'],
  [/\b(gluten ?free|glutenfrei\w*)\b/, 'gluten_free'],
  [/\b(lactose ?free|laktosefrei\w*|dairy ?free)\b/, 'lactose_free'],
  [/\b(halal)\b/, 'halal'],
  [/\b(kosher|koscher)\b/, 'kosher'],
  [/\b(spicy|scharf\w*|hot dishes)\b/, 'spicy'],
];

const ALLERGENS: [RegExp, string][] = [
  [/\b(gluten|wheat|weizen)\b/, 'gluten'],
  [/\b(peanuts?|erdnuss\w*)\b/, 'peanuts'],
  [/\b(nuts?|tree nuts|nuss|nusse|nussen|schalenfrucht\w*)\b/, 'nuts'],
  [/\b(milk|dairy|lactose|milch|laktose)\b/, 'milk'],
  [/\b(eggs?|eier|ei)\b/, 'eggs'],
  [/\b(shellfish|crustaceans?|shrimps?|prawns?|krebstiere|garnelen|krabben)\b/, 'crustaceans'],
  [/\b(fish|fisch)\b/, 'fish'],
  [/\b(soy|soya|soja)\b/, 'soybeans'],
  [/\b(sesame|sesam)\b/, 'sesame'],
  [/\b(celery|sellerie)\b/, 'celery'],
  [/\b(mustard|senf)\b/, 'mustard'],
  [/\b(sulphites?|sulfites?|sulfite|schwefel)\b/, 'sulphites'],
  [/\b(lupin|lupine|lupinen)\b/, 'lupin'],
  [/\b(molluscs?|mussels?|muscheln|weichtiere)\b/, 'molluscs'],
];

export function dietaryTag(text: string): string | null {
  const folded = fold(text);
  return TAGS.find(([re]) => re.test(folded))?.[1] ?? null;
}

export function allergenIn(text: string): string | null {
  const folded = fold(text);
  return ALLERGENS.find(([re]) => re.test(folded))?.[1] ?? null;
}

/** "without nuts", "nut free", "ohne Nüsse": the customer wants dishes free of an allergen. */
export function freeOf(text: string): string | null {
  const folded = fold(text);
  const allergen = allergenIn(folded);
  if (!allergen) return null;
  return /\b(without|free|no|ohne|frei|kein\w*|allergic|allergisch|allergie)\b/.test(folded) ? allergen : null;
}
