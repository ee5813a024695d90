import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normalizePhone, PhoneError } from '../../src/domain/conversations/phone.js';

test('international forms become E.164', () => {
  const cases: [string, string][] = [
    ['+49 170 1234567', '+491701234567'],
    ['+49-170-1234567', '+491701234567'],
    ['0049 170 1234567', '+491701234567'],
    ['+49 (0) 170 1234567', '+491701234567'],
    ['+49 (0)170/1234567', '+491701234567'],
    ['491701234567', '+491701234567'],
    ['16505551234', '+16505551234'],
    ['+1 (650) 555-1234', '+16505551234'],
    ['+44 20 7946 0958', '+442079460958'],
    ['  +55 11 91234-5678 ', '+5511912345678'],
    ['+41.44.668.18.00', '+41446681800'],
    ['+6834002', '+6834002'],
    ['+123456789012345', '+123456789012345'],
  ];
  for (const [input, expected] of cases) assert.equal(normalizePhone(input), expected, input);
});

test('anything else is refused with a reason', () => {
  for (const input of [
    '',
    '   ',
    '0170 1234567',
    '+0 170 1234567',
    '000491701234567',
    '+49 170 ABC',
    'call me',
    '+123456',
    '+1234567890123456',
    '+49 170 1234567 ext 2',
    '++491701234567',
    '1'.repeat(41),
    '+49\u0000170',
  ]) {
    assert.throws(() => normalizePhone(input), PhoneError, JSON.stringify(input));
  }
});

test("a trunk prefix written after the country code is dropped where the country's numbering says so", () => {
  const cases: [string, string][] = [
    ['+49 0170 1234567', '+491701234567'],
    ['+44 (0)20 7946 0958', '+442079460958'],
    ['0044 020 7946 0958', '+442079460958'],
    // Italy keeps its leading 0 after +39.
    ['+39 06 1234 5678', '+390612345678'],
  ];
  for (const [input, expected] of cases) assert.equal(normalizePhone(input), expected, input);
});

test('a number of E.164 shape is kept even where the metadata knows no such range (the channel delivered it)', () => {
  assert.equal(normalizePhone('+49 123 456789'), '+49123456789');
  assert.equal(normalizePhone('1 212 055 0100'), '+12120550100');
  assert.throws(() => normalizePhone('+49 170 1234567 x2'), PhoneError);
});

test('a + inside brackets is still the international prefix', () => {
  assert.equal(normalizePhone('(+41) 44 668 18 00'), '+41446681800');
  assert.equal(normalizePhone('(+19) 526215878'), '+19526215878');
});
