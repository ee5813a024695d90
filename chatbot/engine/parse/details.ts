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
    /\b(for )?(pick[ -]?up|collection|take[ -]?away|to go)\b|\bi('ll| will) (collect|pick (it|them) up)\b|\b(zum |zur )?(abholen|abholung|mitnehmen)\b|\bhole (es|sie|das|ich) (selbst |selber )?ab\b/,
    'collection',
  ],
  [
    /\b(to )?(eat in|dine in|eat (there|at the restaurant)|in the restaurant)\b|\b(vor ort( essen)?|im restaurant( essen)?|hier essen|dort essen)\b/,
    'eat_in',
  ],
];

export const serviceIn = (text: string) => lastMatch(text, SERVICE);

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
  [/\b(pay(ing)? online|online payment|paypal|apple pay|google pay|online (zahlen|bezahlen)|per paypal)\b/, 'online'],
];

export const paymentIn = (text: string) => lastMatch(text, PAYMENT);

const ASAP =
  /\b(asap|as soon as possible|right now|straight away|so schnell wie m(o|ö)glich|so bald wie m(o|ö)glich|sofort|schnellstm(o|ö)glich)\b/i;
const RELATIVE = /\bin (\d{1,3}|an?|einer|half an|einer halben) ?(min|mins|minutes?|minuten|stunden?|hours?)\b/i;
const CLOCK =
  /\b(?:(today|tonight|tomorrow|heute|morgen|(?:ü|u)bermorgen)\s+)?(?:(at|um|for|gegen|by|f(?:ü|u)r)\s+)?(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|uhr|h)?\b(?:\s+(today|tonight|tomorrow|heute|morgen|abends))?/gi;

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

const L = "A-Za-zÄÖÜäöüßéèáàóòíñç'.-";
const STREET_SUFFIX =
  '(?:stra(?:ß|ss)e|str\\.|weg|platz|allee|gasse|ring|damm|ufer|chaussee|street|st\\.|road|rd\\.|avenue|ave\\.|lane|way|drive)';
const FULL = new RegExp(
  `([${L}]+(?:\\s+[${L}]+){0,3})\\s+(\\d{1,4}\\s?[a-zA-Z]?)\\s*,?\\s*(\\d{4,5})\\s+([${L}]+(?:[ -][${L}]+)?)`,
);
const STREET = new RegExp(`([${L}]*${STREET_SUFFIX}|[${L}]+\\s+${STREET_SUFFIX})\\s+(\\d{1,4}\\s?[a-zA-Z]?)\\b`, 'i');
const LEAD =
  /^(?:.*\b(?:deliver(?:y)? to|address(?: is)?|adresse(?: ist)?|liefer(?:n|ung)? (?:an|nach|zu)|lieferadresse|to|an|nach|in der|in the)\s+)/i;

/** A street address written out: "Torstraße 1, 10119 Berlin" or "Invalidenstr. 3". */
export function addressIn(text: string): Found<Partial<Address>> | null {
  const full = FULL.exec(text);
  if (full) {
    const street = full[1].replace(LEAD, '').trim();
    if (street) {
      return {
        value: { line1: `${street} ${full[2].trim()}`, postalCode: full[3], city: full[4].trim() },
        rest: text.replace(full[0], ' '),
      };
    }
  }
  const street = STREET.exec(text);
  if (street) {
    return {
      value: { line1: `${street[1].replace(LEAD, '').trim()} ${street[2].trim()}` },
      rest: text.replace(street[0], ' '),
    };
  }
  return null;
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
