/** One seeded order: basket, fulfillment, status path walked up to now, payment and delivery data. */

import { findZone } from '../../domain/drafts/delivery.js';
import type { FeeSchedule } from '../../domain/financials/fees.js';
import type { PaymentStatus } from '../../domain/orders/payment-status.js';
import { expectedTotal } from '../../domain/orders/pricing.js';
import { productLines } from '../../domain/orders/product-lines.js';
import type { ServiceType } from '../../domain/orders/status.js';
import type { AcceptanceSettings } from '../../domain/settings/acceptance-settings.js';
import type { DeliveryZone } from '../../domain/settings/delivery-settings.js';
import type { LocationTemplate } from './catalog.js';
import { basket, charges, discounts, type LocalMenu, privateCharges } from './items.js';
import { customer, DELIVERY_NOTES, LINE2, ORDER_NOTES } from './people.js';
import type { Random } from './random.js';
import { type Step, walkStatuses } from './status.js';
import { DAY_MS, MINUTE } from './time.js';

export interface SeedLocation {
  id: string;
  organizationId: string | null;
  template: LocationTemplate;
  menu: LocalMenu;
  zones: DeliveryZone[];
  acceptance: AcceptanceSettings;
  preparationMinutes: number;
  feeSchedule: (createdAt: number) => FeeSchedule;
  lastNumber: number;
  /** The zone's offset now: close enough to tell lunch from dinner. */
  utcOffset: number;
}

export interface SeededOrder {
  row: Record<string, unknown>;
  history: Step[];
  lines: { name: string; quantity: number }[];
}

const SERVICE = { delivery: 50, collection: 35, eat_in: 15, unknown: 1.5 } as const;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function address(loc: SeedLocation, rand: Random) {
  const { latitude, longitude, postal_code, city, country } = loc.template.address;
  const r = 5000 * Math.sqrt(rand.next());
  const a = 2 * Math.PI * rand.next();
  const lat = latitude + (r * Math.sin(a)) / 111_320;
  const lng = longitude + (r * Math.cos(a)) / (111_320 * Math.cos((latitude * Math.PI) / 180));
  const street = rand.pick(loc.template.streets);
  const number = rand.int(1, 240);
  const numberFirst = loc.template.country === 'GB' || loc.template.country === 'US';
  return {
    line_1: numberFirst ? `${number} ${street}` : `${street} ${number}`,
    line_2: rand.chance(0.3) ? rand.pick(LINE2) : null,
    postal_code,
    city,
    country,
    latitude: +lat.toFixed(6),
    longitude: +lng.toFixed(6),
  };
}

/** The zone the server would find (addresses lie within 5 km, inside the outer zone, which is last). */
function zoneFor(loc: SeedLocation, a: ReturnType<typeof address>): DeliveryZone {
  const point = { latitude: a.latitude, longitude: a.longitude };
  const found = findZone(loc.zones, { postal_code: a.postal_code, point }, loc.template.address);
  return found.kind === 'zone' ? found.zone : loc.zones[loc.zones.length - 1];
}

function channelFor(service: ServiceType | null, rand: Random): string {
  if (service === 'eat_in') return rand.weighted({ pos: 6, kiosk: 3, whatsapp: 1 });
  if (service === null) return rand.weighted({ phone: 1, marketplace: 1 });
  return rand.weighted({ whatsapp: 50, web: 35, phone: 10, app: 5 });
}

