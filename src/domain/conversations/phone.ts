/** Why a phone number was refused, in words a caller can act on. */
export class PhoneError extends Error {}

// Spaces, dashes, dots, slashes and brackets are how people write numbers; none of them is part of one.
const SEPARATORS = /[\s\-./()\u00a0]/g;
// "+49 (0) 170 …": the trunk zero written after the country code, which an international number drops.
const TRUNK_AFTER_CODE = /^(\+\d{1,3})\s*\(0\)/;

/**
 * A phone number in E.164 (`+` and 7 to 15 digits, no leading zero), from what channels send:
 * `+49 170 1234567`, `0049 170 1234567`, `+49 (0)170 1234567`, or bare international digits
 * (`491701234567`, WhatsApp's `wa_id`). A national number (`0170 …`) has no country, so it is refused.
 */
export function normalizePhone(input: string): string {
  const raw = input.trim();
  if (raw.length === 0) throw new PhoneError('The phone number is empty.');
  if (raw.length > 40) throw new PhoneError('The phone number is too long.');
  const compact = raw.replace(TRUNK_AFTER_CODE, '$1').replace(SEPARATORS, '');
  let digits: string;
  if (compact.startsWith('+')) digits = compact.slice(1);
  else if (compact.startsWith('00')) digits = compact.slice(2);
  else if (compact.startsWith('0')) {
    throw new PhoneError('The phone number has no country code; write it internationally, e.g. +49 170 1234567.');
  } else digits = compact;
  if (!/^\d+$/.test(digits)) throw new PhoneError('A phone number holds digits only (after an optional +).');
  if (digits.startsWith('0')) throw new PhoneError('A country code never starts with 0.');
  if (digits.length < 7 || digits.length > 15) {
    throw new PhoneError('An international phone number has 7 to 15 digits (E.164).');
  }
  return `+${digits}`;
}

/**
 * Dialling codes and national trunk prefixes of the countries whose national numbers a location's phone
 * may be written in: those of the platform's currencies (CHF, EUR, GBP, BRL, USD, MXN) and their
 * neighbours. A trunk prefix is dropped when the number starts with it; countries without one (Italy keeps
 * its leading 0 after +39) have none. Elsewhere a number must be written internationally.
 */
const DIALLING: Record<string, { code: string; trunk?: string }> = {
  AD: { code: '376' },
  AT: { code: '43', trunk: '0' },
  BE: { code: '32', trunk: '0' },
  BR: { code: '55', trunk: '0' },
  CA: { code: '1', trunk: '1' },
  CH: { code: '41', trunk: '0' },
  CY: { code: '357' },
  DE: { code: '49', trunk: '0' },
  EE: { code: '372' },
  ES: { code: '34' },
  FI: { code: '358', trunk: '0' },
  FR: { code: '33', trunk: '0' },
  GB: { code: '44', trunk: '0' },
  GR: { code: '30' },
  HR: { code: '385', trunk: '0' },
  IE: { code: '353', trunk: '0' },
  IT: { code: '39' },
  LI: { code: '423' },
  LU: { code: '352' },
  LV: { code: '371' },
  MC: { code: '377' },
  MT: { code: '356' },
  MX: { code: '52' },
  NL: { code: '31', trunk: '0' },
  PT: { code: '351' },
  SI: { code: '386', trunk: '0' },
  SK: { code: '421', trunk: '0' },
  SM: { code: '378' },
  US: { code: '1', trunk: '1' },
};

/**
 * A number as a person writes their own business's number, in E.164: international (`+41 44 123 45 67`,
 * `0041 44 …`) as `normalizePhone` reads it, or national in `country` (`044 123 45 67` in CH,
 * `(212) 555-0100` in US): without `+` or `00`, the digits are the national number, its trunk prefix
 * dropped, after the country's dialling code. A national number of a country not in the table is refused.
 */
export function normalizeNationalPhone(input: string, country: string): string {
  const raw = input.trim();
  const compact = raw.replace(SEPARATORS, '');
  const dialling = DIALLING[country];
  if (compact.startsWith('+') || compact.startsWith('00') || raw.length === 0 || raw.length > 40) {
    return normalizePhone(input);
  }
  if (!dialling) {
    throw new PhoneError(
      `National numbers are not read for country ${country}; write it internationally, e.g. +41 44 123 45 67.`,
    );
  }
  if (!/^\d+$/.test(compact)) throw new PhoneError('A phone number holds digits only (after an optional +).');
  const national =
    dialling.trunk && compact.startsWith(dialling.trunk) ? compact.slice(dialling.trunk.length) : compact;
  if (national.length < 4) throw new PhoneError('The phone number is too short.');
  return normalizePhone(`+${dialling.code}${national}`);
}
