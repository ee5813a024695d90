/** Issue 20: which postal codes and prefixes a zone may list, by country, and how they match. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canonicalPostalCode, postalCodeProblem } from '../../src/domain/postal-codes/check.js';
import { matchesPostalCodes, normalizePostalCode } from '../../src/domain/postal-codes/match.js';

const ok = (country: string, code: string) => postalCodeProblem(country, canonicalPostalCode(code)) === null;

test('full codes by the country format, separators optional where they only separate', () => {
  for (const [country, code] of [
    ['DE', '10115'],
    ['GB', 'nw1 6xe'],
    ['GB', 'NW16XE'],
    ['CH', '8004'],
    ['AT', '1010'],
    ['US', '10013'],
    ['US', '10013-1234'],
    ['BR', '01304-001'],
    ['BR', '01304001'],
    ['MX', '06700'],
    ['JP', '100-0001'],
    ['JP', '1000001'],
    ['NL', '1012 ab'],
    ['CA', 'K1A 0B1'],
  ]) {
    assert.ok(ok(country, code), `${country} ${code}`);
  }
  for (const [country, code] of [
    ['DE', '1011'],
    ['CH', '80045'],
    ['AT', '0100'],
    ['GB', 'NW1 6X'],
    ['US', '1001'],
    ['MX', '0670'],
  ]) {
    assert.ok(!ok(country, code), `${country} ${code}`);
  }
});

test('prefixes: the start of some code of the country', () => {
  for (const [country, code] of [
    ['DE', '1*'],
    ['DE', '10115*'],
    ['GB', 'N*'],
    ['GB', 'NW1*'],
    ['GB', 'NW1 6*'],
    ['ES', '52*'],
    ['JP', '100-*'],
    ['NL', '1012A*'],
    ['CA', 'K1A*'],
  ]) {
    assert.ok(ok(country, code), `${country} ${code}`);
  }
  for (const [country, code] of [
    ['DE', 'A*'],
    ['DE', '101156*'],
    ['GB', '1*'],
    ['AT', '0*'],
    ['ES', '99*'],
    ['CA', 'D*'],
    ['DE', '*'],
    ['DE', '1**'],
  ]) {
    assert.ok(!ok(country, code), `${country} ${code}`);
  }
});

test('a country the validator does not know: 2–10 letters, digits, spaces, hyphens', () => {
  assert.ok(ok('AE', 'AB-12'));
  assert.ok(ok('AE', 'X*'));
  assert.ok(!ok('AE', 'A'));
  assert.ok(!ok('AE', 'A.1'));
  assert.ok(!ok('AE', 'ABCDEFGHIJK'));
});

test('junk costs little to refuse', () => {
  const start = performance.now();
  for (let i = 0; i < 20; i++) assert.ok(!ok('DE', 'Z*'));
  assert.ok(performance.now() - start < 2000);
});

test('canonical form and normalised matching', () => {
  assert.equal(canonicalPostalCode('  nw1   6xe '), 'NW1 6XE');
  assert.equal(canonicalPostalCode('nw1 *'), 'NW1*');
  assert.equal(normalizePostalCode('01304-001'), '01304001');
  assert.ok(matchesPostalCodes(['NW1 6XE'], 'nw16xe'));
  assert.ok(matchesPostalCodes(['NW1*'], 'NW1 6XE'));
  assert.ok(matchesPostalCodes(['101*'], '10115'));
  assert.ok(!matchesPostalCodes(['101*'], '10215'));
  assert.ok(!matchesPostalCodes(['10115'], '101150'));
  assert.ok(!matchesPostalCodes(['10115'], null));
  assert.ok(!matchesPostalCodes(['1*'], '  '));
});
