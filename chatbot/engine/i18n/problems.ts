/**
 * What each draft problem (docs/order-drafts.md, "Problems") means for the customer. The renderer fills
 * in the facts (item and group names, money and times already formatted).
 */
import type { Lang } from '../../payload-types.js';

export interface ProblemFacts {
  item: string;
  group: string;
  max: string;
  value: string;
  allowed: string;
  when: string;
  reason: string;
  zone: string;
  minimum: string;
  subtotal: string;
  code: string;
}

type Templates = Record<string, (f: ProblemFacts) => string>;

const en: Templates = {
  location_inactive: () => 'This restaurant is not taking orders.',
  not_accepting_orders: () => 'The restaurant is not taking orders at the moment.',
  location_closed: (f) => `We are closed at that time${f.when ? `; we open again ${f.when}` : ''}.`,
  location_closed_special: (f) => `We are closed then: ${f.reason}`,
  service_type_required: () => 'Would you like delivery, pick-up or to eat in?',
  service_type_unavailable: (f) => `We do not offer ${f.value}; we offer ${f.allowed}.`,
  requested_time_past: () => 'The requested time has already passed.',
  requested_time_too_soon: (f) => `The requested time is too soon; the earliest is ${f.when}.`,
  requested_time_too_far: (f) => `The requested time is too far ahead; the latest is ${f.when}.`,
  scheduled_orders_unavailable: () => 'We only take orders for as soon as possible.',
  payment_method_required: () => 'How would you like to pay?',
  payment_method_unavailable: (f) => `We do not accept ${f.value}; you can pay by ${f.allowed}.`,
  customer_notes_not_allowed: () => 'Sorry, the restaurant does not take notes with orders.',
  address_required: () => 'Where should we deliver to?',
  address_coordinates_required: () =>
    'Please share your location (📎 → Location) so I can check that we deliver there.',
  address_outside_zones: () => 'Sorry, that address is outside our delivery area.',
  address_not_found: () =>
    'I could not find that address. Please check the street, house number and postal code, or share your location (📎 → Location).',
  address_ambiguous: () => 'I found more than one place with that address.',
  address_lookup_unavailable: () =>
    'I cannot check addresses right now. Please share your location (📎 → Location), or send the address again in a moment.',
  below_zone_minimum: (f) =>
    `The minimum order for delivery to ${f.zone} is ${f.minimum}; your order is ${f.subtotal}.`,
  below_minimum_order: (f) => `The minimum order is ${f.minimum}; your order is ${f.subtotal}.`,
  items_required: () => 'Your order is still empty.',
  too_many_items: () => 'That is too many items for one order.',
  product_unknown: (f) => `${f.item} is no longer on the menu.`,
  bundle_unknown: (f) => `${f.item} is no longer on the menu.`,
  item_unavailable: (f) => `${f.value || f.item} is not available right now.`,
  option_quantity_exceeded: (f) => `The ${f.item} can have at most ${f.max} of ${f.value}.`,
  extra_quantity_exceeded: (f) => `The ${f.item} can have at most ${f.max} extra ${f.value}.`,
  option_required: (f) => `Please choose the ${f.group.toLowerCase()} for the ${f.item}.`,
  too_many_options: (f) => `The ${f.item} can have at most ${f.max} × ${f.group.toLowerCase()}.`,
  ingredient_not_removable: (f) => `${f.value} cannot be left out of the ${f.item}.`,
  extra_unavailable: (f) => `There is no extra ${f.value} for the ${f.item}.`,
  bundle_line_required: (f) => `Please choose the ${f.group.toLowerCase()} for the ${f.item}.`,
  too_many_choices: (f) => `Too many choices for the ${f.group.toLowerCase()} of the ${f.item}.`,
  discount_code_invalid: (f) => `The code ${f.code} is not valid.`,
  discount_code_not_applicable: (f) => `The code ${f.code} does not apply${f.reason ? `: ${f.reason}` : ''}.`,
  amount_too_large: () => 'That order is too large.',
  other: (f) => `Something about the ${f.item || 'order'} does not fit; please tell me again how you would like it.`,
};

