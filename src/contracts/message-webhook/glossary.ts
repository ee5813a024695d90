import type { TSchema } from '@sinclair/typebox';

/**
 * Descriptions for fields the REST schemas leave undescribed, so that every field of the webhook body
 * is documented (docs/message-webhook.md). Keyed `parent.name` (the property holding the object) where a
 * name means different things in different places, else by name alone.
 */
export const GLOSSARY: Record<string, string> = {
  // Shared names
  object: 'The kind of object',
  amount: "In the currency's minor unit: 1250 with EUR is 12.50 EUR",
  currency: 'ISO 4217 currency code',
  locationId: 'The location (`loc_…`)',
  organizationId: 'The organization (`org_…`); null for a standalone location',
  name: 'Name, as shown to customers',
  description: 'Description shown to customers; null if none',
  quantity: 'How many',
  price: 'Price per unit',
  line1: 'Street and number',
  line2: 'Further address line; null if none',
  postalCode: 'Postal code',
  city: 'City',
  country: 'ISO 3166-1 alpha-2 country code',
  latitude: 'Latitude, WGS 84',
  longitude: 'Longitude, WGS 84',
  language: 'BCP 47 language tag',
  phone: 'Phone number',
  email: 'Email address',
  firstName: 'First name',
  lastName: 'Last name',
  serviceType: 'delivery, collection or eat_in; null if not chosen',
  serviceTypes: 'Service types: delivery, collection, eat_in',
  paymentMethod: 'cash, card or online; null if not chosen',
  paymentMethods: 'Accepted payment methods: cash, card, online',
  customerNotes: "The customer's notes for the restaurant; null if none",
  deliveryNotes: 'Notes for the courier; null if none',
  minimumOrder: 'Smallest subtotal (before discounts) accepted',
  freeDeliveryThreshold: 'From this subtotal on, delivery costs nothing; null: never free',
  estimatedMinutes: 'Delivery time to expect in this zone, in minutes',
  fee: 'The delivery charge',
  startsAt: 'Start (inclusive)',
  endsAt: 'End (exclusive)',
  dietaryTags: 'vegetarian, vegan, gluten_free, lactose_free, halal, kosher, spicy, contains_alcohol',
  // The location and its settings
  'location.id': 'The location (`loc_…`)',
  'locations.id': 'The location (`loc_…`)',
  'previousLocation.id': 'The location (`loc_…`)',
  active: 'false when the restaurant is switched off: it takes no orders',
  address: 'Its postal address with coordinates; null if not set',
  timezone: 'IANA time zone; opening hours are wall-clock times in it',
  defaultLanguage: 'The language it speaks by default (BCP 47)',
  periods: 'Weekly opening periods; one ending at or before its start runs past midnight',
  day: 'Weekday, monday to sunday',
  currentSpecialClosingId: 'The special closing in force now; null if none',
  customerNotesAllowed: 'false: the restaurant takes no notes from customers (delivery notes are always allowed)',
  preparationTimeMinutes: 'Minutes to prepare an order',
  enabled: 'Whether it delivers at all',
  area: 'Where the zone delivers: a radius around a center (null: the location), a polygon, or postal codes',
  'area.type': "radius, polygon or postal_codes (the address's postal code decides, no coordinates needed)",
  radiusMeters: 'Radius in meters',
  'zones.name': "The zone's name",
  'specialClosings.id': 'The special closing (`scl_…`)',
  reason: 'Why it is closed: tell the customer',
  greeting: 'How to greet customers; null: the clerk decides',
  tone: 'friendly, formal or concise',
  languages: 'Languages the clerk may answer in besides the default',
  // The menu
  categories: 'Menu sections in display order',
  'categories.name': 'Section name',
  itemIds: 'Products and bundles in this section, in display order',
  products: 'Dishes and drinks',
  modifierGroupIds: 'Its option groups (modifierGroups), in order',
  ingredients: 'What it comes with: removable ones may be left out, those with `extra` ordered extra',
  'ingredients.name': 'Ingredient name',
  modifierGroups: 'Option groups (sizes, styles, toppings) shared by the products that list them',
  'menu.modifierGroups': 'Option groups (sizes, styles, toppings) shared by the products that list them',
  'modifierGroups.id': 'The group id, as products list it',
  options: 'The options to choose from',
  'options.name': 'Option name',
  'options.price': 'Added per unit; 0 for a choice without surcharge',
  bundles: 'Deals: a price for picks from each line',
  lines: 'What the customer picks, line by line',
  'lines.id': 'The line id',
  'lines.name': 'Line name, e.g. Pizza, Drink',
  choices: 'Products the customer may pick in this line',
  maxChoices: 'Picks at most',
  'extra.price': 'Price per extra unit',
  'extra.maxQuantity': 'Extra units at most',
  promotions: 'Discounts the pricing applies: the single best eligible one; those with a code need it in the draft',
  'promotions.type': 'percentage or fixed',
  'promotions.name': 'Promotion name',
  'promotions.amount': 'fixed: the amount taken off',
  percentOff: 'percentage: percent of the subtotal taken off',
  minimumSubtotal: 'Applies from this subtotal on; null: any',
  // Messages
  direction: 'inbound: from the customer; outbound: to the customer',
  'messages.status': 'inbound: received; outbound: pending, sent, delivered, read or failed',
  text: 'The text; null for a location or an unsupported message',
  location: 'A place the customer shared; null otherwise',
  reply: 'The button or list row the customer tapped (id and title of ours); null otherwise',
  'reply.id': 'The id we gave the button or row',
  'reply.title': 'Its title',
  'reply.description': 'Its description (list rows); null if none',
  unsupportedType: "The channel's type of a message not read (image, audio, sticker…); null otherwise",
  sentAt: 'When it was sent (by the customer, or by us to the channel)',
  buttons: 'Outbound: quick-reply buttons sent with the text; null otherwise',
  'buttons.id': 'The id that comes back when the customer taps it',
  'buttons.title': 'Button label',
  list: 'Outbound: a list of choices sent with the text; null otherwise',
  button: 'Label of the button that opens the list',
  sections: 'Sections of rows',
  'sections.title': 'Section title',
  rows: 'Choices',
  'rows.id': 'The id that comes back when the customer picks it',
  'rows.title': 'Row title',
  'rows.description': 'Row description',
  'conversation.channelAccountId': 'The channel account (`cha_…`): the number the customer writes to',
  'conversation.mode': 'location or businessOrganization',
  'conversation.locationId':
    'The location the conversation targets; null in businessOrganization mode until one is chosen',
  'customer.name': 'Their name; null if not known',
  'customer.language': 'Their language (BCP 47); null if not known',
  'customer.notes': 'What the restaurant keeps about them (allergies, the usual order…); null if nothing',
  'favouriteProducts.id': "The menu's id of the item; null for items without one",
  // Orders and quotes
  'orders.id': 'The order (`ord_…`)',
  shortId: 'The restaurant’s order number, to tell the customer',
  'orders.status':
    'received, accepted, in_preparation, awaiting_shipment, awaiting_collection, in_delivery, completed, rejected, cancelled or delivery_failed',
  statusVersion: 'Increases by 1 with every status change',
  channel: 'Where the order came from (whatsapp, test, web, pos…)',
  expectedTime: 'When it is expected (delivered, or ready to collect)',
  expectedPickupTime: 'Collection: when it is ready',
  expectedDeliveryTime: 'Delivery: when it arrives',
  customer: 'Contact details given with the order; null if none',
  customerId: 'The customer (`cus_…`) who placed it; null for other channels',
  fulfillment: 'How the order reaches the customer',
  'fulfillment.type': 'delivery, collection or eat_in',
  'fulfillment.address': 'Delivery address; null for other service types',
  collectionCode: 'Code to show when collecting; null if none',
  items: 'Items of the order',
  'draft.items': 'Products and bundles, by menu id, with options',
  'lines.items': 'The products picked in this line',
  'items.type': 'product or bundle',
  'items.id': "The menu's id of the product or bundle",
  'items.name': 'Its name',
  'items.quantity': "Units of the item (an order's bundle item: always 1)",
  'items.modifierGroups':
    'The options chosen, by group; left-out ingredients are the group ingredients:without, extras ingredients:extra',
  unitPrice: 'Price of one unit, before its modifiers',
  modifiers: 'Options chosen in this group',
  'modifiers.id': "The option's menu id",
  'modifiers.name': 'Option name',
  'modifiers.quantity': 'Units chosen',
  'modifiers.unitPrice': 'Price of one unit of this option',
  freeQuantity: 'Units of it that cost nothing',
  discounts: 'Discounts applied (promotions)',
  'discounts.id': 'The promotion id',
  'discounts.name': 'The promotion name',
  'discounts.amount': 'The amount taken off',
  charges: 'Public charges (delivery, service)',
  'charges.type': 'delivery or service',
  'charges.amount': 'The charge',
  payment: 'The payment; null if none',
  'payment.status': 'pending, authorized, captured, failed, cancelled, partially_refunded or refunded',
  'payment.amount': 'The amount to pay (or paid)',
  refunded: 'Refunded so far',
  total: 'What the customer pays: items + charges − discounts',
  statusHistory: 'Every status the order had, oldest first',
  'statusHistory.status': 'The status',
  'statusHistory.statusVersion': 'Its version',
  'statusHistory.reason': 'Why (a rejection reason…); null if none',
  valid: 'No problems: the draft can be placed as it stands',
  itemTotals: "Each draft item's cost, in draft order; null: not priced",
  subtotal: 'Sum of the items, before discounts and charges',
  deliveryZone: 'The delivery zone of the address; null if none',
  'deliveryZone.name': "The zone's name",
  problems: 'What keeps the draft from being placed',
  code: 'Stable problem code to act on (docs/order-drafts.md)',
  param: 'The draft field in dot notation; null: the location as a whole',
  message: 'For people; may change',
  'items.options': 'The options chosen, each naming its option (its group is optional)',
  'options.groupId': 'Optional: the modifier group of the option',
  'options.quantity': 'Units of this option',
  'extra.quantity': 'Extra units',
  deliveryAddress: 'For delivery: an address with coordinates, or a pin (latitude and longitude)',
  lastDeliveryAddress: 'The address of their newest delivery order; null if none',
};

type Json = Record<string, any>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Each property without a description gets the glossary's: `parent.name` (the property holding the
 * object) first, then `name`. `missing` collects the properties it has none for.
 */
export function describeFields<T extends TSchema>(schema: T, missing?: Set<string>): T {
  const walk = (s: unknown, parent: string) => {
    if (Array.isArray(s)) {
      for (const x of s) walk(x, parent);
      return;
    }
    if (!isObject(s)) return;
    for (const [key, v] of Object.entries(s)) {
      if (key !== 'properties' || !isObject(v)) walk(v, parent);
    }
    if (!isObject(s.properties)) return;
    for (const [name, p] of Object.entries(s.properties as Json)) {
      if (!isObject(p)) continue;
      if (p.description === undefined) {
        const text = GLOSSARY[`${parent}.${name}`] ?? GLOSSARY[name];
        if (text !== undefined) p.description = text;
        else missing?.add(`${parent}.${name}`);
      }
      walk(p, name);
    }
  };
  walk(schema, '');
  return schema;
}
