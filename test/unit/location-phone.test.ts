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
