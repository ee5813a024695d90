/** English texts. ./de.ts has the same keys; ./index.ts picks one per answer. */
const list = (items: string[]) => items.map((i) => `• ${i}`).join('\n');
const and = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

export const en = {
  and,
  list,
  welcome: (name: string) => `Welcome to ${name}!`,
  help: 'I can show you the menu, take your order, and tell you about opening hours, delivery and your orders.',
  whatWouldYouLike: 'What would you like?',
  // A list shows at most 10 rows (WhatsApp): the rest can be written.
  moreThanListed: 'Not all fit in the list: write the name of the one you want.',
  tryAgain: 'Sorry, I could not read your message. Please try again.',
  startAgain: 'Sorry, something went wrong with this conversation. Please start again by sending "Hi".',
  unsupported:
    'I can read text, shared locations and the buttons I send, but no images, voice messages or stickers. Could you type it?',
  notUnderstood: 'Sorry, I did not understand that.',
  youAreWelcome: 'You are welcome! Enjoy your meal.',
  interjection: { friendly: 'Great! ', formal: '', concise: '' },
  btn: {
    menu: 'Menu',
    checkout: 'Checkout',
    place: 'Place order',
    change: 'Change order',
    clear: 'Start over',
    delivery: 'Delivery',
    collection: 'Pick-up',
    eat_in: 'Eat in',
    cash: 'Cash',
    card: 'Card',
    online: 'Online',
    yesCancel: 'Yes, cancel',
    cancelOrder: 'Cancel order',
    keep: 'Keep it',
    hours: 'Opening hours',
    status: 'My order',
    choose: 'Choose',
    repeat: 'Order again',
  },
  serviceName: { delivery: 'delivery', collection: 'pick-up', eat_in: 'eat in' } as Record<string, string>,
  paymentName: { cash: 'cash', card: 'card', online: 'online payment' } as Record<string, string>,
  // Draft
  added: (lines: string[]) => `Added:\n${list(lines)}`,
  orderSoFar: (lines: string[], subtotal: string) => `Your order so far:\n${list(lines)}\nSubtotal: ${subtotal}`,
  anythingElse: 'Anything else? When you are done, tap Checkout.',
  askOption: (group: string, item: string) => `Which ${group.toLowerCase()} would you like for the ${item}?`,
  whichOne: (text: string) => `Which one do you mean by "${text}"?`,
  notOnMenu: (items: string[]) => `I could not find ${and(items.map((i) => `"${i}"`))} on our menu.`,
  unavailable: (name: string, until: string | null) =>
    `Sorry, ${name} is not available right now${until ? ` (again from ${until})` : ''}.`,
  tooMany: (name: string, asked: number, max: number) =>
    `Sorry, ${asked} × ${name} is more than we can take in one order: at most ${max} of one item. How many would you like?`,
  notRemovable: (names: string[]) => `${and(names)} cannot be left out.`,
  unknownWords: (words: string[], item: string) =>
    `I did not understand ${and(words.map((w) => `"${w}"`))} for the ${item}.`,
  noExtra: (names: string[]) => `We cannot add extra ${and(names)}.`,
  removed: (item: string) => `Removed ${item}.`,
  notInOrder: 'I could not find that in your order.',
  quantitySet: (item: string) => `Changed to ${item}.`,
  cleared: 'I have cleared your order.',
  emptyOrder: 'Your order is still empty.',
  serviceSet: (s: string) => `${s[0].toUpperCase()}${s.slice(1)} it is.`,
  addressSet: (a: string) => `Delivery address: ${a}.`,
  askPin: 'Please share your location (📎 → Location) so I can check that we deliver there.',
  askAddress: 'Where should we deliver to? Send the address or share your location.',
  timeSet: (when: string) => `Requested for ${when}.`,
  asap: 'As soon as possible.',
  paymentSet: (m: string) => `You will pay by ${m}.`,
  notesSet: (n: string) => `Note for the kitchen: "${n}".`,
  deliveryNotesSet: (n: string) => `Note for the driver: "${n}".`,
  codeSet: (c: string) => `Discount code ${c} added.`,
  remembered: (n: string) => `I will remember that: "${n}".`,
  // Checkout
  yourOrder: 'Here is your order:',
  subtotal: (m: string) => `Subtotal: ${m}`,
  discount: (name: string, m: string) => `${name}: −${m}`,
  charge: (type: string, m: string) => `${type === 'delivery' ? 'Delivery fee' : 'Service fee'}: ${m}`,
  total: (m: string) => `*Total: ${m}*`,
  expected: (service: string, when: string) =>
    `${service === 'delivery' ? 'Delivery' : service === 'eat_in' ? 'Ready' : 'Ready for pick-up'} ${when}.`,
  paymentLine: (m: string) => `Payment: ${m}.`,
  confirm: 'Shall I place the order?',
  beforePlacing: 'Before I can place it:',
  couldNotPlace: 'I could not place your order yet:',
  placed: (name: string) =>
    `Thank you! Your order has been sent to ${name}. You can ask me about its status at any time.`,
  draftChangedConfirm: 'Your order has changed. Here it is again:',
  askService: 'Would you like delivery, pick-up or to eat in?',
  askPayment: 'How would you like to pay?',
  stillAdding: 'Anything else? Just write it. If not:',
  serviceLine: (s: string) => `Service: ${s}.`,
  finalPrice: 'The restaurant priced your order like this:',
  // Orders
  noOrders: 'You have not ordered with us yet.',
  orderStatus: (n: string, status: string, placed: string) => `Your order #${n} (placed ${placed}) is ${status}.`,
  expectedAt: (when: string) => `Expected ${when}.`,
  status: {
    received: 'received and waiting for the restaurant to accept it',
    accepted: 'accepted',
    in_preparation: 'being prepared',
    awaiting_shipment: 'ready and waiting for the driver',
    awaiting_collection: 'ready to pick up',
    in_delivery: 'on its way',
    completed: 'completed',
    rejected: 'declined by the restaurant',
    cancelled: 'cancelled',
    delivery_failed: 'not delivered',
  } as Record<string, string>,
  askCancel: (n: string, items: string) => `Cancel order #${n} (${items})?`,
  cancelling: (n: string) => `Order #${n} is cancelled.`,
  cannotCancel: (n: string, status: string) =>
    `Order #${n} is already ${status}, so I cannot cancel it here. Please contact the restaurant directly.`,
  nothingToCancel: 'You have no open order to cancel.',
  kept: 'Alright, your order stays as it is.',
  repeated: (n: string) => `I have put your order #${n} together again:`,
  repeatSkipped: (items: string[]) => `Not available any more: ${and(items)}.`,
  // Hours and service
  openNow: (until: string) => `We are open now, until ${until}.`,
  closedNow: (next: string | null) => `We are closed right now.${next ? ` We open again ${next}.` : ''}`,
  closedSpecial: (reason: string, next: string | null) =>
    `We are closed right now: ${reason}${next ? ` We open again ${next}.` : ''}`,
  today: (spans: string[]) => (spans.length ? `Today we are open ${and(spans)}.` : 'We are closed today.'),
  week: (lines: string[]) => `Our opening hours:\n${lines.join('\n')}`,
  closedDay: 'closed',
  closings: (lines: string[]) => `Special closings:\n${list(lines)}`,
  noClosings: 'No special closings are planned.',
  address: (a: string) => `You will find us at ${a}.`,
  // Without the location's phone and e-mail, the chat is the way to reach the restaurant.
  contact: 'Just write to me here.',
  reachUs: (phone: string | null, email: string | null) =>
    `You can ${[phone && `call us on ${phone}`, email && `e-mail us at ${email}`].filter(Boolean).join(' or ')}, or just write to me here.`,
  services: (s: string[]) => `We offer ${and(s)}.`,
  zones: (lines: string[]) => `We deliver to these areas:\n${list(lines)}`,
  zone: (name: string, fee: string, min: string, free: string | null, minutes: number) =>
    `${name}: delivery fee ${fee}, minimum order ${min}${free ? `, free delivery from ${free}` : ''}, about ${minutes} min`,
  noDelivery: 'Sorry, we do not deliver at the moment.',
  minimum: (m: string) => `The minimum order for pick-up and eating in is ${m}.`,
  noMinimum: 'There is no minimum order for pick-up.',
  payments: (m: string[]) => `You can pay by ${and(m)}.`,
  promotions: (lines: string[]) => `Current offers:\n${list(lines)}`,
  noPromotions: 'There are no special offers right now.',
  prepTime: (min: number) => `Orders are usually ready in about ${min} minutes.`,
  deliversThere: (zone: string, fee: string, min: string, minutes: number) =>
    `Yes, we deliver there (${zone}): delivery fee ${fee}, minimum order ${min}, about ${minutes} min.`,
  outsideZones: 'Sorry, that address is outside our delivery area. You are welcome to pick up your order.',
  notAccepting: 'Sorry, the restaurant is not taking orders at the moment.',
  // Menu
  menuIntro: 'Here is our menu. Which category would you like to see?',
  categoryItems: (name: string, lines: string[]) => `${name}:\n${list(lines)}`,
  fromPrice: (m: string) => `from ${m}`,
  options: (group: string, names: string[]) => `${group}: ${names.join(', ')}`,
  canRemove: (names: string[]) => `Can be left out: ${and(names)}`,
  canExtra: (names: string[]) => `Extra: ${names.join(', ')}`,
  allergens: (names: string[]) => (names.length ? `Allergens: ${and(names)}` : 'No allergens declared.'),
  tags: (names: string[]) => `${names.join(', ')}`,
  notAvailableNow: (until: string | null) => `Not available right now${until ? ` (again from ${until})` : ''}.`,
  isTagged: (item: string, tag: string, yes: boolean) =>
    yes ? `Yes, the ${item} is ${tag}.` : `No, the ${item} is not ${tag}.`,
  withTag: (tag: string, lines: string[]) => `${tag[0].toUpperCase()}${tag.slice(1)} dishes:\n${list(lines)}`,
  noneWithTag: (tag: string) => `Sorry, we have nothing ${tag} on the menu.`,
  without: (allergen: string, lines: string[]) => `Without ${allergen}:\n${list(lines)}`,
  contains: (item: string, allergen: string, yes: boolean) =>
    yes
      ? `Yes, the ${item} contains ${allergen}.`
      : `No, the ${item} contains no ${allergen} (as declared by the restaurant).`,
  unavailableList: (lines: string[]) => `Not available right now:\n${list(lines)}`,
  allAvailable: 'Everything on the menu is available right now.',
  bundleLine: (name: string, choices: string[]) => `${name}: ${choices.join(' / ')}`,
  allergenName: {
    gluten: 'gluten',
    crustaceans: 'crustaceans',
    eggs: 'eggs',
    fish: 'fish',
    peanuts: 'peanuts',
    soybeans: 'soy',
    milk: 'milk',
    nuts: 'nuts',
    celery: 'celery',
    mustard: 'mustard',
    sesame: 'sesame',
    sulphites: 'sulphites',
    lupin: 'lupin',
    molluscs: 'molluscs',
  } as Record<string, string>,
  tagName: {
    vegetarian: 'vegetarian',
    vegan: 'vegan',
    gluten_free: 'gluten-free',
    lactose_free: 'lactose-free',
    halal: 'halal',
    kosher: 'kosher',
    spicy: 'spicy',
    contains_alcohol: 'contains alcohol',
  } as Record<string, string>,
  // Locations (businessOrganization mode)
  chooseLocation: (org: string) =>
    `Welcome to ${org}! Which of our restaurants would you like to order from? Share your location and I will find the right one.`,
  locationChosen: (name: string, address: string) => `You are ordering from ${name} (${address}).`,
  locationDelivers: (name: string, zone: string) => `${name} delivers to you (${zone}).`,
  nearest: (name: string, km: string) => `The nearest restaurant is ${name}, ${km} km away.`,
  noLocationDelivers: (name: string, km: string) =>
    `Sorry, none of our restaurants delivers to that address. The nearest one for pick-up is ${name}, ${km} km away.`,
  switchHint: 'Write "switch restaurant" any time to choose another one.',
  draftDropped: 'Your order so far was for the other restaurant, so I have started a new one.',
  orderKept: (name: string) => `Your order comes along: everything in it is on the menu of ${name} too.`,
  orderPartlyKept: (name: string, dropped: string[]) =>
    `${and(dropped)} ${dropped.length > 1 ? 'are' : 'is'} not on the menu of ${name}, so I took ${dropped.length > 1 ? 'them' : 'it'} out; the rest of your order comes along.`,
  allDropped: (name: string, dropped: string[]) =>
    `${and(dropped)} ${dropped.length > 1 ? 'are' : 'is'} not on the menu of ${name}, so I have started a new order.`,
  // Typed addresses, order history, the wish to order
  addressWithPin: (a: string) => `Delivery address: ${a} (at the location you shared).`,
  askCity: 'Please also send the postal code and city.',
  askStreet: 'Please also send the street and house number, so the driver finds the door.',
  historyIntro: 'Your recent orders:',
  historyLine: (n: string, when: string, items: string, total: string, status: string) =>
    `#${n}, ${when}: ${items} (${total}, ${status})`,
  historyMore: (n: number) => `… and ${n} more.`,
  orderPrompt: 'Gladly! What would you like? Tell me the dishes, or choose from the menu.',
  // The zone of a typed address, and what the server's address lookup found (issue 20)
  zoneTerms: (zone: string, fee: string, min: string, free: string | null) =>
    `Delivery to ${zone}: delivery fee ${fee}, minimum order ${min}${free ? `, free delivery from ${free}` : ''}.`,
  askPinOrPostalCode:
    'Please send your postal code, or share your location (📎 → Location), so I can check that we deliver there.',
  addressNotFound:
    'I could not find that address. Please check the street, house number and postal code, or share your location (📎 → Location).',
  addressAmbiguous: 'I found more than one place with that address. Which one do you mean?',
  addressLookupUnavailable:
    'I cannot check addresses right now. Please share your location (📎 → Location), or send the address again in a moment.',
  chooseAddress: 'Choose address',
  // businessOrganization mode: the server's lookup of a typed address, to find the restaurant (issue 20)
  placeNotFound:
    'I could not find that address. Please check the street and house number, or send your postal code or share your location (📎 → Location).',
  placeLookupUnavailable:
    'I cannot check addresses right now. Please send your postal code or share your location (📎 → Location), or choose a restaurant from the list.',
};

export type Texts = typeof en;
