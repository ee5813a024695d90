/**
 * Availability: a kitchen switches an item off (indefinitely, or until an instant) without touching the
 * menu. Pure rules; the switches themselves live beside the menu document (store.ts).
 */
import type { MenuDocument, SwitchableKind } from './types.js';

/** A stored switch: the item is off, until `until` (null: until switched back on). No switch: on. */
export interface AvailabilitySwitch {
  until: Date | null;
}

export interface ItemAvailability {
  available: boolean;
  /** The item's own switch: when it comes back on; null when on, or off until further notice. */
  unavailable_until: string | null;
}

/** On unless a switch holds it off at `now`; a switch whose `until` has passed is spent. */
export function isAvailable(item: AvailabilitySwitch | undefined, now: Date): boolean {
  return item === undefined || (item.until !== null && item.until.getTime() <= now.getTime());
}

export function ownAvailability(item: AvailabilitySwitch | undefined, now: Date): ItemAvailability {
  const available = isAvailable(item, now);
  return { available, unavailable_until: available ? null : (item?.until?.toISOString() ?? null) };
}

/** Every id a switch may name (products, bundles and options share one namespace), with kind and name. */
export function switchableItems(menu: MenuDocument): Map<string, { kind: SwitchableKind; name: string }> {
  const out = new Map<string, { kind: SwitchableKind; name: string }>();
  for (const p of menu.products) out.set(p.id, { kind: 'product', name: p.name });
  for (const b of menu.bundles) out.set(b.id, { kind: 'bundle', name: b.name });
  for (const g of menu.modifier_groups) {
    for (const o of g.options) out.set(o.id, { kind: 'option', name: o.name });
  }
  return out;
}

/**
 * What can be ordered now, by id. An item is off by its own switch, and also when it cannot be ordered
 * as the menu stands: a product whose required group has too few options on, a bundle whose line has too
 * few products on. The chatbot then never offers what the pricing would refuse.
 */
export function menuAvailability(
  menu: MenuDocument,
  switches: ReadonlyMap<string, AvailabilitySwitch>,
  now: Date,
): Map<string, ItemAvailability> {
  const out = new Map<string, ItemAvailability>();
  const own = (id: string) => ownAvailability(switches.get(id), now);
  for (const g of menu.modifier_groups) for (const o of g.options) out.set(o.id, own(o.id));

  const groupOk = new Map<string, boolean>();
  for (const g of menu.modifier_groups) {
    const units = g.options.reduce((n, o) => n + (out.get(o.id)!.available ? o.max_quantity : 0), 0);
    groupOk.set(g.id, units >= g.min_choices);
  }
  for (const p of menu.products) {
    const a = own(p.id);
    const orderable = p.modifier_group_ids.every((id) => groupOk.get(id) !== false);
    out.set(p.id, { ...a, available: a.available && orderable });
  }
  for (const b of menu.bundles) {
    const a = own(b.id);
    const orderable = b.lines.every(
      (line) => line.choices.filter((c) => out.get(c.product_id)?.available).length >= line.min_choices,
    );
    out.set(b.id, { ...a, available: a.available && orderable });
  }
  return out;
}