export function seedOrder(loc: SeedLocation, createdAt: number, now: number, id: string, rand: Random): SeededOrder {
  const st = rand.weighted(SERVICE);
  const service: ServiceType | null = st === 'unknown' ? null : st;
  const channel = channelFor(service, rand);
  const menu = loc.menu;
  const localHour = new Date(createdAt + loc.utcOffset).getUTCHours();
  const items = basket(menu, rand, localHour >= 9 && localHour < 16);
  const addr = service === 'delivery' ? address(loc, rand) : null;
  const zone = addr ? zoneFor(loc, addr) : null;
  const subtotalProbe = expectedTotal({ items });
  const free = zone?.free_delivery_threshold && subtotalProbe >= zone.free_delivery_threshold.amount;
  const discountList = discounts(menu, items, rand);
  const chargeList = charges(menu, items, {
    serviceType: service,
    channel,
    deliveryFee: zone && !free ? zone.fee.amount : null,
  });
  const privateList = privateCharges(menu, items, rand);
  const total = expectedTotal({ items, charges: chargeList, discounts: discountList, private_charges: privateList });

  const prep = loc.preparationMinutes * MINUTE;
  const pickupAt = service === null ? null : createdAt + prep;
  const deliveryAt = zone ? createdAt + zone.estimated_minutes * MINUTE : null;
  const walked = walkStatuses(service, loc.acceptance, loc.preparationMinutes, createdAt, now, rand);
  const payment = paymentFor(walked.outcome, walked.final, total, channel, rand);
  const last = walked.steps[walked.steps.length - 1];
  const paidAt = last.at + payment.at;
  const updatedAt = payment.at && paidAt <= now ? paidAt : last.at;

  const anonymous = service === 'eat_in' && channel !== 'whatsapp' && rand.chance(0.7);
  const row = {
    id,
    location_id: loc.id,
    organization_id: loc.organizationId,
    short_id: String(++loc.lastNumber),
    status: last.status,
    status_version: walked.steps.length - 1,
    service_type: service,
    channel,
    currency: menu.currency,
    expected_time: iso(service === 'delivery' ? deliveryAt : pickupAt),
    expected_pickup_time: iso(service === 'eat_in' ? null : pickupAt),
    expected_delivery_time: iso(deliveryAt),
    customer: anonymous ? null : customer(loc.template, rand),
    fulfillment: {
      type: service,
      customer_notes: rand.chance(0.06) ? rand.pick(ORDER_NOTES) : null,
      delivery_notes: addr && rand.chance(0.35) ? rand.pick(DELIVERY_NOTES) : null,
      collection_code: service === 'collection' ? String(rand.int(1000, 9999)) : null,
      address: addr,
    },
    items,
    discounts: discountList,
    charges: chargeList,
    private_charges: privateList,
    payment_status: payment.status,
    payment_amount: payment.status === null ? null : total,
    refunded_amount: payment.refunded,
    total_amount: total,
    ...deliveryData(loc, service, walked.final, createdAt, now, rand),
    fee_schedule: loc.feeSchedule(createdAt),
    created_at: iso(createdAt),
    updated_at: iso(updatedAt),
  };
  return { row, history: walked.steps, lines: productLines(items) };
}

type Outcome = ReturnType<typeof walkStatuses>['outcome'];

/** Payment status reached by now: settled for completed orders, voided or refunded for the others. */
function paymentFor(outcome: Outcome, final: boolean, total: number, channel: string, rand: Random) {
  const none = { status: null as PaymentStatus | null, refunded: 0, at: 0 };
  if (total === 0 || channel === 'pos' || rand.chance(0.2)) return none;
  const refundAt = rand.int(10, 48 * 60) * MINUTE;
  let status: PaymentStatus;
  if (!final)
    status =
      outcome === 'received'
        ? rand.weighted({ pending: 3, authorized: 7 })
        : rand.weighted({ authorized: 6, captured: 4 });
  else if (outcome === 'completed')
    status = rand.weighted({ captured: 93, partially_refunded: 4, refunded: 1.5, failed: 0.5 });
  else if (outcome === 'delivery_failed') status = rand.weighted({ refunded: 6, captured: 4 });
  else if (outcome === 'rejected') status = rand.weighted({ cancelled: 60, failed: 15, refunded: 25 });
  else status = rand.weighted({ refunded: 50, cancelled: 40, failed: 10 });
  if (status === 'refunded') return { status, refunded: total, at: refundAt };
  if (status === 'partially_refunded' && total > 1) {
    return {
      status,
      refunded: Math.max(1, Math.min(total - 1, Math.round(total * (0.1 + 0.3 * rand.next())))),
      at: refundAt,
    };
  }
  return { status: status === 'partially_refunded' ? 'captured' : status, refunded: 0, at: 0 };
}

const PROVIDERS = { uber_direct: 40, wolt_drive: 25, restaurant: 35 } as const;

/** Who delivered and what it cost the restaurant: invoices for older orders, quotes for recent ones. */
function deliveryData(
  loc: SeedLocation,
  service: ServiceType | null,
  final: boolean,
  createdAt: number,
  now: number,
  rand: Random,
) {
  const none = { delivery_provider: null, delivery_cost_amount: null, delivery_cost_source: null };
  if (service !== 'delivery') return none;
  const provider = rand.weighted(PROVIDERS);
  if (provider === 'restaurant') {
    const reported = rand.chance(0.5);
    return {
      delivery_provider: provider,
      delivery_cost_amount: reported ? loc.menu.money(rand.int(25, 45) * 10).amount : null,
      delivery_cost_source: reported ? 'restaurant_reported' : 'none',
    };
  }
  const invoiced = final && now - createdAt > 2 * DAY_MS;
  return {
    delivery_provider: provider,
    delivery_cost_amount: loc.menu.money(rand.int(45, 80) * 10).amount,
    delivery_cost_source: invoiced ? 'provider_invoice' : 'provider_quote',
  };
}
