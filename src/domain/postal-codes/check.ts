/**
 * Which postal codes and prefixes a delivery zone may list, by the location's country. Full codes are
 * checked with `postcode-validator`; a prefix (`101*`) must be the start of some code of the country's
 * shape. Countries the validator does not know get a loose rule: 2–10 letters, digits, spaces, hyphens.
 */
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { normalizePostalCode } from './match.js';

/** Longest code any country uses, separators not counted (e.g. US ZIP+4 is 9). */
const MAX_CHARS = 10;
const LOOSE_CODE = /^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$/;
const CHARS = /^[A-Z0-9 -]*$/;

/** How a code is stored: trimmed, upper-case, whitespace runs as one space, none before a final `*`. */
export const canonicalPostalCode = (code: string): string =>
  code.trim().replace(/\s+/g, ' ').replace(/ \*$/, '*').toUpperCase();

/**
 * The country's regular expressions do not answer "could this start a code?", so a prefix is completed
 * with stand-in characters (a digit or a letter at each further place, a separator at any one place) until
 * some completion is a valid code. Codes are at most MAX_CHARS long, so this ends; a real prefix finds its
 * completion in a few tries, only junk walks the whole space (a few thousand tests).
 */
function completes(country: string, chars: string, maxTail: number): boolean {
  const valid = (s: string) => postcodeValidator(s, country);
  const withSeparator = (s: string) => {
    if (valid(s)) return true;
    for (let i = 1; i < s.length; i++) {
      if (valid(`${s.slice(0, i)} ${s.slice(i)}`) || valid(`${s.slice(0, i)}-${s.slice(i)}`)) return true;
    }
    return false;
  };
  const tails = (s: string, left: number): boolean =>
    withSeparator(s) || (left > 0 && (tails(`${s}1`, left - 1) || tails(`${s}A`, left - 1)));
  return tails(chars, maxTail);
}

/** Why `code` (canonical) cannot be listed for a location in `country`; null when it can. */
export function postalCodeProblem(country: string, code: string): string | null {
  const prefix = code.endsWith('*');
  const body = prefix ? code.slice(0, -1) : code;
  if (body.includes('*')) return `'${code}': a '*' may only end a prefix, as in '101*'.`;
  if (!CHARS.test(body)) return `'${code}' may hold only letters, digits, spaces and hyphens.`;
  const chars = normalizePostalCode(body);
  if (chars === '') {
    return prefix ? `'${code}': a prefix needs at least one letter or digit before '*'.` : 'A postal code is empty.';
  }
  if (chars.length > MAX_CHARS) return `'${code}' is longer than any postal code.`;
  const known = postcodeValidatorExistsForCountry(country);
  if (prefix) {
    if (known ? completes(country, chars, MAX_CHARS - chars.length) : chars.length < MAX_CHARS) return null;
    return `'${code}' does not begin any postal code of ${country}.`;
  }
  if (known ? postcodeValidator(code, country) || completes(country, chars, 0) : LOOSE_CODE.test(code)) return null;
  return `'${code}' is not a postal code of ${country}.`;
}
