import assert from 'node:assert/strict';
import { test } from 'node:test';
import { distanceMeters, pointInPolygon, ringArea2 } from '../../src/domain/geo.js';

test('distance: one degree of latitude is about 111 km; zero to itself', () => {
  const d = distanceMeters({ latitude: 52, longitude: 13 }, { latitude: 53, longitude: 13 });
  assert.ok(Math.abs(d - 111_195) < 50, String(d));
  assert.equal(distanceMeters({ latitude: 52, longitude: 13 }, { latitude: 52, longitude: 13 }), 0);
});

test('distance across the antimeridian is short', () => {
  const d = distanceMeters({ latitude: 0, longitude: 179.99 }, { latitude: 0, longitude: -179.99 });
  assert.ok(d < 2300, String(d));
});

test('point in polygon: inside, outside, concave notch', () => {
  // A U shape: the notch between the arms is outside.
  const u: [number, number][] = [
    [0, 0],
    [0, 3],
    [3, 3],
    [3, 2],
    [1, 2],
    [1, 1],
    [3, 1],
    [3, 0],
  ];
  assert.equal(pointInPolygon({ latitude: 0.5, longitude: 1.5 }, u), true);
  assert.equal(pointInPolygon({ latitude: 2, longitude: 1.5 }, u), false);
  assert.equal(pointInPolygon({ latitude: 2.5, longitude: 2.5 }, u), true);
  assert.equal(pointInPolygon({ latitude: 5, longitude: 5 }, u), false);
});

test('ring area is zero for collinear points', () => {
  assert.equal(
    ringArea2([
      [1, 1],
      [2, 2],
      [3, 3],
    ]),
    0,
  );
  assert.notEqual(
    ringArea2([
      [0, 0],
      [0, 1],
      [1, 0],
    ]),
    0,
  );
});
