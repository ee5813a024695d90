/** Reads what pricing a draft needs: the location, its settings, special closings and menu. */
import type { Queryable } from '../../db/client.js';
import { getLocationRow } from '../locations.js';
import { loadMenu } from '../menus/store.js';
import type { DeliverySettings } from '../settings/delivery-settings.js';
import { SETTINGS, type SettingsKind } from '../settings/kinds.js';
import type { OpeningHours } from '../settings/opening-hours.js';
import type { OrderSettings } from '../settings/order-settings.js';
import { type Geocoding, lookUpAddress } from './address-lookup.js';
import type { PricingInput } from './price.js';
import type { SpecialClosingSpan } from './schedule.js';
import type { Draft } from './types.js';

async function settingsOf(db: Queryable, locationId: string) {
  const rows = await db.query<{ kind: SettingsKind; data: Record<string, unknown> }>(
    "SELECT kind, data FROM location_settings WHERE location_id = $1 AND kind IN ('order_settings', 'opening_hours', 'delivery_settings')",
    [locationId],
  );
  const data = new Map(rows.map((r) => [r.kind, r.data]));
  // Defaults under the stored fields: a field added to a kind later reads as its default.
  const of = <T>(kind: SettingsKind) => ({ ...SETTINGS[kind].defaults(), ...data.get(kind) }) as T;
  return {
    order: of<OrderSettings>('order_settings'),
    openingHours: of<OpeningHours>('opening_hours'),
    delivery: of<DeliverySettings>('delivery_settings'),
  };
}

/**
 * Items are checked for when the customer gets the order: a dish "off until tonight" can be ordered for
 * tomorrow. A past or absent requested time means now.
 */
function availabilityInstant(draft: Draft, now: Date): Date {
  const requested = draft.requested_time === null ? Number.NaN : Date.parse(draft.requested_time);
  return requested > now.getTime() ? new Date(requested) : now;
}

export async function loadPricingInput(
  db: Queryable,
  locationId: string,
  draft: Draft,
  now: Date,
  geocoding?: Geocoding,
): Promise<PricingInput> {
  const location = await getLocationRow(db, locationId);
  const settings = await settingsOf(db, locationId);
  const specialClosings = await db.query<SpecialClosingSpan>(
    'SELECT id, starts_at, ends_at, reason FROM special_closings WHERE location_id = $1 AND ends_at > $2 ORDER BY starts_at, id',
    [locationId, now],
  );
  const menu = await loadMenu(db, locationId, availabilityInstant(draft, now));
  const point = location.address && { latitude: location.address.latitude, longitude: location.address.longitude };
  return {
    menu: menu.row.document,
    availability: menu.availability,
    settings,
    specialClosings,
    location: {
      currency: location.currency,
      timezone: location.timezone,
      active: location.active,
      address: point,
    },
    draft,
    now,
    addressLookup: await lookUpAddress(db, geocoding, draft, settings.delivery, point),
  };
}
