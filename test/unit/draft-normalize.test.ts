import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { normalizeDraft } from '../../src/domain/drafts/normalize.js';
import { POINTS } from '../drafts/_fixtures.js';
import { delivery, found, pizza, price, TYPED } from './_draft-pricing.js';

describe('normalizeDraft', () => {
  test('fills every default', () => {
    assert.deepEqual(
      normalizeDraft({
        items: [
          { type: 'product', product_id: 'a' },
          { type: 'bundle', bundle_id: 'b' },
        ],
      }),
      {
        items: [
          { type: 'product', product_id: 'a', options: [], without: [], extra: [], notes: null, quantity: 1 },
          { type: 'bundle', bundle_id: 'b', quantity: 1, lines: [] },
        ],
        service_type: null,
        delivery_address: null,
        requested_time: null,
        payment_method: null,
        customer_notes: null,
        delivery_notes: null,
        discount_code: null,
      },
    );
    assert.deepEqual(normalizeDraft(null).items, []);
    assert.deepEqual(normalizeDraft({ delivery_address: { latitude: 1, longitude: 2 } }).delivery_address, {
      line_1: null,
      line_2: null,
      postal_code: null,
      city: null,
      country: null,
      latitude: 1,
      longitude: 2,
    });
  });
});

describe('a typed address the geocoder placed', () => {
  test('is priced in the zone of the point found, and the quote says where that was', () => {
    const q = price({ ...delivery(TYPED, [pizza({ quantity: 2 })]), lookup: found(POINTS.inner) });
    assert.deepEqual(q.problems, []);
    assert.equal(q.delivery_zone?.name, 'Centre');
    assert.deepEqual(q.geocoded_address?.point, POINTS.inner);
  });

  test('ambiguous: each candidate with a label, its address and its point', () => {
    const q = price({ ...delivery(TYPED), lookup: { status: 'ambiguous', candidates: [found(POINTS.inner)] } });
    assert.deepEqual(q.problems[0].details, {
      candidates: [{ label: 'Torstraße 1, 10119 Berlin', ...found(POINTS.inner).address, ...POINTS.inner }],
    });
    assert.equal(q.geocoded_address, null);
  });

  test('coordinates in the draft are never looked up: the lookup answer is not used', () => {
    const q = price({ ...delivery({ ...TYPED, ...POINTS.outer }), lookup: found(POINTS.outside) });
    assert.equal(q.delivery_zone?.name, 'City');
  });
});
