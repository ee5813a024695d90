/** The draft against the location's order and delivery settings: service type, zone, minimums, payment. */
import type { GeocodeResult } from '../../lib/geocoder/types.js';
import type { ItemAvailability } from '../menus/availability.js';
import type { MenuDocument } from '../menus/types.js';
import type { Charge } from '../orders/types.js';
import type { DeliverySettings, DeliveryZone } from '../settings/delivery-settings.js';
import type { OpeningHours } from '../settings/opening-hours.js';
import type { OrderSettings } from '../settings/order-settings.js';
import { findZone } from './delivery.js';
import { type Problem, problem } from './problems.js';
import type { SpecialClosingSpan } from './schedule.js';
import type { Draft } from './types.js';

export interface PricingInput {
  menu: MenuDocument;
  availability: ReadonlyMap<string, Pick<ItemAvailability, 'available'>>;
  settings: { order: OrderSettings; openingHours: OpeningHours; delivery: DeliverySettings };
  specialClosings: readonly SpecialClosingSpan[];
  location: {
    currency: string;
    timezone: string;
    active: boolean;
    address: { latitude: number; longitude: number } | null;
  };
  draft: Draft;
  now: Date;
  /**
   * The geocoder's answer for a typed address that needs a point (./address-lookup.ts); null or absent
   * when none is configured, and then such an address needs its coordinates.
   */
  addressLookup?: GeocodeResult | null;
}

export function serviceProblems(input: PricingInput, problems: Problem[]): boolean {
  const { draft, settings } = input;
  const allowed = settings.order.service_types.filter((s) => s !== 'delivery' || settings.delivery.enabled);
  if (draft.service_type === null) {
    problems.push(
      problem('service_type_required', 'service_type', 'Choose delivery, collection or eat-in.', {
        allowed_values: allowed,
      }),
    );
    return false;
  }
  if (!allowed.includes(draft.service_type)) {
    problems.push(
      problem('service_type_unavailable', 'service_type', `This restaurant does not offer ${draft.service_type}.`, {
        allowed_values: allowed,
      }),
    );
    return false;
  }
  return true;
}

export function zoneOf(input: PricingInput, problems: Problem[]): DeliveryZone | null {
  const address = input.draft.delivery_address;
  if (address === null) {
    problems.push(problem('address_required', 'delivery_address', 'Delivery needs an address or a location pin.'));
    return null;
  }
  const { latitude, longitude } = address;
  const point = latitude !== null && longitude !== null ? { latitude, longitude } : null;
  const found = findZone(
    input.settings.delivery.zones,
    { postal_code: address.postal_code, point },
    input.location.address,
  );
  if (found.kind === 'zone') return found.zone;
  if (found.kind === 'needs_point') return lookedUpZone(input, problems);
  problems.push(problem('address_outside_zones', 'delivery_address', 'The address is outside the delivery area.'));
  return null;
}

/** A typed address that only a point can place: where the geocoder put it, or why it could not. */
function lookedUpZone(input: PricingInput, problems: Problem[]): DeliveryZone | null {
  const address = input.draft.delivery_address;
  const lookup = input.addressLookup ?? null;
  const at = 'delivery_address';
  if (lookup === null || address === null) {
    const param = address?.latitude === null ? 'delivery_address.latitude' : 'delivery_address.longitude';
    problems.push(
      problem('address_coordinates_required', param, 'The delivery address needs its latitude and longitude.'),
    );
  } else if (lookup.status === 'found') {
    const found = findZone(
      input.settings.delivery.zones,
      { postal_code: address.postal_code, point: lookup.point },
      input.location.address,
    );
    if (found.kind === 'zone') return found.zone;
    problems.push(problem('address_outside_zones', at, 'The address is outside the delivery area.'));
  } else if (lookup.status === 'ambiguous') {
    const candidates = lookup.candidates.map((c) => ({ label: placeLabel(c.address), ...c.address, ...c.point }));
    problems.push(
      problem(
        'address_ambiguous',
        at,
        'The address matches several places: choose one, or add what tells them apart.',
        {
          candidates,
        },
      ),
    );
  } else if (lookup.status === 'not_found') {
    problems.push(
      problem(
        'address_not_found',
        at,
        'No such address was found: check the street, number and postal code, or send coordinates.',
      ),
    );
  } else {
    problems.push(
      problem(
        'address_lookup_unavailable',
        at,
        'The address could not be looked up just now: try again, or send coordinates.',
      ),
    );
  }
  return null;
}

/** "Torstraße 1, 10119 Berlin": how a candidate reads to a customer. */
export function placeLabel(a: { line_1: string | null; postal_code: string | null; city: string | null }): string {
  const town = [a.postal_code, a.city].filter(Boolean).join(' ');
  return [a.line_1, town].filter(Boolean).join(', ');
}

export function minimumProblem(input: PricingInput, zone: DeliveryZone | null, subtotal: number): Problem | null {
  const money = (amount: number) => ({ amount, currency: input.location.currency });
  if (input.draft.service_type === 'delivery') {
    if (zone === null || subtotal >= zone.minimum_order.amount) return null;
    return problem(
      'below_zone_minimum',
      'items',
      `Delivery to ${zone.name} needs an order of at least the zone minimum.`,
      {
        minimum: zone.minimum_order,
        subtotal: money(subtotal),
        zone: zone.name,
      },
    );
  }
  const minimum = input.settings.order.minimum_order;
  if (minimum === null || subtotal >= minimum.amount) return null;
  return problem('below_minimum_order', 'items', 'The order is below the minimum order.', {
    minimum,
    subtotal: money(subtotal),
  });
}

export function deliveryCharges(zone: DeliveryZone | null, subtotal: number): Charge[] {
  if (zone === null) return [];
  const free = zone.free_delivery_threshold !== null && subtotal >= zone.free_delivery_threshold.amount;
  return free || zone.fee.amount === 0 ? [] : [{ type: 'delivery', amount: zone.fee }];
}

export function paymentProblem({ draft, settings }: PricingInput): Problem | null {
  const allowed_values = settings.order.payment_methods;
  if (draft.payment_method === null) {
    return problem('payment_method_required', 'payment_method', 'Choose how to pay.', { allowed_values });
  }
  if (allowed_values.includes(draft.payment_method)) return null;
  return problem(
    'payment_method_unavailable',
    'payment_method',
    `This restaurant does not take ${draft.payment_method}.`,
    {
      allowed_values,
    },
  );
}
