/** The five settings objects of a seeded location, in the shapes of src/domain/settings/*.ts, and its closings. */
import type { Period } from '../../domain/hours.js';
import type { AcceptanceSettings } from '../../domain/settings/acceptance-settings.js';
import type { AiInstructions } from '../../domain/settings/ai-instructions.js';
import type { DeliverySettings, DeliveryZone } from '../../domain/settings/delivery-settings.js';
import type { OpeningHours } from '../../domain/settings/opening-hours.js';
import type { OrderSettings } from '../../domain/settings/order-settings.js';
import type { LocationTemplate } from './catalog.js';
import { localPrice } from './menus.js';
import type { Random } from './random.js';
import { DAY_MS, holidaysBetween, type LocalDate, localToUtc } from './time.js';

const period = (day: Period['day'], opens: string, closes: string): Period => ({ day, opens, closes });

/** Split lunch and dinner service on weekdays, late nights past midnight on Friday and Saturday. */
export function openingPeriods(t: LocationTemplate): Period[] {
  const late = t.cuisine === 'burger' ? '02:00' : '01:00';
  const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday'] as const;
  const open = t.cuisine === 'italian' ? weekdays.filter((d) => d !== 'monday') : weekdays;
  return [
    ...open.flatMap((d) => [period(d, '11:30', '14:30'), period(d, '17:30', '22:30')]),
    ...(['friday', 'saturday'] as const).flatMap((d) => [period(d, '11:30', '15:00'), period(d, '17:30', late)]),
    period('sunday', '12:00', '21:30'),
  ];
}

const money = (amount: number, currency: string) => ({ amount, currency });

function postalCodeZone(codes: string[], c: string): DeliveryZone {
  return {
    name: 'Postleitzahlen / Postcodes',
    area: { type: 'postal_codes', postal_codes: codes },
    fee: money(localPrice(299, c), c),
    minimum_order: money(localPrice(1500, c), c),
    free_delivery_threshold: money(localPrice(5000, c), c),
    estimated_minutes: 40,
  };
}

/**
 * An inner radius zone around the address and an outer hexagon, each with fee and minimum in the currency;
 * between them, where the template lists postal codes, a zone of those. Zones match in order: a pin near
 * the restaurant is the cheap neighbourhood, a typed address (no pin) in a listed code the postal-code
 * zone, any other pin the city.
 */
export function deliveryZones(t: LocationTemplate): DeliveryZone[] {
  const { latitude, longitude } = t.address;
  const r = 6000;
  const dLat = r / 111_320;
  const dLng = r / (111_320 * Math.cos((latitude * Math.PI) / 180));
  const hexagon = Array.from({ length: 6 }, (_, i): [number, number] => {
    const a = (i * Math.PI) / 3;
    return [+(latitude + dLat * Math.sin(a)).toFixed(5), +(longitude + dLng * Math.cos(a)).toFixed(5)];
  });
  const c = t.currency;
  return [
    {
      name: 'Nachbarschaft / Neighbourhood',
      area: { type: 'radius', radius_meters: 2500, center: null },
      fee: money(localPrice(199, c), c),
      minimum_order: money(localPrice(1200, c), c),
      free_delivery_threshold: money(localPrice(4000, c), c),
      estimated_minutes: 30,
    },
    ...(t.postalCodes ? [postalCodeZone(t.postalCodes, c)] : []),
    {
      name: 'City',
      area: { type: 'polygon', coordinates: hexagon },
      fee: money(localPrice(399, c), c),
      minimum_order: money(localPrice(2000, c), c),
      free_delivery_threshold: null,
      estimated_minutes: 45,
    },
  ];
}

