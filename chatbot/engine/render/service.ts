/** Service questions: hours, closings, address, contact, service types, delivery zones, fees, minimums. */
import type { Address, Point } from '../../payload-types.js';
import { formatDate, formatTime, weekdayName } from '../format.js';
import { zoneFor } from '../geo.js';
import { openState, periodsOn, upcomingClosings } from '../time/hours.js';
import { localParts } from '../time/zone.js';
import type { Turn } from '../turn.js';

export function addressText(a: Partial<Address> | null): string {
  if (!a) return '';
  const street = [a.line1, a.line2].filter(Boolean).join(', ');
  const city = [a.postalCode, a.city].filter(Boolean).join(' ');
  const text = [street, city].filter(Boolean).join(', ');
  if (text) return text;
  return a.latitude != null && a.longitude != null ? `📍 ${a.latitude.toFixed(5)}, ${a.longitude.toFixed(5)}` : '';
}

export function openNowText(turn: Turn): string {
  const loc = turn.location;
  if (!loc) return '';
  const state = openState(loc, turn.now);
  const next = state.next ? turn.when(state.next) : null;
  if (state.open && state.until) return turn.t.openNow(formatTime(state.until, loc.timezone));
  if (state.closing) return turn.t.closedSpecial(state.closing.reason, next);
  return turn.t.closedNow(next);
}

export function todayText(turn: Turn): string {
  const loc = turn.location;
  if (!loc) return '';
  const weekday = localParts(turn.now, loc.timezone).weekday;
  const spans = periodsOn(loc, weekday).map((p) => `${p.opens}–${p.closes}`);
  return `${turn.t.today(spans)} ${openNowText(turn)}`;
}

export function weekText(turn: Turn): string {
  const loc = turn.location;
  if (!loc) return '';
  const lines = [0, 1, 2, 3, 4, 5, 6].map((d) => {
    const spans = periodsOn(loc, d).map((p) => `${p.opens}–${p.closes}`);
    return `${weekdayName(d, turn.lang)}: ${spans.length ? spans.join(', ') : turn.t.closedDay}`;
  });
  const closings = closingsText(turn, false);
  return [turn.t.week(lines), closings].filter(Boolean).join('\n\n');
}

export function closingsText(turn: Turn, sayNone = true): string {
  const loc = turn.location;
  if (!loc) return '';
  const list = upcomingClosings(loc, turn.now).slice(0, 5);
  if (list.length === 0) return sayNone ? turn.t.noClosings : '';
  const tz = loc.timezone;
  return turn.t.closings(
    list.map((c) => {
      const from = formatDate(new Date(c.startsAt), tz, turn.lang);
      // A closing ending at midnight ends with the day before.
      const end = new Date(Date.parse(c.endsAt) - 60_000);
      const to = formatDate(end, tz, turn.lang);
      return `${from === to ? from : `${from}–${to}`}: ${c.reason}`;
    }),
  );
}

/** The address and how to reach the restaurant: its phone and e-mail when it has them, and this chat. */
export function contactText(turn: Turn): string {
  const loc = turn.location;
  if (!loc) return '';
  const address = addressText(loc.address);
  const reach = loc.phone || loc.email ? turn.t.reachUs(loc.phone, loc.email) : turn.t.contact;
  return [address && turn.t.address(`${loc.name}, ${address}`), reach].filter(Boolean).join('\n');
}

export function servicesText(turn: Turn): string {
  const loc = turn.location;
  if (!loc) return '';
  const t = turn.t;
  const types = loc.orderSettings.serviceTypes.filter((s) => s !== 'delivery' || loc.delivery.enabled);
  const parts = [t.services(types.map((s) => t.serviceName[s]))];
  parts.push(t.payments(loc.orderSettings.paymentMethods.map((m) => t.paymentName[m])));
  parts.push(t.prepTime(loc.orderSettings.preparationTimeMinutes));
  return parts.join(' ');
}

export function deliveryText(turn: Turn, pin: Point | null = null): string {
  const loc = turn.location;
  if (!loc) return '';
  const t = turn.t;
  if (
    !loc.delivery.enabled ||
    !loc.orderSettings.serviceTypes.includes('delivery') ||
    loc.delivery.zones.length === 0
  ) {
    return t.noDelivery;
  }
  if (pin) {
    const zone = zoneFor(loc, pin);
    if (!zone) return t.outsideZones;
    return t.deliversThere(zone.name, turn.money(zone.fee), turn.money(zone.minimumOrder), zone.estimatedMinutes);
  }
  const zones = loc.delivery.zones.map((z) =>
    t.zone(
      z.name,
      turn.money(z.fee),
      turn.money(z.minimumOrder),
      z.freeDeliveryThreshold ? turn.money(z.freeDeliveryThreshold) : null,
      z.estimatedMinutes,
    ),
  );
  return t.zones(zones);
}

export function minimumText(turn: Turn): string {
  const loc = turn.location;
  if (!loc) return '';
  const min = loc.orderSettings.minimumOrder;
  const base = min && min.amount > 0 ? turn.t.minimum(turn.money(min)) : turn.t.noMinimum;
  return loc.delivery.enabled ? `${base}\n\n${deliveryText(turn)}` : base;
}

export function paymentText(turn: Turn): string {
  const methods = turn.location?.orderSettings.paymentMethods ?? [];
  return turn.t.payments(methods.map((m) => turn.t.paymentName[m]));
}

export function promotionsText(turn: Turn): string {
  const loc = turn.location;
  if (!loc) return '';
  const now = turn.now.getTime();
  const live = loc.menu.promotions.filter(
    (p) => (!p.startsAt || Date.parse(p.startsAt) <= now) && (!p.endsAt || now < Date.parse(p.endsAt)),
  );
  if (live.length === 0) return turn.t.noPromotions;
  return turn.t.promotions(
    live.map((p) => {
      const min = p.minimumSubtotal ? ` (${turn.t.fromPrice(turn.money(p.minimumSubtotal))})` : '';
      return `${p.name}${p.code ? `: code ${p.code}` : ''}${min}`;
    }),
  );
}
