/**
 * What the chatbot knows about one location: the REST resources a clerk needs (the location, its
 * settings, special closings and menu) with camelCase names, and a few answers worked out for it
 * (open now, when it next opens, what it offers).
 */
import { Type } from '@sinclair/typebox';
import { SERVICE_TYPES } from '../../domain/orders/status.js';
import { PAYMENT_METHODS } from '../../domain/settings/order-settings.js';
import { Nullable, StringEnum, Timestamp } from '../rest/common.js';
import { Menu } from '../rest/menus.js';
import { Location, SpecialClosing } from '../rest/resources.js';
import { SETTINGS_SCHEMAS } from '../rest/settings.js';
import { camelSchema } from './camel.js';

/** How many days ahead special closings are listed and the next opening is looked for. */
export const LOOKAHEAD_DAYS = 60;

export const LocationCamel = camelSchema(Location);
export const SpecialClosingCamel = camelSchema(SpecialClosing);
export const MenuCamel = camelSchema(Menu);
export const SettingsCamel = {
  order_settings: camelSchema(SETTINGS_SCHEMAS.order_settings.out),
  opening_hours: camelSchema(SETTINGS_SCHEMAS.opening_hours.out),
  delivery_settings: camelSchema(SETTINGS_SCHEMAS.delivery_settings.out),
  ai_instructions: camelSchema(SETTINGS_SCHEMAS.ai_instructions.out),
};

const described = <T extends object>(schema: T, description: string): T => ({ ...schema, description });

const summaryFields = {
  ...LocationCamel.properties,
  openingHours: described(
    SettingsCamel.opening_hours,
    "The weekly periods (local wall-clock times in the location's time zone) with `openNow`",
  ),
  nextOpening: Nullable(Timestamp, {
    description: `When it opens next, taking special closings into account; null when open now (or not opening within ${LOOKAHEAD_DAYS} days)`,
  }),
  specialClosings: Type.Array(SpecialClosingCamel, {
    description: `Special closings not over yet and starting within ${LOOKAHEAD_DAYS} days, earliest first; \`reason\` is for telling customers`,
  }),
  serviceTypes: Type.Array(StringEnum(SERVICE_TYPES), {
    description:
      'What can be ordered: orderSettings.serviceTypes, without delivery when deliverySettings is not enabled',
  }),
  paymentMethods: Type.Array(StringEnum(PAYMENT_METHODS), {
    description: 'How customers may pay (orderSettings.paymentMethods)',
  }),
  orderSettings: described(
    SettingsCamel.order_settings,
    'Whether it takes orders now, service types, payment methods, preparation time, minimum order, scheduling, notes',
  ),
  deliverySettings: described(
    SettingsCamel.delivery_settings,
    'Delivery zones in the order they are matched (the first containing an address wins), each with its fee, minimum order, free-delivery threshold and estimated minutes',
  ),
  addressLookup: Type.Boolean({
    description:
      'The server looks up typed delivery addresses without coordinates (a geocoder is configured): a postal-code zone or the lookup places them, and the quote then shows the zone or address_not_found, address_ambiguous (details.candidates) or address_lookup_unavailable. false: such an address needs coordinates unless a postal-code zone takes it',
  }),
  acceptance: Type.Object(
    {
      mode: StringEnum(['manual', 'automatic'] as const, {
        description: 'manual: staff accept each order (it may be rejected); automatic: accepted on arrival',
      }),
    },
    { description: 'How orders are accepted' },
  ),
  aiInstructions: described(
    SettingsCamel.ai_instructions,
    "The restaurant's instructions for the clerk: free text, greeting, tone, extra languages",
  ),
};

export const LocationSummary = Type.Object(summaryFields, {
  description:
    'A location with everything finding one needs (address, contact, zones, hours, service types, settings) but its menu',
});

export const LocationContext = Type.Object(
  {
    ...summaryFields,
    menu: described(
      MenuCamel,
      'The menu with prices in minor units; every product, bundle and option says whether it can be ordered now (`available`), unavailable ones are listed, not hidden; promotions apply by themselves or with their code',
    ),
  },
  { description: 'A location with everything a clerk needs to answer and take orders for it' },
);

export const PreviousLocation = Type.Object(
  {
    ...summaryFields,
    menu: described(
      MenuCamel,
      "The part of its menu the conversation's draft names, to carry the draft over by names: the draft's products (bundle picks included) with their modifier groups, and its bundles; no categories, no promotions",
    ),
  },
  {
    description:
      'location_chosen: the location the conversation targeted before the answer switched it, with the part of its menu the draft names',
  },
);
