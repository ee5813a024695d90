/**
 * Completes a draft as validated by its schema (or as stored in a conversation) with every default, so
 * pricing sees one exact shape. Done here, not with schema defaults: ajv applies none inside the
 * product/bundle union or nullable objects.
 */
import type {
  Draft,
  DraftAddress,
  DraftBundleItem,
  DraftExtra,
  DraftItem,
  DraftOption,
  DraftProductChoice,
  DraftProductItem,
} from './types.js';

type Loose<T> = { [K in keyof T]?: T[K] | null };
export type DraftInput = Loose<Omit<Draft, 'items' | 'delivery_address'>> & {
  items?: unknown[] | null;
  delivery_address?: Loose<DraftAddress> | null;
};

const orNull = <T>(v: T | null | undefined): T | null => v ?? null;
/** Chatbots send "" for "none": blank text is no text. */
const text = (v: string | null | undefined): string | null => (v == null || v.trim() === '' ? null : v);
const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

const option = (o: Loose<DraftOption>): DraftOption => ({
  group_id: orNull(o.group_id),
  option_id: o.option_id as string,
  quantity: o.quantity ?? 1,
});
const extra = (e: Loose<DraftExtra>): DraftExtra => ({
  ingredient_id: e.ingredient_id as string,
  quantity: e.quantity ?? 1,
});

function choice(c: Loose<DraftProductChoice>): DraftProductChoice {
  return {
    product_id: c.product_id as string,
    options: list<Loose<DraftOption>>(c.options).map(option),
    without: list<string>(c.without),
    extra: list<Loose<DraftExtra>>(c.extra).map(extra),
    notes: text(c.notes),
  };
}

function item(raw: unknown): DraftItem {
  const i = raw as Loose<Omit<DraftProductItem, 'type'>> & Loose<Omit<DraftBundleItem, 'type'>> & { type?: string };
  if (i.type === 'bundle') {
    return {
      type: 'bundle',
      bundle_id: i.bundle_id as string,
      quantity: i.quantity ?? 1,
      lines: list<Loose<DraftBundleItem['lines'][number]>>(i.lines).map((l) => ({
        line_id: l.line_id as string,
        items: list<Loose<DraftProductChoice>>(l.items).map(choice),
      })),
    };
  }
  return { type: 'product', ...choice(i), quantity: i.quantity ?? 1 };
}

const ADDRESS = ['line_1', 'line_2', 'postal_code', 'city', 'country', 'latitude', 'longitude'] as const;

export function normalizeDraft(raw: DraftInput | null | undefined): Draft {
  const d = raw ?? {};
  const address = d.delivery_address;
  return {
    items: list(d.items).map(item),
    service_type: orNull(d.service_type),
    delivery_address: address
      ? (Object.fromEntries(ADDRESS.map((k) => [k, address[k] ?? null])) as unknown as DraftAddress)
      : null,
    requested_time: orNull(d.requested_time),
    payment_method: orNull(d.payment_method),
    customer_notes: text(d.customer_notes),
    delivery_notes: text(d.delivery_notes),
    discount_code: text(d.discount_code),
  };
}
