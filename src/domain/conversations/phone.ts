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