const de: Templates = {
  location_inactive: () => 'Dieses Restaurant nimmt keine Bestellungen an.',
  not_accepting_orders: () => 'Das Restaurant nimmt im Moment keine Bestellungen an.',
  location_closed: (f) => `Zu dieser Zeit haben wir geschlossen${f.when ? `; wir öffnen wieder ${f.when}` : ''}.`,
  location_closed_special: (f) => `Dann haben wir geschlossen: ${f.reason}`,
  service_type_required: () => 'Möchten Sie Lieferung, Abholung oder vor Ort essen?',
  service_type_unavailable: (f) => `${f.value} bieten wir nicht an; wir bieten ${f.allowed}.`,
  requested_time_past: () => 'Die gewünschte Zeit ist schon vorbei.',
  requested_time_too_soon: (f) => `Die gewünschte Zeit ist zu früh; frühestens ${f.when}.`,
  requested_time_too_far: (f) => `Die gewünschte Zeit ist zu weit im Voraus; spätestens ${f.when}.`,
  scheduled_orders_unavailable: () => 'Wir nehmen nur Bestellungen für so bald wie möglich an.',
  payment_method_required: () => 'Wie möchten Sie bezahlen?',
  payment_method_unavailable: (f) => `${f.value} nehmen wir nicht an; Sie können ${f.allowed} bezahlen.`,
  customer_notes_not_allowed: () => 'Das Restaurant nimmt leider keine Hinweise zu Bestellungen an.',
  address_required: () => 'Wohin dürfen wir liefern?',
  address_coordinates_required: () =>
    'Bitte teilen Sie Ihren Standort (📎 → Standort), damit ich prüfen kann, ob wir dorthin liefern.',
  address_outside_zones: () => 'Diese Adresse liegt leider außerhalb unseres Liefergebiets.',
  address_not_found: () =>
    'Diese Adresse habe ich nicht gefunden. Bitte prüfen Sie Straße, Hausnummer und Postleitzahl oder teilen Sie Ihren Standort (📎 → Standort).',
  address_ambiguous: () => 'Zu dieser Adresse habe ich mehrere Orte gefunden.',
  address_lookup_unavailable: () =>
    'Ich kann Adressen gerade nicht prüfen. Bitte teilen Sie Ihren Standort (📎 → Standort) oder schicken Sie die Adresse gleich noch einmal.',
  below_zone_minimum: (f) =>
    `Der Mindestbestellwert für die Lieferung nach ${f.zone} ist ${f.minimum}; Ihre Bestellung liegt bei ${f.subtotal}.`,
  below_minimum_order: (f) => `Der Mindestbestellwert ist ${f.minimum}; Ihre Bestellung liegt bei ${f.subtotal}.`,
  items_required: () => 'Ihre Bestellung ist noch leer.',
  too_many_items: () => 'Das sind zu viele Artikel für eine Bestellung.',
  product_unknown: (f) => `${f.item} steht nicht mehr auf der Karte.`,
  bundle_unknown: (f) => `${f.item} steht nicht mehr auf der Karte.`,
  item_unavailable: (f) => `${f.value || f.item} ist gerade nicht verfügbar.`,
  option_quantity_exceeded: (f) => `${f.item}: höchstens ${f.max} × ${f.value}.`,
  extra_quantity_exceeded: (f) => `${f.item}: höchstens ${f.max} × extra ${f.value}.`,
  option_required: (f) => `Bitte wählen Sie ${f.group} für ${f.item}.`,
  too_many_options: (f) => `${f.item}: höchstens ${f.max} × ${f.group}.`,
  ingredient_not_removable: (f) => `${f.value} kann bei ${f.item} nicht weggelassen werden.`,
  extra_unavailable: (f) => `Extra ${f.value} gibt es für ${f.item} nicht.`,
  bundle_line_required: (f) => `Bitte wählen Sie ${f.group} für ${f.item}.`,
  too_many_choices: (f) => `Zu viele Auswahlen bei ${f.group} für ${f.item}.`,
  discount_code_invalid: (f) => `Der Code ${f.code} ist ungültig.`,
  discount_code_not_applicable: (f) => `Der Code ${f.code} gilt hier nicht${f.reason ? `: ${f.reason}` : ''}.`,
  amount_too_large: () => 'Diese Bestellung ist zu groß.',
  other: (f) =>
    `Bei ${f.item || 'der Bestellung'} passt etwas nicht; bitte sagen Sie mir noch einmal, wie Sie es möchten.`,
};

export const PROBLEM_TEXTS: Record<Lang, Templates> = { en, de };

export const CODE_REASONS: Record<Lang, Record<string, (bound: string) => string>> = {
  en: {
    not_started: (b) => `it starts ${b}`,
    expired: () => 'it has expired',
    minimum_subtotal: (b) => `it needs an order of at least ${b}`,
    service_type: (b) => `it is only for ${b}`,
  },
  de: {
    not_started: (b) => `er gilt erst ab ${b}`,
    expired: () => 'er ist abgelaufen',
    minimum_subtotal: (b) => `er gilt erst ab einem Bestellwert von ${b}`,
    service_type: (b) => `er gilt nur für ${b}`,
  },
};