const INSTRUCTIONS: Record<string, string> = {
  italian:
    'We are a family-run pizzeria. Recommend the Pranzo Menu at lunch. All pizzas can be made with gluten-free dough for a surcharge; ask about allergies (gluten, lactose, nuts) before confirming. Never promise delivery times shorter than the zone estimate.',
  burger:
    'Burgers are cooked medium unless the customer asks otherwise. Suggest fries or a milkshake with every burger. Veggie patties are vegan; the brioche bun is not. Mention the Burger Menu when a customer orders a burger, side and drink separately.',
  mexican:
    'Ofrece siempre las salsas (dos incluidas). Las tortillas son de maíz nixtamalizado y sin gluten. Sugiere agua fresca con cada pedido. Confirm spice level for Habanero.',
  brazilian:
    'Feijoada só aos sábados e quartas no almoço, mas no delivery todos os dias. Ofereça o Prato Executivo no almoço. Pergunte sobre alergias (amendoim no pudim não, mas há leite).',
  sushi:
    'Raw fish is served fresh daily; recommend the Sushi Lunch Box at noon. Vegetarian rolls are marked. Ask about shellfish and sesame allergies before confirming an order.',
};

export interface LocationSettingsPlan {
  settings: Record<string, Record<string, unknown>>;
  periods: Period[];
  zones: DeliveryZone[];
  acceptance: AcceptanceSettings;
  preparationMinutes: number;
}

export function buildSettings(t: LocationTemplate, rand: Random): LocationSettingsPlan {
  const c = t.currency;
  const preparationMinutes = rand.pick([15, 20, 25, 30]);
  const order: OrderSettings = {
    accepting_orders: true,
    service_types: ['delivery', 'collection', 'eat_in'],
    payment_methods: ['cash', 'card', 'online'],
    preparation_time_minutes: preparationMinutes,
    minimum_order: money(localPrice(800, c), c),
    scheduled_orders_max_days_ahead: rand.pick([0, 2, 7]),
    customer_notes_allowed: true,
  };
  const periods = openingPeriods(t);
  const hours: OpeningHours = { periods };
  const zones = deliveryZones(t);
  const delivery: DeliverySettings = { enabled: true, zones };
  const automatic = rand.chance(0.4);
  const acceptance: AcceptanceSettings = automatic
    ? { mode: 'automatic', timeout_seconds: 300, timeout_action: 'accept', timeout_rejection_reason: null }
    : {
        mode: 'manual',
        timeout_seconds: rand.pick([180, 300, 600]),
        timeout_action: 'reject',
        timeout_rejection_reason:
          'Sorry, the restaurant could not confirm your order in time. You have not been charged.',
      };
  const ai: AiInstructions = {
    instructions: INSTRUCTIONS[t.cuisine],
    greeting: `Welcome to ${t.name}! What can we prepare for you today?`,
    tone: rand.pick(['friendly', 'friendly', 'formal', 'concise'] as const),
    languages: t.language === 'en' ? ['es'] : ['en'],
  };
  return {
    settings: {
      order_settings: order,
      opening_hours: hours,
      delivery_settings: delivery,
      acceptance_settings: acceptance,
      ai_instructions: ai,
    },
    periods,
    zones,
    acceptance,
    preparationMinutes,
  };
}

export interface ClosingPlan {
  date: LocalDate;
  starts_at: number;
  ends_at: number;
  reason: string;
  created_at: number;
}

/** Public holidays from the start of the period to two months ahead, plus one staff day in the past. */
export function buildClosings(
  t: LocationTemplate,
  rand: Random,
  firstDay: LocalDate,
  today: LocalDate,
  onboarded: number,
): ClosingPlan[] {
  const days = holidaysBetween(t.country, firstDay, today + 60 * DAY_MS).map((h) => ({
    date: h.date,
    reason: `Closed for ${h.name}. We look forward to welcoming you again the next day!`,
  }));
  const staffDay = today - rand.int(7, Math.max(7, Math.floor((today - firstDay) / DAY_MS) - 1)) * DAY_MS;
  if (staffDay >= firstDay && !days.some((d) => d.date === staffDay)) {
    days.push({ date: staffDay, reason: 'Closed for a staff training day. Sorry for the inconvenience.' });
  }
  // Entered when the location was set up, the day after it was created (so ids stay unique run to run).
  let created = onboarded + DAY_MS;
  return days.map((d) => {
    created += rand.int(1, 600) * 1000;
    return {
      date: d.date,
      starts_at: localToUtc(d.date, 0, t.timezone),
      ends_at: localToUtc(d.date + DAY_MS, 0, t.timezone),
      reason: d.reason,
      created_at: created,
    };
  });
}
