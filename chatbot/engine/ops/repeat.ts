/** Repeating an order: its items back in the draft, as today's menu still has them. */
import type { DraftChoice, DraftItem, PastOrder } from '../../payload-types.js';
import type { Turn } from '../turn.js';

/** A previous order as a new draft: its items as they are on today's menu; what is gone is reported. */
export function repeatOrder(turn: Turn, order: PastOrder): { skipped: string[] } {
  const menu = turn.location?.menu;
  const skipped: string[] = [];
  const items: DraftItem[] = [];
  const choice = (i: PastOrder['items'][number] & { type: 'product' }): DraftChoice => ({
    productId: i.id ?? '',
    options: i.groups
      .filter((g) => !g.id?.startsWith('ingredients:'))
      .flatMap((g) =>
        g.modifiers.map((m) => ({ groupId: g.id ?? undefined, optionId: m.id ?? '', quantity: m.quantity })),
      ),
    without: i.groups.filter((g) => g.id === 'ingredients:without').flatMap((g) => g.modifiers.map((m) => m.id ?? '')),
    extra: i.groups
      .filter((g) => g.id === 'ingredients:extra')
      .flatMap((g) => g.modifiers.map((m) => ({ ingredientId: m.id ?? '', quantity: m.quantity }))),
    notes: i.notes,
  });
  for (const item of order.items) {
    const onMenu =
      item.type === 'product'
        ? menu?.products.find((p) => p.id === item.id && p.available)
        : menu?.bundles.find((b) => b.id === item.id && b.available);
    if (!onMenu) {
      skipped.push(item.name);
      continue;
    }
    if (item.type === 'product') items.push({ type: 'product', ...choice(item), quantity: item.quantity });
    else {
      const lines = item.lines.map((l) => ({ lineId: l.id ?? '', items: l.items.map(choice) }));
      items.push({ type: 'bundle', bundleId: item.id ?? '', quantity: 1, lines });
    }
  }
  turn.setDraft({
    items,
    serviceType: order.serviceType,
    deliveryAddress: order.serviceType === 'delivery' ? order.address : null,
    paymentMethod: order.paymentMethod,
  });
  return { skipped };
}
