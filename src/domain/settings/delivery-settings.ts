import { invalidParam, missingParam } from '../errors.js';
import { ringArea2 } from '../geo.js';
import type { SettingsContext, SettingsKindDef } from './kinds.js';
import { checkCurrency, type Money } from './money.js';

export type ZoneArea =
  | { type: 'radius'; radius_meters: number; center: { latitude: number; longitude: number } | null }
  | { type: 'polygon'; coordinates: [number, number][] };

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
    if (s.enabled && s.zones.length === 0) {
      throw invalidParam('zones', 'Delivery cannot be enabled without at least one zone.');
    }
    return data;
  },
};
