/**
 * A location as the body shows it (src/contracts/message-webhook/body-location.ts `LocationSummary`, and
 * `LocationContext` with its menu): the REST resources as the routes render them, in camelCase, with
 * open-now, the next opening and what can be ordered worked out.
 */
import { LOOKAHEAD_DAYS } from '../../contracts/message-webhook/body-location.js';
import { toCamelData } from '../../contracts/message-webhook/camel.js';
import { Menu } from '../../contracts/rest/menus.js';
import { Location, SpecialClosing } from '../../contracts/rest/resources.js';
import { SETTINGS_SCHEMAS } from '../../contracts/rest/settings.js';
import type { Period } from '../../domain/hours.js';
import { toLocation } from '../../domain/locations.js';
import { menuAvailability } from '../../domain/menus/availability.js';
import { emptyMenu } from '../../domain/menus/types.js';
import { SETTINGS, type SettingsKind } from '../../domain/settings/kinds.js';
import type { OrderSettings } from '../../domain/settings/order-settings.js';
import type { ClosingRow, LocationData } from './locations-load.js';
import type { MenuCache } from './menu-cache.js';
import { isOpenNow, nextOpening } from './next-opening.js';

type Json = Record<string, unknown>;
const camel = (schema: Parameters<typeof toCamelData>[0], value: unknown) => toCamelData<Json>(schema, value);

/** The settings object as GET /locations/{id}/{kind} shows it, defaults under what is stored. */
function settingsResource(d: LocationData, kind: SettingsKind, extra: Json = {}): Json {
  const stored = d.settings.get(kind);
  return {
    object: kind,
    location_id: d.row.id,
    ...SETTINGS[kind].defaults(),
    ...stored?.data,
    ...extra,
    created_at: (stored?.created_at ?? d.row.created_at).toISOString(),
    updated_at: (stored?.updated_at ?? d.row.created_at).toISOString(),
  };
}

const toClosing = (c: ClosingRow) => ({
  id: c.id,
  object: 'special_closing' as const,
  location_id: c.location_id,
  starts_at: c.starts_at.toISOString(),
  ends_at: c.ends_at.toISOString(),
  reason: c.reason,
  created_at: c.created_at.toISOString(),
  updated_at: c.updated_at.toISOString(),
});

/** The menu as GET /locations/{id}/menu shows it: every item with whether it can be ordered now. */
function menuResource(d: LocationData, now: Date) {
  const row = d.menu ?? {
    document: emptyMenu(),
    version: 0,
    created_at: d.row.created_at,
    updated_at: d.row.created_at,
  };
  const doc = row.document;
  const availability = menuAvailability(doc, d.switches, now);
  const on = (id: string) => availability.get(id);
  return {
    object: 'menu' as const,
    location_id: d.row.id,
    currency: d.row.currency,
    version: row.version,
    categories: doc.categories,
    products: doc.products.map((p) => ({ ...p, ...on(p.id) })),
    modifier_groups: doc.modifier_groups.map((g) => ({ ...g, options: g.options.map((o) => ({ ...o, ...on(o.id) })) })),
    bundles: doc.bundles.map((b) => ({ ...b, ...on(b.id) })),
    promotions: doc.promotions,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The rendered menu (shared through the cache: nothing may change it). */
export const renderMenu = (d: LocationData, now: Date, menus: MenuCache) =>
  menus(d, () => camel(Menu, menuResource(d, now)));

/** Everything about the location but its menu: what finding one needs, for every location of an organization. */
/** `addressLookup`: the server looks up typed delivery addresses (a geocoder is configured). */
export function renderLocationSummary(d: LocationData, now: Date, addressLookup = false) {
  const hours = settingsResource(d, 'opening_hours');
  const periods = hours.periods as Period[];
  const tz = d.row.timezone;
  const current = d.closings.find((c) => c.starts_at <= now && now < c.ends_at);
  const openingHours = settingsResource(d, 'opening_hours', {
    timezone: tz,
    open_now: isOpenNow(periods, tz, d.closings, now),
    current_special_closing_id: current?.id ?? null,
  });
  const order = settingsResource(d, 'order_settings') as OrderSettings & Json;
  const delivery = settingsResource(d, 'delivery_settings');
  const until = new Date(now.getTime() + LOOKAHEAD_DAYS * 86_400_000);
  return {
    ...camel(Location, toLocation(d.row)),
    openingHours: camel(SETTINGS_SCHEMAS.opening_hours.out, openingHours),
    nextOpening: nextOpening(periods, tz, d.closings, now, until)?.toISOString() ?? null,
    specialClosings: d.closings.map((c) => camel(SpecialClosing, toClosing(c))),
    serviceTypes: order.service_types.filter((t) => t !== 'delivery' || delivery.enabled === true),
    paymentMethods: order.payment_methods,
    orderSettings: camel(SETTINGS_SCHEMAS.order_settings.out, order),
    deliverySettings: camel(SETTINGS_SCHEMAS.delivery_settings.out, delivery),
    addressLookup,
    acceptance: { mode: settingsResource(d, 'acceptance_settings').mode },
    aiInstructions: camel(SETTINGS_SCHEMAS.ai_instructions.out, settingsResource(d, 'ai_instructions')),
  };
}

/** The location the conversation targets: the summary and its full menu. */
export function renderLocation(d: LocationData, now: Date, menus: MenuCache) {
  return { ...renderLocationSummary(d, now), menu: renderMenu(d, now, menus) };
}
