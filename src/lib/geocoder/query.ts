/** A typed address as the geocoder's request parameters and as the cache's key. */
import type { AddressQuery } from './types.js';

/** Lower case, one space for any run of whitespace, trimmed, Unicode NFC: how people's typing varies. */
export const normalizeText = (s: string | null | undefined): string =>
  (s ?? '').normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

/** The four fields normalised; two addresses typed differently but meaning the same give the same text. */
export function normalizedQuery(q: AddressQuery): string {
  return JSON.stringify([q.line_1, q.postal_code, q.city, q.country].map(normalizeText));
}

/** True when nothing was given to search for. */
export const isEmptyQuery = (q: AddressQuery): boolean =>
  [q.line_1, q.postal_code, q.city].every((v) => normalizeText(v) === '');

const isCountryCode = (c: string) => /^[a-z]{2}$/i.test(c);

// A house number is written after the street in most of Europe, before it in the UK, France or the US.
const NUMBER_AT_END = /(?:^|\s)(\d+\s?[a-z]?(?:\s?[-/]\s?\d+\s?[a-z]?)?)$/i;
const NUMBER_AT_START = /^(\d+[a-z]?(?:[-/]\d+[a-z]?)?)(?:\s|,)/i;

/** The house number in a street line (`Torstraße 1`, `12 Baker Street`, `Hauptstr. 5 a`), or null. */
export function houseNumberOf(line: string | null | undefined): string | null {
  const s = normalizeText(line).replace(/[,.;]+$/, '');
  const m = NUMBER_AT_END.exec(s) ?? NUMBER_AT_START.exec(s);
  return m ? m[1].replace(/\s/g, '') : null;
}

export const sameHouseNumber = (a: string, b: string): boolean =>
  normalizeText(a).replace(/\s/g, '') === normalizeText(b).replace(/\s/g, '');

/** Equal without spaces, or one the start of the other: a UK outward code (`NW1`) against the full code. */
export function postcodesCompatible(asked: string, found: string): boolean {
  const a = normalizeText(asked).replace(/\s/g, '');
  const b = normalizeText(found).replace(/\s/g, '');
  return a === b || (a.length >= 2 && b.length >= 2 && (a.startsWith(b) || b.startsWith(a)));
}

/**
 * Nominatim's search parameters: a structured query when more than the line is known (faster, and a
 * postcode or city cannot be misread as part of the street), free-form `q` when only a line is. A country
 * code restricts the search (`countrycodes`); a country's name is the structured `country`.
 */
export function nominatimParams(q: AddressQuery): URLSearchParams {
  const params = new URLSearchParams({ format: 'jsonv2', addressdetails: '1', limit: '5' });
  const line = q.line_1?.trim() || '';
  const postcode = q.postal_code?.trim() || '';
  const city = q.city?.trim() || '';
  const country = q.country?.trim() || '';
  const code = isCountryCode(country) ? country.toLowerCase() : '';
  if (!postcode && !city && (code || !country)) {
    params.set('q', line);
  } else {
    if (line) params.set('street', line);
    if (postcode) params.set('postalcode', postcode);
    if (city) params.set('city', city);
    if (country && !code) params.set('country', country);
  }
  if (code) params.set('countrycodes', code);
  return params;
}

/** Photon's `/api` takes free-form text only. */
export function photonParams(q: AddressQuery): URLSearchParams {
  const place = [q.postal_code, q.city]
    .map((v) => v?.trim())
    .filter(Boolean)
    .join(' ');
  // A bare country code is a poor search word; a country's name helps.
  const country = q.country?.trim() && !isCountryCode(q.country.trim()) ? q.country.trim() : '';
  const text = [q.line_1?.trim(), place, country].filter(Boolean).join(', ');
  return new URLSearchParams({ q: text, limit: '5' });
}
