import type { OrderItem } from './types.js';

/** Each product sold, bundle contents included and multiplied by the bundle's quantity, as analytics count. */
export function productLines(items: readonly OrderItem[]): { name: string; quantity: number }[] {
  return items.flatMap((item) =>
    item.type === 'bundle'
      ? item.lines.flatMap((l) => l.items.map((p) => ({ name: p.name, quantity: p.quantity * item.quantity })))
      : [{ name: item.name, quantity: item.quantity }],
  );
}
