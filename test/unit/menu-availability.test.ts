import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  isAvailable,
  menuAvailability,
  ownAvailability,
  switchableItems,
} from '../../src/domain/menus/availability.js';
import type { MenuDocument } from '../../src/domain/menus/types.js';
import { sampleMenu } from '../menus/_menu.js';

const now = new Date('2026-05-01T12:00:00.000Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

/** The sample menu with every default filled in, as the API stores it. */
function doc(): MenuDocument {
  const m = sampleMenu();
  return {
    categories: m.categories,
    products: m.products.map((p: any) => ({ modifier_group_ids: [], ...p })),
    modifier_groups: m.modifier_groups.map((g: any) => ({
      min_choices: 0,
      ...g,
      options: g.options.map((o: any) => ({ max_quantity: 1, ...o })),
    })),
    bundles: m.bundles.map((b: any) => ({
      ...b,
      lines: b.lines.map((l: any) => ({ min_choices: 1, max_choices: 1, ...l })),
    })),
    promotions: [],
  };
}

describe('isAvailable', () => {
  test('no switch: on', () => assert.equal(isAvailable(undefined, now), true));
  test('off until further notice', () => assert.equal(isAvailable({ until: null }, now), false));
  test('off until a later instant', () => assert.equal(isAvailable({ until: at(1) }, now), false));
  test('on again at the instant itself and after', () => {
    assert.equal(isAvailable({ until: now }, now), true);
    assert.equal(isAvailable({ until: at(-60_000) }, now), true);
  });
  test('the time it reports back', () => {
    assert.deepEqual(ownAvailability({ until: at(5000) }, now), {
      available: false,
      unavailable_until: '2026-05-01T12:00:05.000Z',
    });
    assert.deepEqual(ownAvailability({ until: null }, now), { available: false, unavailable_until: null });
    assert.deepEqual(ownAvailability({ until: at(-1) }, now), { available: true, unavailable_until: null });
  });
});

describe('menuAvailability', () => {
  const off = (ids: string[], until: Date | null = null) => new Map(ids.map((id) => [id, { until }]));

  test('everything on without switches', () => {
    const a = menuAvailability(doc(), new Map(), now);
    assert.equal(a.size, 10);
    assert.ok([...a.values()].every((x) => x.available && x.unavailable_until === null));
  });

  test('a product whose required group has no option on is off, without a time of its own', () => {
    const a = menuAvailability(doc(), off(['size-26', 'size-32'], at(60_000)), now);
    assert.deepEqual(a.get('margherita'), { available: false, unavailable_until: null });
    assert.equal(a.get('size-26')?.unavailable_until, '2026-05-01T12:01:00.000Z');
    assert.equal(a.get('lunch')?.available, false, 'no pizza for the lunch deal');
    assert.equal(a.get('cola')?.available, true);
  });

  test('an optional group with every option off leaves the product on', () => {
    const a = menuAvailability(doc(), off(['extra-mozzarella', 'salami', 'olives']), now);
    assert.equal(a.get('margherita')?.available, true);
  });

  test('a required group counts units: one option of max_quantity 2 meets min_choices 2', () => {
    const m = doc();
    m.modifier_groups[1].min_choices = 2;
    const a = menuAvailability(m, off(['salami', 'olives']), now);
    assert.equal(a.get('diavola')?.available, true);
    const b = menuAvailability(m, off(['extra-mozzarella', 'olives']), now);
    assert.equal(b.get('diavola')?.available, false);
  });

  test('a bundle stays on while each required line has enough products on', () => {
    assert.equal(menuAvailability(doc(), off(['margherita']), now).get('lunch')?.available, true);
    assert.equal(menuAvailability(doc(), off(['margherita', 'diavola']), now).get('lunch')?.available, false);
    assert.equal(menuAvailability(doc(), off(['cola']), now).get('lunch')?.available, true, 'the drink is optional');
  });

  test('spent switches count for nothing', () => {
    const a = menuAvailability(doc(), off(['cola', 'lunch'], at(-1)), now);
    assert.ok([...a.values()].every((x) => x.available));
  });

  test('switchable ids: products, bundles and options, with their kinds', () => {
    const items = switchableItems(doc());
    assert.deepEqual(
      [...items].map(([id, x]) => `${x.kind}:${id}`),
      [
        'product:margherita',
        'product:diavola',
        'product:cola',
        'product:tiramisu',
        'bundle:lunch',
        'option:size-26',
        'option:size-32',
        'option:extra-mozzarella',
        'option:salami',
        'option:olives',
      ],
    );
  });
});
