/**
 * The menu is most of a body and of the work of building one (renaming every field to camelCase). What it
 * shows depends only on the stored document and on which items are switched off: the switches read are
 * those in force, so each of them holds its item off whatever the instant within the read. One builder
 * keeps the last menus it rendered under that key; bodies share them, and nothing may change them.
 */
import { SizedLru } from '../../lib/sized-lru.js';
import type { LocationData } from './locations-load.js';

// A few dozen locations chatting at once; each entry is one rendered menu (up to a few MB for the largest).
const ENTRIES = 32;

export type MenuCache = (d: LocationData, render: () => Record<string, unknown>) => Record<string, unknown>;

export function menuCache(): MenuCache {
  // Counted, each menu one: sizing them would mean serializing each, which holding them is there to spare.
  const cache = new SizedLru<Record<string, unknown>>(ENTRIES);
  return (d, render) => {
    const switches = [...d.switches].map(([id, s]) => `${id}@${s.until?.getTime() ?? ''}`).sort();
    const menu = d.menu;
    const key = `${d.row.id}|${menu?.version ?? 0}|${menu?.updated_at.getTime() ?? d.row.created_at.getTime()}|${switches.join(',')}`;
    return cache.get(key, () => ({ value: render(), size: 1 }));
  };
}
