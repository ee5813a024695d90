import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decide } from '../../src/lib/geocoder/decide.js';
import type { RawPlace } from '../../src/lib/geocoder/types.js';

const place = (over: Partial<RawPlace> & { lat?: number; lon?: number }): RawPlace => ({
  point: { latitude: over.lat ?? 52.5291, longitude: over.lon ?? 13.4013 },
  road: 'Torstraße',
  house_number: '1',
  postal_code: '10119',
  city: 'Berlin',
  country_code: 'DE',
  ...over,
});
const torstrasse = { line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin', country: 'DE' };

test('one matching place is found, in the order address shape', () => {
  assert.deepEqual(decide(torstrasse, [place({})]), {
    status: 'found',
    point: { latitude: 52.5291, longitude: 13.4013 },
    address: { line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin', country: 'DE' },
  });
  const baker = decide({ line_1: '12 Baker Street', postal_code: 'NW1 6XE' }, [
    place({ road: 'Baker Street', house_number: '12', postal_code: 'NW1 6XE', city: 'London', country_code: 'GB' }),
  ]);
  assert.equal(baker.status === 'found' && baker.address.line_1, '12 Baker Street');
});

test('readings of one place collapse: same address, the street beside its house, within 50 m', () => {
  const results = [
    place({ house_number: null, lat: 52.53 }), // the street itself, ranked first
    place({}),
    place({ lat: 52.52912 }), // another node of the same house, 2 m away
  ];
  const r = decide({ line_1: 'Torstraße 1', city: 'Berlin' }, results);
  assert.equal(r.status, 'found');
  assert.equal(r.status === 'found' && r.address.line_1, 'Torstraße 1');
});

test('one street name in two postcodes is ambiguous without the postcode, found with it', () => {
  const two = [
    place({ road: 'Hauptstraße', house_number: '5', postal_code: '10827', lat: 52.4869, lon: 13.3532 }),
    place({ road: 'Hauptstraße', house_number: '5', postal_code: '13055', lat: 52.5452, lon: 13.5031 }),
  ];
  const r = decide({ line_1: 'Hauptstraße 5', city: 'Berlin' }, two);
  assert.equal(r.status, 'ambiguous');
  assert.deepEqual(r.status === 'ambiguous' && r.candidates.map((c) => c.address.postal_code), ['10827', '13055']);
  assert.equal(decide({ line_1: 'Hauptstraße 5', postal_code: '13055' }, two).status, 'found');
});

test('a single place that does not match the typed number or postcode is a question, not an answer', () => {
  const r = decide({ line_1: 'Torstraße 2', postal_code: '10119' }, [place({ house_number: null })]);
  assert.equal(r.status, 'ambiguous');
  assert.equal(decide({ line_1: 'Torstraße 1', postal_code: '10827' }, [place({})]).status, 'ambiguous');
});

test('a street with no number on it, elsewhere, keeps a matching house from being certain', () => {
  const r = decide({ line_1: 'Hauptstraße 5', city: 'Berlin' }, [
    place({ road: 'Hauptstraße', house_number: '5', postal_code: '10827' }),
    place({ road: 'Hauptstraße', house_number: null, postal_code: '13055', lat: 52.5452, lon: 13.5031 }),
  ]);
  assert.equal(r.status, 'ambiguous');
});

test('only a city or postcode area when a street was typed is not found; without a street it is found', () => {
  const city = place({ road: null, house_number: null, postal_code: null, lat: 52.517, lon: 13.3889 });
  assert.deepEqual(decide(torstrasse, [city]), { status: 'not_found' });
  assert.equal(decide({ city: 'Berlin' }, [city]).status, 'found');
  assert.deepEqual(decide(torstrasse, []), { status: 'not_found' });
});

test('at most five candidates', () => {
  const many = Array.from({ length: 8 }, (_, i) =>
    place({ road: 'Hauptstraße', house_number: '5', postal_code: String(10_000 + i), lat: 52 + i / 10 }),
  );
  const r = decide({ line_1: 'Hauptstraße 5' }, many);
  assert.equal(r.status === 'ambiguous' && r.candidates.length, 5);
});
