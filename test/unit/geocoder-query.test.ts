import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseSearchResponse } from '../../src/lib/geocoder/parse.js';
import {
  houseNumberOf,
  nominatimParams,
  normalizedQuery,
  photonParams,
  postcodesCompatible,
} from '../../src/lib/geocoder/query.js';

test('the cache key ignores case and spacing, but not the country', () => {
  const a = normalizedQuery({ line_1: 'Torstraße  1', postal_code: '10119', city: 'BERLIN ', country: 'DE' });
  const b = normalizedQuery({ line_1: ' torstraße 1', postal_code: '10119', city: 'Berlin', country: 'de' });
  assert.equal(a, b);
  assert.notEqual(a, normalizedQuery({ line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin', country: 'AT' }));
  // Composed and decomposed ß/umlauts are the same text.
  assert.equal(normalizedQuery({ line_1: 'Mu\u0308hlenstraße 2' }), normalizedQuery({ line_1: 'Mühlenstraße 2' }));
});

test('house numbers after the street, before it, with letters; none in a name with a date', () => {
  assert.equal(houseNumberOf('Torstraße 1'), '1');
  assert.equal(houseNumberOf('12 Baker Street'), '12');
  assert.equal(houseNumberOf('Hauptstr. 5 a'), '5a');
  assert.equal(houseNumberOf('Kastanienallee 12-14,'), '12-14');
  assert.equal(houseNumberOf('Straße des 17. Juni'), null);
  assert.equal(houseNumberOf('Straße des 17. Juni 135'), '135');
  assert.equal(houseNumberOf(null), null);
});

test('postcodes: spacing and case do not matter; an outward code agrees with the full code', () => {
  assert.ok(postcodesCompatible('nw16xe', 'NW1 6XE'));
  assert.ok(postcodesCompatible('NW1', 'NW1 6XE'));
  assert.ok(!postcodesCompatible('10119', '10827'));
});

test('structured parameters when more than a line is known, free-form q for a line alone', () => {
  const structured = nominatimParams({ line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin', country: 'DE' });
  assert.deepEqual(Object.fromEntries(structured), {
    format: 'jsonv2',
    addressdetails: '1',
    limit: '5',
    street: 'Torstraße 1',
    postalcode: '10119',
    city: 'Berlin',
    countrycodes: 'de',
  });
  const free = Object.fromEntries(nominatimParams({ line_1: '12 Baker Street, London', country: 'GB' }));
  assert.equal(free.q, '12 Baker Street, London');
  assert.equal(free.countrycodes, 'gb');
  assert.equal(free.street, undefined);
  assert.equal(Object.fromEntries(nominatimParams({ line_1: 'Rue X 1', country: 'France' })).country, 'France');
  assert.equal(
    photonParams({ line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin', country: 'DE' }).get('q'),
    'Torstraße 1, 10119 Berlin',
  );
});

test('both response shapes read alike; malformed places are skipped; another shape is null', () => {
  const nominatim = parseSearchResponse([
    {
      lat: '52.5291',
      lon: '13.4013',
      address: { road: 'Torstraße', house_number: '1', postcode: '10119', city: 'Berlin', country_code: 'de' },
    },
    { lat: 'x', lon: '13' },
  ]);
  const photon = parseSearchResponse({
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [13.4013, 52.5291] },
        properties: { street: 'Torstraße', housenumber: '1', postcode: '10119', city: 'Berlin', countrycode: 'DE' },
      },
    ],
  });
  const expected = [
    {
      point: { latitude: 52.5291, longitude: 13.4013 },
      road: 'Torstraße',
      house_number: '1',
      postal_code: '10119',
      city: 'Berlin',
      country_code: 'DE',
    },
  ];
  assert.deepEqual(nominatim, expected);
  assert.deepEqual(photon, expected);
  assert.equal(parseSearchResponse({ error: 'Unable to geocode' }), null);
  assert.deepEqual(parseSearchResponse([]), []);
});
