import { invalidParam, missingParam } from '../errors.js';
import { ringArea2 } from '../geo.js';
import { canonicalPostalCode, postalCodeProblem } from '../postal-codes/check.js';
import { normalizePostalCode } from '../postal-codes/match.js';
import { checkCurrency, type Money } from './money.js';
import type { SettingsContext, SettingsKindDef } from './types.js';

export type ZoneArea =
  | { type: 'radius'; radius_meters: number; center: { latitude: number; longitude: number } | null }
  | { type: 'polygon'; coordinates: [number, number][] }
  /** Codes and prefixes ending in `*`; an address whose postal code matches is in the zone, point or not. */
  | { type: 'postal_codes'; postal_codes: string[] };

/** Per zone (the schema's maxItems); all zones of a location together may list at most the second. */
export const POSTAL_CODES_PER_ZONE_MAX = 1000;
/** Every message webhook body carries the zones (1 MB in all, menu included): about 25 KB of codes at most. */
export const POSTAL_CODES_PER_LOCATION_MAX = 2000;

export type DeliveryZone = {
  name: string;
  area: ZoneArea;
  fee: Money;
  minimum_order: Money;
  /** Orders at or above this amount deliver free in this zone. */
  free_delivery_threshold: Money | null;
  estimated_minutes: number;
};

export type DeliverySettings = {
  enabled: boolean;
  /** Checked in order; the first zone containing the address wins, so list inner zones first. */
  zones: DeliveryZone[];
};

/** Stores the codes canonical (see canonicalPostalCode); refuses junk for the country and duplicates. */
function checkPostalCodes(area: { postal_codes: string[] }, p: string, country: string) {
  const seen = new Map<string, number>();
  area.postal_codes = area.postal_codes.map((raw, i) => {
    const code = canonicalPostalCode(raw);
    const problem = postalCodeProblem(country, code);
    if (problem) throw invalidParam(`${p}.${i}`, problem);
    const key = normalizePostalCode(code);
    const first = seen.get(key);
    if (first !== undefined) {
      throw invalidParam(`${p}.${i}`, `'${code}' is listed twice in this zone (also at ${p}.${first}).`);
    }
    seen.set(key, i);
    return code;
  });
}

function checkZone(z: DeliveryZone, p: string, ctx: SettingsContext) {
  checkCurrency(`${p}.fee`, z.fee, ctx.currency);
  checkCurrency(`${p}.minimum_order`, z.minimum_order, ctx.currency);
  checkCurrency(`${p}.free_delivery_threshold`, z.free_delivery_threshold, ctx.currency);
  if (z.area.type === 'radius' && z.area.center === null && ctx.address === null) {
    throw missingParam(
      `${p}.area.center`,
      'This location has no address to centre a radius zone on: give area.center, or set the address first.',
    );
  }
  if (z.area.type === 'polygon' && ringArea2(z.area.coordinates) === 0) {
    throw invalidParam(`${p}.area.coordinates`, 'A polygon needs three or more points that are not on one line.');
  }
  if (z.area.type === 'postal_codes') checkPostalCodes(z.area, `${p}.area.postal_codes`, ctx.country);
}

export const deliverySettings: SettingsKindDef = {
  defaults: (): DeliverySettings => ({ enabled: false, zones: [] }),
  check(data, ctx) {
    const s = data as unknown as DeliverySettings;
    const names = new Set<string>();
    s.zones.forEach((z, i) => {
      checkZone(z, `zones.${i}`, ctx);
      if (names.has(z.name)) throw invalidParam(`zones.${i}.name`, `Zone names must be unique: '${z.name}'.`);
      names.add(z.name);
    });
    const codes = s.zones.reduce((n, z) => n + (z.area.type === 'postal_codes' ? z.area.postal_codes.length : 0), 0);
    if (codes > POSTAL_CODES_PER_LOCATION_MAX) {
      throw invalidParam(
        'zones',
        `The zones list ${codes} postal codes; a location may list at most ${POSTAL_CODES_PER_LOCATION_MAX} in all.`,
      );
    }
    if (s.enabled && s.zones.length === 0) {
      throw invalidParam('zones', 'Delivery cannot be enabled without at least one zone.');
    }
    return data;
  },
};
