/**
 * `quoteDraft` (src/domain/drafts/service.ts) on the location data the body has loaded already: the
 * same pure rule (`priceDraft`) on the same inputs, without reading the menu and settings a second time.
 * The inputs agree with `loadPricingInput`'s: availability switches in force now, judged at the
 * requested time; special closings not over, within the lookahead (a requested time lies at most
 * `scheduled_orders_max_days_ahead` ≤ 30 days ahead). Tests compare the two on the same drafts.
 */
import { type DraftInput, normalizeDraft } from '../../domain/drafts/normalize.js';
import { type PricingInput, priceDraft } from '../../domain/drafts/price.js';
import type { DraftQuote } from '../../domain/drafts/service.js';
import type { Draft } from '../../domain/drafts/types.js';
import { menuAvailability } from '../../domain/menus/availability.js';
import { emptyMenu } from '../../domain/menus/types.js';
import { SETTINGS, type SettingsKind } from '../../domain/settings/kinds.js';
import type { LocationData } from './locations-load.js';

/** Items are judged for when the customer gets the order; a past or absent requested time means now. */
function availabilityInstant(draft: Draft, now: Date): Date {
  const requested = draft.requested_time === null ? Number.NaN : Date.parse(draft.requested_time);
  return requested > now.getTime() ? new Date(requested) : now;
}

export function quoteLoaded(d: LocationData, raw: DraftInput, now: Date): DraftQuote {
  const draft = normalizeDraft(raw);
  const of = <T>(kind: SettingsKind) => ({ ...SETTINGS[kind].defaults(), ...d.settings.get(kind)?.data }) as T;
  const menu = d.menu?.document ?? emptyMenu();
  const address = d.row.address;
  const input: PricingInput = {
    menu,
    availability: menuAvailability(menu, d.switches, availabilityInstant(draft, now)),
    settings: { order: of('order_settings'), openingHours: of('opening_hours'), delivery: of('delivery_settings') },
    specialClosings: d.closings.map(({ id, starts_at, ends_at, reason }) => ({ id, starts_at, ends_at, reason })),
    location: {
      currency: d.row.currency,
      timezone: d.row.timezone,
      active: d.row.active,
      address: address && { latitude: address.latitude, longitude: address.longitude },
    },
    draft,
    now,
  };
  return { location_id: d.row.id, draft, ...priceDraft(input), quoted_at: now.toISOString() };
}
