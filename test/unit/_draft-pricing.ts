/** Shared by the draft-pricing tests: a draft priced against the test menu and settings, at a fixed time. */
import { type DraftInput, normalizeDraft } from '../../src/domain/drafts/normalize.js';
import { type PricingInput, priceDraft } from '../../src/domain/drafts/price.js';
import { draftSettings, LOCATION_POINT, storedMenu } from '../drafts/_fixtures.js';

// Wednesday 10 June 2026, 14:00 in Berlin: open (11:00–23:00).
export const NOW = new Date('2026-06-10T12:00:00.000Z');
export const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
export const pizza = (over: Record<string, unknown> = {}) => ({
  type: 'product',
  product_id: 'margherita',
  options: [{ option_id: 'size-26' }],
  ...over,
});
export const BASE: DraftInput = { items: [pizza()], service_type: 'eat_in', payment_method: 'cash' };

export interface Setup {
  draft?: DraftInput;
  menu?: (m: any) => void;
  settings?: (s: any) => void;
  off?: string[];
  active?: boolean;
  closings?: PricingInput['specialClosings'];
  now?: Date;
  /** The geocoder's answer for a typed address (src/domain/drafts/address-lookup.ts). */
  lookup?: PricingInput['addressLookup'];
}

export function price(setup: Setup = {}) {
  const menu = storedMenu();
  setup.menu?.(menu);
  const settings = draftSettings();
  setup.settings?.(settings);
  const off = new Set(setup.off ?? []);
  const ids = [
    ...menu.products.map((p: any) => p.id),
    ...menu.bundles.map((b: any) => b.id),
    ...menu.modifier_groups.flatMap((g: any) => g.options.map((o: any) => o.id)),
  ];
  return priceDraft({
    menu,
    availability: new Map(ids.map((id) => [id, { available: !off.has(id) }])),
    settings,
    specialClosings: setup.closings ?? [],
    location: { currency: 'EUR', timezone: 'Europe/Berlin', active: setup.active ?? true, address: LOCATION_POINT },
    draft: normalizeDraft(setup.draft ?? BASE),
    now: setup.now ?? NOW,
    addressLookup: setup.lookup ?? null,
  });
}

export const codes = (setup: Setup) => price(setup).problems.map((p) => [p.code, p.param]);
export const withDraft = (over: DraftInput): Setup => ({ draft: { ...BASE, ...over } });
export const items = (...list: unknown[]): Setup => withDraft({ items: list });
export const delivery = (address: unknown, list: unknown[] = [pizza()]): Setup =>
  withDraft({ service_type: 'delivery', delivery_address: address as never, items: list });
export const TYPED = { line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin' };
export const found = (point: { latitude: number; longitude: number }) => ({
  status: 'found' as const,
  point,
  address: { line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin', country: 'DE' },
});
export const lunch = (lines: unknown[], quantity?: number) => ({ type: 'bundle', bundle_id: 'lunch', lines, quantity });
export const MAIN = { line_id: 'main', items: [{ product_id: 'margherita', options: [{ option_id: 'size-26' }] }] };
export const closing = (from: number, to: number) => ({
  id: 'scl_1',
  starts_at: new Date(at(from)),
  ends_at: new Date(at(to)),
  reason: 'Holiday',
});
