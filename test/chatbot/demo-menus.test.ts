/** The order parser on the demo menus of `npm run seed` (their names, groups and bundles as seeded). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { menuIndex } from '../../chatbot/engine/menu/match.js';
import { parseOrder } from '../../chatbot/engine/parse/order.js';
import { readMenu } from '../../chatbot/payload-menu.js';
import type { Cuisine } from '../../src/cli/seed/catalog.js';
import { demoMenuBody } from './menu-body.js';

const demo = (cuisine: Cuisine) => menuIndex(readMenu(demoMenuBody(cuisine), 'EUR'));

const lines = (cuisine: Cuisine, text: string) =>
  parseOrder(text, demo(cuisine), []).lines.map((l) => ({
    id: l.ref.item.id,
    q: l.quantity,
    options: l.mods.options.map((o) => o.optionId),
    without: l.mods.without,
    picks: l.mods.picks.map((p) => p.productId),
  }));

describe('demo menus', () => {
  it('Italian, in German', () => {
    assert.deepEqual(
      lines('italian', 'zwei Margherita mit Rucola und Knoblauch-Dip, eine Diavola ohne Chili und 3 Cola'),
      [
        { id: 'pizza-margherita', q: 2, options: ['rucola', 'garlic-dip'], without: [], picks: [] },
        { id: 'pizza-diavola', q: 1, options: [], without: ['chili-flakes'], picks: [] },
        { id: 'coca-cola-033-l', q: 3, options: [], without: [], picks: [] },
      ],
    );
  });

  it('a bundle with its picks named one after another', () => {
    assert.deepEqual(lines('burger', 'burger menu with veggie smash, sweet potato fries and a milkshake'), [
      {
        id: 'burger-menu',
        q: 1,
        options: [],
        without: [],
        picks: ['veggie-smash-burger', 'sweet-potato-fries', 'vanilla-milkshake'],
      },
    ]);
  });

  it('a side named after "with" becomes its own line; German colours', () => {
    assert.deepEqual(
      lines('mexican', 'two burritos with guacamole').map((l) => [l.id, l.q]),
      [
        ['burrito-de-pollo', 2],
        ['guacamole-con-totopos', 1],
      ],
    );
    assert.deepEqual(
      lines('sushi', 'zwei California Rolls und ein grüner Tee').map((l) => [l.id, l.q]),
      [
        ['california-roll-8', 2],
        ['green-tea', 1],
      ],
    );
  });
});
