/** The LLM engine's tools for questions and locations: the same readers the deterministic engine uses. */
import { chooseLocation, locationByText, locationForPin, locationForPostalCode } from '../ops/locations.js';
import { postalCodeIn } from '../parse/details.js';
import { itemDetails, taggedText, unavailableText, withoutAllergenText } from '../render/menu.js';
import {
  addressText,
  closingsText,
  contactText,
  deliveryText,
  minimumText,
  openNowText,
  paymentText,
  promotionsText,
  servicesText,
  todayText,
  weekText,
} from '../render/service.js';
import type { Turn } from '../turn.js';
import { resolveItem } from './resolve.js';
import type { Tool } from './tool.js';

const obj = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

const TOPICS: Record<string, (turn: Turn) => string> = {
  open_now: openNowText,
  hours_today: todayText,
  hours_week: weekText,
  special_closings: closingsText,
  address_contact: contactText,
  service_types: servicesText,
  delivery_zones: (turn) => deliveryText(turn),
  minimum_order: minimumText,
  payment_methods: paymentText,
  promotions: promotionsText,
  unavailable_items: unavailableText,
};

export const INFO_TOOLS: Tool[] = [
  {
    name: 'service_info',
    description: 'Facts about the restaurant, worded in the customer’s language.',
    parameters: obj({ topic: { type: 'string', enum: Object.keys(TOPICS) } }, ['topic']),
    run: (turn, a: { topic: string }) =>
      turn.location ? { text: (TOPICS[a.topic] ?? openNowText)(turn) } : { error: 'no location chosen yet' },
  },
  {
    name: 'item_details',
    description: 'One menu item: price, description, options, what can be left out or added, allergens.',
    parameters: obj({ item: { type: 'string' } }, ['item']),
    run(turn, a: { item: string }) {
      if (!turn.index) return { error: 'no location chosen yet' };
      const r = resolveItem(turn.index, a.item);
      if ('ref' in r) return { text: itemDetails(turn, r.ref) };
      if ('candidates' in r) return { ambiguous: r.candidates.map((c) => c.item.name) };
      return { not_found: a.item };
    },
  },
  {
    name: 'find_dishes',
    description:
      'Dishes with a dietary tag (vegetarian, vegan, gluten_free, lactose_free, halal, kosher, spicy) or without an allergen.',
    parameters: obj({ dietary_tag: { type: 'string' }, without_allergen: { type: 'string' } }),
    run(turn, a: { dietary_tag?: string; without_allergen?: string }) {
      if (!turn.location) return { error: 'no location chosen yet' };
      if (a.without_allergen) return { text: withoutAllergenText(turn, a.without_allergen) };
      return { text: taggedText(turn, a.dietary_tag ?? 'vegetarian') };
    },
  },
  {
    name: 'find_location',
    description:
      'Which of the organization’s restaurants fits: from the pin the customer shared, words naming one, or a postal code the customer typed (for delivery).',
    parameters: obj({ text: { type: 'string' }, for_delivery: { type: 'boolean' } }),
    run(turn, a: { text?: string; for_delivery?: boolean }) {
      const org = turn.p.organization;
      if (!org) return { error: 'not an organization conversation' };
      const pin = turn.p.lastMessage.location;
      if (pin) {
        const r = locationForPin(org.locations, pin, a.for_delivery !== false);
        const view = (n: typeof r.best) =>
          n
            ? {
                id: n.location.id,
                name: n.location.name,
                km: +(n.meters / 1000).toFixed(1),
                delivers: n.zone?.name ?? null,
              }
            : null;
        return { best: view(r.best), nearest: view(r.nearest), delivering: view(r.delivering) };
      }
      const named = a.text ? locationByText(org.locations, a.text) : null;
      if (named) return { best: { id: named.id, name: named.name } };
      // A typed postal code (alone or in an address): the first restaurant whose zones deliver there.
      const code = a.text && a.for_delivery !== false ? postalCodeIn(a.text) : null;
      const zoned = code ? locationForPostalCode(org.locations, code.value) : null;
      if (zoned) return { best: { id: zoned.location.id, name: zoned.location.name, delivers: zoned.zone.name } };
      return { locations: org.locations.map((l) => ({ id: l.id, name: l.name, address: addressText(l.address) })) };
    },
  },
  {
    name: 'choose_location',
    description: 'Make the conversation target this restaurant of the organization (by id).',
    parameters: obj({ location_id: { type: 'string' } }, ['location_id']),
    run(turn, a: { location_id: string }) {
      const loc = turn.p.organization?.locations.find((l) => l.id === a.location_id);
      if (!loc) return { error: 'unknown location id' };
      const { draftDropped } = chooseLocation(turn, loc);
      return { chosen: loc.name, address: addressText(loc.address), previous_order_dropped: draftDropped };
    },
  },
];
