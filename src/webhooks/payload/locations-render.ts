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

/**
 * The summary's parts that do not depend on the instant, as held by the builder for each location: they
 * change only with the location's row, settings or closings, which a new read gives as new objects
 * (./locations-load.ts), so their identity is the key. Every body used to rebuild and rename them.
 */
interface Fixed {
  settings: LocationData['settings'];
  closings: ClosingRow[];
  addressLookup: boolean;
  periods: Period[];
  summary: Json;
  openingHours: Json;
}
const fixed = new WeakMap<LocationData['row'], Fixed>();

function fixedParts(d: LocationData, addressLookup: boolean): Fixed {
  const held = fixed.get(d.row);
  if (held && held.settings === d.settings && held.closings === d.closings && held.addressLookup === addressLookup) {
    return held;
  }
  const hours = settingsResource(d, 'opening_hours');
  // Worked out per body (renderLocationSummary); here in their places, so the keys keep their order.
  const openingHours = settingsResource(d, 'opening_hours', {
    timezone: d.row.timezone,
    open_now: false,
    current_special_closing_id: null,
  });
  const order = settingsResource(d, 'order_settings') as OrderSettings & Json;
  const delivery = settingsResource(d, 'delivery_settings');
  const summary = {
    ...camel(Location, toLocation(d.row)),
    openingHours: null,
    nextOpening: null,
    specialClosings: d.closings.map((c) => camel(SpecialClosing, toClosing(c))),
    serviceTypes: order.service_types.filter((t) => t !== 'delivery' || delivery.enabled === true),
    paymentMethods: order.payment_methods,
    orderSettings: camel(SETTINGS_SCHEMAS.order_settings.out, order),
    deliverySettings: camel(SETTINGS_SCHEMAS.delivery_settings.out, delivery),
    addressLookup,
    acceptance: { mode: settingsResource(d, 'acceptance_settings').mode },
    aiInstructions: camel(SETTINGS_SCHEMAS.ai_instructions.out, settingsResource(d, 'ai_instructions')),
  };
  const made: Fixed = {
    settings: d.settings,
    closings: d.closings,
    addressLookup,
    periods: hours.periods as Period[],
    summary,
    openingHours: camel(SETTINGS_SCHEMAS.opening_hours.out, openingHours),
  };
  fixed.set(d.row, made);
  return made;
}

/**
 * Everything about the location but its menu: what finding one needs, for every location of an
 * organization. `addressLookup`: the server looks up typed delivery addresses (a geocoder is configured).
 * Shared parts: nothing may change what it returns.
 */
export function renderLocationSummary(d: LocationData, now: Date, addressLookup = false): Json {
  const f = fixedParts(d, addressLookup);
  const tz = d.row.timezone;
  const current = d.closings.find((c) => c.starts_at <= now && now < c.ends_at);
  const until = new Date(now.getTime() + LOOKAHEAD_DAYS * 86_400_000);
  return {
    ...f.summary,
    openingHours: {
      ...f.openingHours,
      openNow: isOpenNow(f.periods, tz, d.closings, now),
      currentSpecialClosingId: current?.id ?? null,
    },
    nextOpening: nextOpening(f.periods, tz, d.closings, now, until)?.toISOString() ?? null,
  };
}

/** The location the conversation targets: the summary and its full menu. */
export function renderLocation(d: LocationData, now: Date, menus: MenuCache) {
  return { ...renderLocationSummary(d, now), menu: renderMenu(d, now, menus) };
}
