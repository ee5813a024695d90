/**
 * `quoteDraft` (src/domain/drafts/service.ts) on the location data the body has loaded already: the
 * same pure rule (`priceDraft`) on the same inputs, without reading the menu and settings a second time.
 * The inputs agree with `loadPricingInput`'s: availability switches in force now, judged at the
 * requested time; special closings not over, within the lookahead (a requested time lies at most
 * `scheduled_orders_max_days_ahead` ≤ 30 days ahead). Tests compare the two on the same drafts.
 */
import type { Queryable } from '../../db/client.js';
import { type Geocoding, lookUpAddress } from '../../domain/drafts/address-lookup.js';
import { type DraftInput, normalizeDraft } from '../../domain/drafts/normalize.js';
import { type PricingInput, priceDraft } from '../../domain/drafts/price.js';
import type { DraftQuote } from '../../domain/drafts/service.js';
import type { Draft } from '../../domain/drafts/types.js';
import { menuAvailability } from '../../domain/menus/availability.js';
import { emptyMenu } from '../../domain/menus/types.js';
import type { DeliverySettings } from '../../domain/settings/delivery-settings.js';
import { SETTINGS, type SettingsKind } from '../../domain/settings/kinds.js';
import type { LocationData } from './locations-load.js';

/** Items are judged for when the customer gets the order; a past or absent requested time means now. */
function availabilityInstant(draft: Draft, now: Date): Date {
  const requested = draft.requested_time === null ? Number.NaN : Date.parse(draft.requested_time);
  return requested > now.getTime() ? new Date(requested) : now;
}

/** `lookup`: how a typed delivery address is looked up (src/domain/drafts/address-lookup.ts); absent: not. */
export async function quoteLoaded(
  d: LocationData,
  raw: DraftInput,
  now: Date,
  lookup?: { db: Queryable; geocoding: Geocoding },
): Promise<DraftQuote> {
  const draft = normalizeDraft(raw);
  const of = <T>(kind: SettingsKind) => ({ ...SETTINGS[kind].defaults(), ...d.settings.get(kind)?.data }) as T;
  const menu = d.menu?.document ?? emptyMenu();
  const address = d.row.address;
  const point = address && { latitude: address.latitude, longitude: address.longitude };
  const delivery = of<DeliverySettings>('delivery_settings');
  const input: PricingInput = {
    menu,
    availability: menuAvailability(menu, d.switches, availabilityInstant(draft, now)),
    settings: { order: of('order_settings'), openingHours: of('opening_hours'), delivery },
    specialClosings: d.closings.map(({ id, starts_at, ends_at, reason }) => ({ id, starts_at, ends_at, reason })),
    location: {
      currency: d.row.currency,
      timezone: d.row.timezone,
      active: d.row.active,
      address: point,
    },
    draft,
    now,
    addressLookup: lookup ? await lookUpAddress(lookup.db, lookup.geocoding, draft, delivery, point) : null,
  };
  return { location_id: d.row.id, draft, ...priceDraft(input), quoted_at: now.toISOString() };
}
