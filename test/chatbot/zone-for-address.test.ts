/**
 * Issue 20: the chatbot finds a typed address's delivery zone as the server does
 * (src/domain/drafts/delivery.ts): zones in order, a postal-code zone by the postal code, a radius or
 * polygon zone by the point; without a point only postal-code zones can decide.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { zoneFor, zoneForAddress } from '../../chatbot/engine/geo.js';
import { readLocation } from '../../chatbot/payload.js';
import type { LocationView } from '../../chatbot/payload-types.js';
import { toCamelData } from '../../src/contracts/message-webhook/camel.js';
import { SETTINGS_SCHEMAS } from '../../src/contracts/rest/settings.js';
import { DELIVERY } from './fixture-location.js';
import { locationBody } from './fixtures.js';

const [NEIGHBOURHOOD, CITY] = DELIVERY.zones;
const MITTE = {
  ...NEIGHBOURHOOD,
  name: 'Mitte',
  area: { type: 'postal_codes' as const, postal_codes: ['10115', 'NW1*', '101*'] },
};
const KREUZBERG = { ...MITTE, name: 'Kreuzberg', area: { type: 'postal_codes' as const, postal_codes: ['10999'] } };
/** Torstraße: inside the neighbourhood radius. */
const NEAR = { latitude: 52.53, longitude: 13.4 };
/** Inside the city polygon, outside the radius. */
const FAR = { latitude: 52.5, longitude: 13.32 };
const AWAY = { latitude: 53.5, longitude: 10.0 };

/** The location as the chatbot reads it from a body whose delivery settings list `zones`. */
function location(zones: unknown[], enabled = true): LocationView {
  const body = locationBody();
  const delivery = toCamelData(SETTINGS_SCHEMAS.delivery_settings.out, {
    object: 'delivery_settings',
    location_id: 'loc_roma',
    enabled,
    zones,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  });
  const loc = readLocation({ ...body, deliverySettings: delivery });
  assert.ok(loc);
  return loc;
}
const name = (loc: LocationView, postalCode: string | null, point: typeof NEAR | null = null) => {
  const r = zoneForAddress(loc, { postalCode, point });
  return r.zone?.name ?? (r.needsPoint ? 'needs point' : 'outside');
};

describe('zoneForAddress', () => {
  it('reads the body’s postal-code area (camelCase)', () => {
    const loc = location([MITTE]);
    assert.deepEqual(loc.delivery.zones[0].area, { type: 'postal_codes', postalCodes: ['10115', 'NW1*', '101*'] });
  });

  it('matches codes and prefixes ignoring case, spaces and hyphens', () => {
    const loc = location([MITTE]);
    for (const code of ['10115', '10 115', '101-15', '10178', 'nw1 6xe', 'NW16XE'])
      assert.equal(name(loc, code), 'Mitte', code);
    for (const code of ['10999', '1021', '', 'NW']) assert.equal(name(loc, code), 'outside', code);
  });

  it('a postal-code zone listed first wins over the radius containing the point', () => {
    const loc = location([MITTE, NEIGHBOURHOOD, CITY]);
    assert.equal(name(loc, '10115', NEAR), 'Mitte');
    assert.equal(name(loc, '10999', NEAR), 'Neighbourhood');
    assert.equal(name(loc, '10999', FAR), 'City');
    assert.equal(name(loc, '10999', AWAY), 'outside');
  });

  it('a radius listed first wins for its points; without a point the first postal-code zone matching decides', () => {
    const loc = location([NEIGHBOURHOOD, MITTE, CITY]);
    assert.equal(name(loc, '10115', NEAR), 'Neighbourhood');
    assert.equal(name(loc, '10115', FAR), 'Mitte');
    assert.equal(name(loc, '10115'), 'Mitte');
    assert.equal(name(loc, '10999'), 'needs point');
    assert.equal(name(loc, null), 'needs point');
  });

  it('only postal-code zones: no point is ever needed', () => {
    const loc = location([MITTE, KREUZBERG]);
    assert.equal(name(loc, '10999'), 'Kreuzberg');
    assert.equal(name(loc, '20357'), 'outside');
    assert.equal(name(loc, null, NEAR), 'outside');
  });

  it('delivery switched off: no zone, nothing needed', () => {
    assert.deepEqual(zoneForAddress(location([MITTE], false), { postalCode: '10115', point: null }), {
      zone: null,
      needsPoint: false,
    });
  });

  it('zoneFor(pin) still finds geometry zones and never a postal-code one', () => {
    const loc = location([MITTE, NEIGHBOURHOOD, CITY]);
    assert.equal(zoneFor(loc, NEAR)?.name, 'Neighbourhood');
    assert.equal(zoneFor(loc, AWAY), null);
    assert.equal(zoneFor(location([MITTE]), NEAR), null);
  });
});
