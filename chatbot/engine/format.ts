/** Money, times and days as the customer reads them, in the answer's language and the location's zone. */
import type { Lang, Money } from '../payload-types.js';
import { addDays, localParts } from './time/zone.js';

const LOCALE: Record<Lang, string> = { en: 'en-GB', de: 'de-DE' };
const money = new Map<string, { f: Intl.NumberFormat; digits: number }>();

/** "€12.50" / "12,50 €", with plain spaces (some chat apps show a no-break space as a box). */
export function formatMoney(m: Money, lang: Lang): string {
  const key = `${lang}:${m.currency}`;
  let c = money.get(key);
  if (!c) {
    let f: Intl.NumberFormat;
    try {
      f = new Intl.NumberFormat(LOCALE[lang], { style: 'currency', currency: m.currency || 'EUR' });
    } catch {
      f = new Intl.NumberFormat(LOCALE[lang], { style: 'currency', currency: 'EUR' });
    }
    // resolvedOptions() builds a new object per call: read the digits once.
    c = { f, digits: f.resolvedOptions().maximumFractionDigits ?? 2 };
    money.set(key, c);
  }
  return c.f.format(m.amount / 10 ** c.digits).replace(/[\u00a0\u202f]/g, ' ');
}

/** Minor units of an amount given in major units ("12.50" → 1250) for the currency. */
export function minorUnits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
export const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;

export function formatTime(instant: Date, timezone: string): string {
  return hhmm(localParts(instant, timezone).minutes);
}

const WEEKDAYS: Record<Lang, string[]> = {
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  de: ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'],
};
export const weekdayName = (weekday: number, lang: Lang) => WEEKDAYS[lang][weekday];

/** "today", "tomorrow", "on Friday", "on 24/12" for an instant, seen from `now`. */
export function formatDay(instant: Date, now: Date, timezone: string, lang: Lang): string {
  const a = localParts(instant, timezone);
  const today = localParts(now, timezone);
  for (let d = 0; d < 7; d++) {
    const day = addDays(today, d);
    if (day.year === a.year && day.month === a.month && day.day === a.day) {
      if (d === 0) return lang === 'de' ? 'heute' : 'today';
      if (d === 1) return lang === 'de' ? 'morgen' : 'tomorrow';
      return lang === 'de' ? `am ${WEEKDAYS.de[a.weekday]}` : `on ${WEEKDAYS.en[a.weekday]}`;
    }
  }
  return lang === 'de' ? `am ${a.day}.${a.month}.` : `on ${a.day}/${a.month}`;
}

/** "today at 18:30" / "heute um 18:30 Uhr". */
export function formatWhen(instant: Date, now: Date, timezone: string, lang: Lang): string {
  const time = formatTime(instant, timezone);
  return `${formatDay(instant, now, timezone, lang)} ${lang === 'de' ? `um ${time} Uhr` : `at ${time}`}`;
}

/** A date of a special closing: "24/12" / "24.12.". */
export function formatDate(instant: Date, timezone: string, lang: Lang): string {
  const p = localParts(instant, timezone);
  return lang === 'de' ? `${p.day}.${p.month}.` : `${p.day}/${p.month}`;
}
