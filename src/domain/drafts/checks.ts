/** The draft against the location's order and delivery settings: service type, zone, minimums, payment. */
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
  if (address.latitude === null || address.longitude === null) {
    const param = address.latitude === null ? 'delivery_address.latitude' : 'delivery_address.longitude';
    problems.push(
      problem('address_coordinates_required', param, 'The delivery address needs its latitude and longitude.'),
    );
    return null;
  }
  const point = { latitude: address.latitude, longitude: address.longitude };
  const zone = findZone(input.settings.delivery.zones, point, input.location.address);
  if (!zone)
    problems.push(problem('address_outside_zones', 'delivery_address', 'The address is outside the delivery area.'));
  return zone;
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
