/** A location's phone (src/domain/conversations/phone.ts normalizeNationalPhone): international, or national in its country. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normalizeNationalPhone, PhoneError } from '../../src/domain/conversations/phone.js';

test('international numbers are read as normalizePhone reads them, whatever the country', () => {
  for (const [input, country] of [
    ['+49 30 1234567', 'DE'],
    ['0049 30 1234567', 'US'],
    ['+49 (0)30 123 45 67', 'JP'],
    ['+49-30-1234567', 'CH'],
  ]) {
    assert.equal(normalizeNationalPhone(input, country), '+49301234567', `${input} in ${country}`);
  }
});

test("national numbers: the country's trunk prefix dropped, its dialling code put before", () => {
  const cases: [string, string, string][] = [
    ['030 1234567', 'DE', '+49301234567'],
    ['(030) 123 45 67', 'DE', '+49301234567'],
    ['044 123 45 67', 'CH', '+41441234567'],
    ['01 42 68 53 00', 'FR', '+33142685300'],
    ['020 7946 0321', 'GB', '+442079460321'],
    ['(212) 555-0100', 'US', '+12125550100'],
    ['1 212 555 0100', 'US', '+12125550100'],
    ['416 555 0199', 'CA', '+14165550199'],
    ['06 1234 5678', 'IT', '+390612345678'],
    ['55 5264 1830', 'MX', '+525552641830'],
    ['(11) 3061-2298', 'BR', '+551130612298'],
    ['011 3061 2298', 'BR', '+551130612298'],
    ['0660 1234567', 'AT', '+436601234567'],
    ['912 345 678', 'ES', '+34912345678'],
  ];
  for (const [input, country, e164] of cases) {
    assert.equal(normalizeNationalPhone(input, country), e164, `${input} in ${country}`);
  }
});

test('refused: a national number of a country without a table entry, letters, too short or too long', () => {
  const refused: [string, string][] = [
    ['03 1234 5678', 'JP'],
    ['0301234567x', 'DE'],
    ['030 12', 'DE'],
    ['0', 'DE'],
    ['1', 'US'],
    ['030 1234 5678 9012 345', 'DE'],
    ['', 'DE'],
    ['   ', 'DE'],
    ['+0 30 1234567', 'DE'],
    ['1'.repeat(41), 'DE'],
  ];
  for (const [input, country] of refused) {
    assert.throws(() => normalizeNationalPhone(input, country), PhoneError, `${input} in ${country}`);
  }
  assert.throws(() => normalizeNationalPhone('03 1234 5678', 'JP'), /internationally/);
});

test('national numbers as people write them in DE, GB, US, BR and MX, and international ones with 00', () => {
  const cases: [string, string, string][] = [
    ['0170 1234567', 'DE', '+491701234567'],
    ['089/1234567', 'DE', '+49891234567'],
    ['030-123 456 78', 'DE', '+493012345678'],
    ['07911 123456', 'GB', '+447911123456'],
    ['(020) 7946 0321', 'GB', '+442079460321'],
    ['212.555.0100', 'US', '+12125550100'],
    ['+1 (212) 555-0100', 'US', '+12125550100'],
    ['011 49 30 1234567', 'US', '+49301234567'],
    ['(11) 91234-5678', 'BR', '+5511912345678'],
    ['55-5264-1830', 'MX', '+525552641830'],
    ['0044 20 7946 0321', 'US', '+442079460321'],
    ['00 52 55 5264 1830', 'DE', '+525552641830'],
    ['+49 0170 1234567', 'DE', '+491701234567'],
  ];
  for (const [input, country, e164] of cases) {
    assert.equal(normalizeNationalPhone(input, country), e164, `${input} in ${country}`);
  }
});

test("refused: a length or range the country's numbering does not have", () => {
  const refused: [string, string][] = [
    ['(212) 555-010', 'US'],
    ['(212) 555-01000', 'US'],
    ['55 5264 183', 'MX'],
    ['(11) 3061-229', 'BR'],
    ['020 7946 032', 'GB'],
    // Right lengths, no such range: the 'max' metadata refuses what 'min' would take.
    ['0123 456789', 'DE'],
    ['11 9123 4567', 'BR'],
    ['(212) 055-0100', 'US'],
    ['030 1234567 ext 2', 'DE'],
    ['+49 123 456789', 'DE'],
    ['+1 212 555 0100 12', 'US'],
  ];
  for (const [input, country] of refused) {
    assert.throws(() => normalizeNationalPhone(input, country), PhoneError, `${input} in ${country}`);
  }
});

test('a number valid in one country is refused in another', () => {
  const pairs: [string, string, string][] = [
    ['020 7946 0321', 'GB', 'DE'],
    ['(212) 555-0100', 'US', 'MX'],
    ['0170 1234567', 'DE', 'GB'],
    ['(11) 91234-5678', 'BR', 'MX'],
  ];
  for (const [input, valid, invalid] of pairs) {
    assert.match(normalizeNationalPhone(input, valid), /^\+\d+$/, `${input} in ${valid}`);
    assert.throws(() => normalizeNationalPhone(input, invalid), PhoneError, `${input} in ${invalid}`);
  }
});
