/**
 * Completes an ingested order so that every key of the spec is stored, null where it has no value.
 * Done here rather than with schema defaults: ajv applies no defaults inside anyOf/oneOf, which is how
 * nullable objects and the product/bundle union are written.
 */
import type { BundleItem, Modifier, ModifierGroup, OrderInput, OrderItem, ProductItem } from './types.js';

type Loose<T> = { [K in keyof T]?: T[K] | null };
const orNull = <T>(v: T | null | undefined): T | null => (v === undefined ? null : v);

function pick<K extends string>(keys: readonly K[], source: Record<string, unknown> | null | undefined) {
  return Object.fromEntries(keys.map((k) => [k, orNull(source?.[k])])) as Record<K, unknown>;
}

const CUSTOMER = ['first_name', 'last_name', 'phone', 'email', 'language'] as const;
const ADDRESS = ['line_1', 'line_2', 'postal_code', 'city', 'country', 'latitude', 'longitude'] as const;
const FULFILLMENT = ['type', 'customer_notes', 'delivery_notes', 'collection_code'] as const;

const modifier = (m: Loose<Modifier>): Modifier => ({
  id: orNull(m.id),
  name: m.name as string,
  quantity: m.quantity as number,
  unit_price: m.unit_price as Modifier['unit_price'],
  free_quantity: m.free_quantity ?? 0,
});

const group = (g: Loose<ModifierGroup>): ModifierGroup => ({
  id: orNull(g.id),
  name: orNull(g.name),
  modifiers: (g.modifiers ?? []).map(modifier),
});

const product = (p: Loose<ProductItem>): ProductItem => ({
  type: 'product',
  id: orNull(p.id),
  name: p.name as string,
  quantity: p.quantity as number,
  unit_price: p.unit_price as ProductItem['unit_price'],
  customer_notes: orNull(p.customer_notes),
  modifier_groups: (p.modifier_groups ?? []).map(group),
});

function item(i: OrderItem): OrderItem {
  if (i.type === 'product') return product(i);
  const b = i as Loose<BundleItem>;
  return {
    type: 'bundle',
    id: orNull(b.id),
    name: b.name as string,
    quantity: b.quantity as number,
    unit_price: b.unit_price as BundleItem['unit_price'],
    lines: (b.lines ?? []).map((l) => ({ id: orNull(l.id), name: orNull(l.name), items: l.items.map(product) })),
  };
}

export function normalizeOrderInput(raw: Loose<OrderInput>): OrderInput {
  const f = (raw.fulfillment ?? {}) as Record<string, unknown>;
  const delivery = raw.delivery ?? null;
  return {
    channel: raw.channel as string,
    service_type: orNull(raw.service_type),
    expected_time: orNull(raw.expected_time),
    expected_pickup_time: orNull(raw.expected_pickup_time),
    expected_delivery_time: orNull(raw.expected_delivery_time),
    customer: raw.customer ? (pick(CUSTOMER, raw.customer) as Record<string, string | null>) : null,
    fulfillment: {
      ...pick(FULFILLMENT, f),
      type: (f.type as string | null | undefined) ?? raw.service_type ?? null,
      address: f.address ? pick(ADDRESS, f.address as Record<string, unknown>) : null,
    },
    items: (raw.items ?? []).map(item),
    discounts: (raw.discounts ?? []).map((d) => ({ id: orNull(d.id), name: d.name, amount: d.amount })),
    charges: raw.charges ?? [],
    private_charges: (raw.private_charges ?? []).map((c) => ({
      type: orNull(c.type),
      name: orNull(c.name),
      amount: c.amount,
    })),
    payment: orNull(raw.payment),
    payment_method: orNull(raw.payment_method),
    total: raw.total as OrderInput['total'],
    delivery: delivery
      ? {
          provider: delivery.provider,
          cost: delivery.cost ?? null,
          cost_source: delivery.cost_source ?? (delivery.cost ? 'provider_quote' : 'none'),
        }
      : null,
  };
}
