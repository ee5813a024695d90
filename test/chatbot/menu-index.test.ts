/**
 * The menu index keeps what it derives from names across messages (chatbot/engine/menu/match.ts): each
 * message still sees its own menu's prices and availability, and a renamed item is found by its new name.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { menuIndex } from '../../chatbot/engine/menu/match.js';
import { canonWords } from '../../chatbot/engine/text/normalize.js';
import { readPayload } from '../../chatbot/payload.js';
import { body } from './body.js';

/** The fixture location's menu as a message reads it, changed by `edit` (a fresh body each time). */
function menuOf(edit: (menu: any) => void = () => {}) {
  const b = body({ text: 'hi', language: 'en' }) as any;
  edit(b.location.menu);
  const read = readPayload(b);
  assert.ok(read.ok);
  return read.payload.location!.menu;
}
const best = (menu: ReturnType<typeof menuOf>, words: string) => menuIndex(menu).find(canonWords(words))[0]?.ref;

describe('menu index across messages', () => {
  it('finds the item of this message, with its own price and availability', async () => {
    const before = best(menuOf(), 'margarita');
    assert.equal(before?.item.id, 'margherita');
    const changed = menuOf((m) => {
      const p = m.products.find((x: any) => x.id === 'margherita');
      p.price.amount = 1111;
      p.available = false;
    });
    const after = best(changed, 'margarita');
    assert.ok(after);
    assert.equal(after.item.id, 'margherita');
    assert.equal((after.item as any).price.amount, 1111);
    assert.equal((after.item as any).available, false);
    assert.equal(
      after.item,
      changed.products.find((p) => p.id === 'margherita'),
    );
  });

  it('a renamed item is found by its new name, not its old one', async () => {
    const renamed = menuOf((m) => {
      m.products.find((x: any) => x.id === 'tiramisu').name = 'Panna Cotta';
    });
    assert.equal(best(renamed, 'panna cotta')?.item.id, 'tiramisu');
    assert.notEqual(best(renamed, 'tiramisu')?.item.id, 'tiramisu');
    assert.equal(best(menuOf(), 'tiramisu')?.item.id, 'tiramisu');
  });

  it('an item taken out of every category is no longer ordered alone', async () => {
    const unlisted = menuOf((m) => {
      for (const c of m.categories) c.itemIds = c.itemIds.filter((id: string) => id !== 'funghi');
    });
    assert.notEqual(best(unlisted, 'prosciutto e funghi')?.item.id, 'funghi');
    assert.equal(best(menuOf(), 'prosciutto e funghi')?.item.id, 'funghi');
  });
});
