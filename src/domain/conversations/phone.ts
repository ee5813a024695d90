/**
 * Phone numbers through libphonenumber-js, Google's libphonenumber metadata in JavaScript: the dialling
 * codes, trunk prefixes, international call prefixes and number ranges of every country, kept up to date
 * by the package rather than by hand.
 *
 * The 'max' metadata, deliberately. 'min' (the package's default) knows each country's possible lengths
 * and one pattern for all its numbers, so it takes any number of the right length: `0123 456789` in DE
 * (there is no area code 012), `11 9123 4567` in BR (a São Paulo mobile has had nine digits since 2012),
 * `(212) 555-0100` in MX or `020 7946 0321` in DE all pass. 'max' also holds the ranges of each kind of
 * number (fixed line, mobile, toll-free…) and refuses those. Its size (157 kB against 83 kB) costs a
 * server nothing. 'mobile' adds only the mobile ranges to 'min', so a fixed line, what a restaurant usually
 * has, would be checked no better than by 'min'.
 */
import {
  type CountryCode,
  isSupportedCountry,
  ParseError,
  type PhoneNumber,
  parsePhoneNumberWithError,
  validatePhoneNumberLength,
} from 'libphonenumber-js/max';
import { boundedMemo } from '../../lib/bounded-memo.js';

/** Why a phone number was refused, in words a caller can act on. */
export class PhoneError extends Error {}

// Spaces, dashes, dots, slashes and brackets are how people write numbers; none of them is part of one.
const SEPARATORS = /[\s\-./()\u00a0]/g;
// All a number may hold once its separators are gone: an optional leading + and digits (`(+41) 44 …` is
// `+4144…`). libphonenumber would also read extensions (`ext 2`, `x12`) and letters (`1-800-FLOWERS`);
// neither is a number one can store.
const WRITTEN = /^\+?\d+$/;
// "+49 (0) 170 …": the trunk zero written after the country code, which an international number drops.
const TRUNK_AFTER_CODE = /^(\+\d{1,3})\s*\(0\)/;

/** The number without separators, or a PhoneError when it is empty, too long or holds anything else. */
function compact(input: string): string {
  const raw = input.trim();
  if (raw.length === 0) throw new PhoneError('The phone number is empty.');
  if (raw.length > 40) throw new PhoneError('The phone number is too long.');
  const number = raw.replace(TRUNK_AFTER_CODE, '$1').replace(SEPARATORS, '');
  if (!WRITTEN.test(number)) throw new PhoneError('A phone number holds digits only (after an optional +).');
  return number;
}

/** libphonenumber's reading of an international number (`+` and digits), or undefined when it has none. */
function parseInternational(e164: string): PhoneNumber | undefined {
  try {
    return parsePhoneNumberWithError(e164);
  } catch {
    return undefined;
  }
}

/**
 * A phone number in E.164 (`+` and 7 to 15 digits, no leading zero), from what channels send:
 * `+49 170 1234567`, `0049 170 1234567`, `+49 (0)170 1234567`, or bare international digits
 * (`491701234567`, WhatsApp's `wa_id`). A national number (`0170 …`) has no country, so it is refused.
 *
 * Only the E.164 shape is required, not a number libphonenumber knows as valid: the channel has already
 * delivered a message from it, and a customer whose range is newer than the metadata would otherwise be
 * refused (their messages lost). A number libphonenumber does know as valid is given in its E.164, which
 * also drops a trunk prefix written after the country code (`+49 0170 …` → `+49170 …`), so the customer
 * is the same one however they wrote it.
 */
export function normalizePhone(input: string): string {
  return input.length <= 40 ? remembered(input) : normalize(input);
}

// Remembered per input of a phone number's length (a channel's field may be longer; it is not kept):
// every message of a customer names their number, and libphonenumber's parse was 2.5 % of the server's
// CPU on the message path (bench/results/webhooks.md). A refusal throws and is not remembered.
const remembered = boundedMemo(normalize, 5_000);

function normalize(input: string): string {
  const number = compact(input);
  let digits: string;
  if (number.startsWith('+')) digits = number.slice(1);
  else if (number.startsWith('00')) digits = number.slice(2);
  else if (number.startsWith('0')) {
    throw new PhoneError('The phone number has no country code; write it internationally, e.g. +49 170 1234567.');
  } else digits = number;
  if (digits.startsWith('0')) throw new PhoneError('A country code never starts with 0.');
  if (digits.length < 7 || digits.length > 15) {
    throw new PhoneError('An international phone number has 7 to 15 digits (E.164).');
  }
  const parsed = parseInternational(`+${digits}`);
  return parsed?.isValid() ? parsed.number : `+${digits}`;
}

/**
 * The countries whose national numbers a location's phone may be written in: those of the platform's
 * currencies (CHF, EUR, GBP, BRL, USD, MXN) and their neighbours. Which countries, not how they dial:
 * codes, trunk prefixes and ranges come from libphonenumber. Elsewhere a number must be international.
 */
const NATIONAL_COUNTRIES: ReadonlySet<string> = new Set([
  'AD',
  'AT',
  'BE',
  'BR',
  'CA',
  'CH',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'IE',
  'IT',
  'LI',
  'LU',
  'LV',
  'MC',
  'MT',
  'MX',
  'NL',
  'PT',
  'SI',
  'SK',
  'SM',
  'US',
]);

function isNationalCountry(country: string): country is CountryCode {
  return NATIONAL_COUNTRIES.has(country) && isSupportedCountry(country);
}

const LENGTH_REASONS: Record<string, string> = {
  TOO_SHORT: 'is too short for',
  TOO_LONG: 'is too long for',
  INVALID_LENGTH: 'has a length no number has in',
};

/**
 * A number as a person writes their own business's number, in E.164: international (`+41 44 123 45 67`,
 * `0041 44 …`) as `normalizePhone` reads it, or national in `country` (`044 123 45 67` in CH,
 * `(212) 555-0100` in US), read by libphonenumber with the country's trunk prefix and dialling code. Either
 * must be a valid number of its country by libphonenumber's 'max' metadata: a length or range no number
 * there has is refused, as is a national number of a country not in NATIONAL_COUNTRIES.
 */
export function normalizeNationalPhone(input: string, country: string): string {
  const number = compact(input);
  if (number.startsWith('+') || number.startsWith('00')) {
    const e164 = normalizePhone(input);
    const parsed = parseInternational(e164);
    if (!parsed?.isValid()) {
      const why = parsed?.country
        ? ` in ${parsed.country}: no number there has that length or range`
        : ': no country has numbers of that code, length and range';
      throw new PhoneError(`${e164} is not a valid phone number${why}.`);
    }
    return parsed.number;
  }
  if (!isNationalCountry(country)) {
    throw new PhoneError(
      `National numbers are not read for country ${country}; write it internationally, e.g. +41 44 123 45 67.`,
    );
  }
  const lengthError = validatePhoneNumberLength(number, country);
  if (lengthError) {
    const reason = LENGTH_REASONS[lengthError] ?? 'is not a phone number of';
    throw new PhoneError(`The phone number ${reason} ${country}.`);
  }
  let parsed: PhoneNumber;
  try {
    parsed = parsePhoneNumberWithError(number, { defaultCountry: country });
  } catch (err) {
    if (err instanceof ParseError) {
      throw new PhoneError(`The phone number is not a number in ${country} (${err.message}).`);
    }
    throw err;
  }
  if (!parsed.isValid()) {
    throw new PhoneError(
      `${parsed.number} is not a valid phone number in ${country}: no area code or mobile range there starts so.`,
    );
  }
  return parsed.number;
}
