/**
 * The deterministic engine: intents by keywords, items by matching the menu (typos, plurals, German and
 * English words, numbers in words), answers from the payload's own data. Needs nothing outside the
 * process, so its answers are exact and fast, and it is the fallback of the LLM engine.
 */
import { buttonsReply, type Reply, textReply } from '../../answer.js';
import type { Address, Payload } from '../../payload-types.js';
import { setAddress, setServiceType } from '../ops/draft.js';
import { rememberNote } from '../ops/orders.js';
import { addressIn, noteToRemember } from '../parse/details.js';
import { dietaryTag, type IntentName, intentsOf, onlyWantsToOrder } from '../parse/intents.js';
import { addressAsks, announceZone, zoneNews } from '../render/address.js';
import { afterChange, CONFIRM, checkout } from '../render/draft.js';
import { menuOverview } from '../render/menu.js';
import { addressText, deliveryText } from '../render/service.js';
import { fold, words } from '../text/normalize.js';
import { quantityAt } from '../text/numbers.js';
import { Turn } from '../turn.js';
import type { Clock, Engine } from '../types.js';
import { asideThenOrder } from './aside.js';
import { confirmShown } from './confirm.js';
import { greet } from './greeting.js';
import { answerQuestions } from './info.js';
import { handleOrganization } from './locations.js';
import { applyOrderText, type OrderOutcome } from './ordering.js';
import { askCancel, doRepeat, historyReply, problemsAnswer, statusReply } from './orders.js';
import { handleReply, lastOutbound, typedChoice } from './replies.js';
import { unsupportedAnswer } from './unsupported.js';

export function createDeterministicEngine(clock: Clock = () => new Date()) {
  const engine: Engine & { respond(turn: Turn): void } = {
    name: 'deterministic',
    async answer(payload: Payload) {
      const turn = new Turn(payload, clock());
      engine.respond(turn);
      return turn.finish();
    },
    respond(turn: Turn) {
      respond(turn);
      // The zone's fee and minimum, once the address is in (here, or by the server's quote later).
      announceZone(turn);
      greet(turn);
    },
  };
  return engine;
}

function respond(turn: Turn): void {
  const t = turn.t;
  const msg = turn.p.lastMessage;
  if (msg.type === 'unsupported') {
    unsupportedAnswer(turn);
    return;
  }
  const replyId = msg.reply?.id ?? typedChoice(turn);
  if (turn.p.mode === 'businessOrganization') {
    const answered = handleOrganization(turn, replyId);
    // Chosen from the organization's list, which has no menus: the message again, with that one's.
    if (turn.lacksMenu(answered)) {
      turn.redeliver();
      return;
    }
    if (answered) return;
  }
  if (!turn.location) {
    turn.say(textReply(t.notUnderstood));
    return;
  }
  if (turn.p.event.type === 'order_problems') {
    problemsAnswer(turn);
    return;
  }
  if (replyId && !turn.replyUsed && handleReply(turn, replyId)) return;
  if (msg.type === 'location' && msg.location) {
    const { latitude, longitude } = msg.location;
    setAddress(turn, { latitude, longitude, line1: msg.location.address ?? null });
    const lead = deliveryText(turn, { latitude, longitude });
    if (turn.items.length > 0) afterChange(turn, [lead]);
    else turn.say(textReply(lead));
    return;
  }
  respondToText(turn);
}

/**
 * A typed address completes the draft's (a shared pin stays: ops/draft.ts setAddress); the confirmation
 * says what is still missing, precisely (render/address.ts): the postal code and city, and a pin only when
 * neither a postal-code zone nor the server's address lookup can place it.
 */
function typedAddress(turn: Turn, typed: Partial<Address>): string {
  const t = turn.t;
  // A point the server found for this very address (businessOrganization lookup) is no shared pin; the
  // postal code, city and country it found stay where the customer typed none.
  const found = turn.pointLookedUp ? turn.draft.deliveryAddress : null;
  const pinKept = turn.draft.deliveryAddress?.latitude != null && !found;
  const fill = (k: 'postalCode' | 'city' | 'country') => typed[k] ?? found?.[k] ?? null;
  setAddress(
    turn,
    found ? { ...typed, postalCode: fill('postalCode'), city: fill('city'), country: fill('country') } : typed,
  );
  if (!turn.draft.serviceType) setServiceType(turn, 'delivery');
  const address = turn.draft.deliveryAddress ?? null;
  const shown = addressText({ ...address, latitude: null, longitude: null });
  return pinKept ? t.addressWithPin(shown) : t.addressSet(shown);
}

/**
 * After a typed address: the zone's terms when its zone is known now, and what the address still lacks
 * (render/address.ts); with items in the draft the read-back asks for that itself (deterministic/checkout.ts).
 */
function addressFollowUp(turn: Turn): string[] {
  const news = zoneNews(turn);
  return [...(news ? [news] : []), ...(turn.items.length === 0 ? addressAsks(turn) : [])];
}

/** "2 cheeseburgers", "zwei Pizzen", "a dozen": a number of something (not "a", not "which one"). */
function namesQuantity(text: string): boolean {
  const raw = words(text);
  return raw.some(
    (w, i) =>
      !/^(a|an|ein|eine|einen|einem|einer)$/.test(w) &&
      !(
        /^(one|eins|einer)$/.test(w) && /^(which|this|that|the|any|every|some|no|welche\w*|the)$/.test(raw[i - 1] ?? '')
      ) &&
      quantityAt(raw, i) !== null,
  );
}

// biome-ignore format: a word list
const SERVICE_QUESTIONS: IntentName[] = [
  'question', 'hours', 'today', 'week', 'closings', 'address', 'contact', 'delivery', 'minimum', 'payment',
];

/**
 * The service questions of a message that also orders (hours, contact, delivery terms, payment), answered
 * without its dishes: "today" and "week" only with a word about the hours ("2 pizzas today" is no question).
 */
function serviceQuestions(turn: Turn, intents: Set<IntentName>): void {
  const asked = new Set(SERVICE_QUESTIONS.filter((i) => intents.has(i)));
  if (!asked.has('hours')) {
    asked.delete('today');
    asked.delete('week');
  }
  if (asked.size > 1) answerQuestions(turn, '', asked);
}

/**
 * A verb that asks for something to be brought or made: "can you deliver a Diavolo to me?", "Kannst du
 * mir eine Pizza bringen?", "can you do an xl pizza with sausage?" order even with only an article ("do you have
 * a veggie burger?" does not).
 */
const REQUEST =
  /\b(deliver|bring|send|make me|get me|(possible|able) to (get|have|order|do|make|grab)|(can|could|would) (you|u|ya) (please |pls |plz )?(do|make)|liefern|liefert|bringen|bringt|schicken|schickt|machen|machst|macht)\b/;

/** Leading "can you …" and a trailing "to me?": the question's frame around an order. */
const QUESTION_FRAME =
  /^\s*(?:(?:can|could|would|will|do)\s+(?:you|u|ya)|(?:kannst|konntest|könntest)\s+du|(?:konnt|könnt)\s+ihr|(?:konnen|können|konnten|könnten)\s+sie)\b|\b(?:to|for)\s+(?:me|us)\b|\b(?:zu|für|fur)\s+(?:mir|uns)\b|\?/gi;

/**
 * "Can you deliver 2 cheeseburgers and two fries to me?": a question that also orders. The items go in
 * the draft, the service type with them, and the service part of the question is answered. False (and
 * the draft as it was) when no item was added: then it was only a question.
 */
function orderInQuestion(turn: Turn, text: string, intents: Set<IntentName>, lead: () => string[]): boolean {
  const has = (i: IntentName) => intents.has(i);
  // ("can you do a small pizza … on gluten free crust": a request names the dish; a diet word is then a choice.)
  const request = REQUEST.test(fold(text));
  const diet = dietaryTag(text) !== null && !request;
  const aboutDish = has('price') || has('details') || has('unavailable') || has('menu') || diet;
  if (aboutDish || !(namesQuantity(text) || request)) return false;
  const before = { draft: structuredClone(turn.draft), changed: turn.draftChanged };
  const asOrder = new Set(intents);
  asOrder.delete('question');
  asOrder.add('ordering');
  const outcome = applyOrderText(turn, text.replace(QUESTION_FRAME, ' '), asOrder);
  if (!outcome.itemsChanged) {
    turn.draft = before.draft;
    turn.draftChanged = before.changed;
    return false;
  }
  serviceQuestions(turn, intents);
  readBack(turn, intents, { ...outcome, lead: [...lead(), ...outcome.lead] });
  return true;
}

/** Words of a remark about something past or someone's ("my last pizza came cold", "your wings are"). */
const TELLS = /\b(my|your|our|his|her|last|was|were|came|had|is|are|tried|said|says|told|loved|liked)\b/i;

/**
 * "do you take cards? anyway, a large pepperoni": the order after a question or a remark (./aside.ts),
 * and the question answered. False (the draft as it was) when nothing after it orders, or when what came
 * before orders too (then the whole message is read as one).
 */
function orderAfterAside(turn: Turn, text: string): boolean {
  const split = asideThenOrder(text);
  if (!split) return false;
  const before = { draft: structuredClone(turn.draft), changed: turn.draftChanged };
  const restore = () => {
    turn.draft = structuredClone(before.draft);
    turn.draftChanged = before.changed;
  };
  const asOrder = (t: string) => new Set<IntentName>([...intentsOf(t), 'ordering']);
  // (A remark orders nothing, "my last pizza came cold"; nor does a question, unless it asks for something:
  // "Can I get a medium pepperoni? And a coke" is one order. Said without a verb, "a large pepperoni,
  // anyway also a coke" orders before "anyway" too: what names items and tells of nothing is an order.)
  if (intentsOf(split.aside).has('ordering') || namesQuantity(split.aside)) return false;
  if (!split.asked && !TELLS.test(split.aside)) {
    const named = applyOrderText(turn, split.aside, asOrder(split.aside)).itemsChanged;
    restore();
    if (named) return false;
  }
  const intents = asOrder(split.order);
  intents.delete('question');
  const outcome = applyOrderText(turn, split.order, intents);
  if (!outcome.itemsChanged) {
    restore();
    return false;
  }
  const asked = intentsOf(split.aside);
  if (split.asked) answerQuestions(turn, split.aside, asked);
  readBack(turn, intents, outcome);
  return true;
}

function readBack(turn: Turn, intents: Set<IntentName>, outcome: OrderOutcome): void {
  const t = turn.t;
  const tone = turn.location?.ai.tone ?? 'friendly';
  if (outcome.itemsChanged && t.interjection[tone] && outcome.lead.length === 0) {
    outcome.lead.push(t.interjection[tone].trim());
  }
  if (intents.has('checkout')) checkout(turn, outcome.lead.join('\n') || undefined);
  else afterChange(turn, outcome.lead);
  turn.say(...outcome.questions);
}

/** "Bestellen", "I want to order": gladly, and the menu to start from. */
function orderPrompt(turn: Turn): void {
  const menu: Reply = menuOverview(turn);
  if (menu.list) turn.say({ ...menu, text: turn.t.orderPrompt });
  else turn.say(textReply(turn.t.orderPrompt), menu);
}

function respondToText(turn: Turn): void {
  const t = turn.t;
  let text = turn.text;
  const intents = intentsOf(text);
  const has = (i: IntentName) => intents.has(i);
  const last = lastOutbound(turn);
  const confirmationShown = last?.buttons.some((b) => b.id === CONFIRM) ?? false;
  const cancelAsked = last?.buttons.find((b) => b.id.startsWith('cancel:'));

  if (has('yes') && cancelAsked) {
    handleReply(turn, cancelAsked.id);
    return;
  }
  if (has('no') && cancelAsked) {
    handleReply(turn, 'keep_order');
    return;
  }
  if (has('yes') && confirmationShown) {
    confirmShown(turn);
    return;
  }
  // "nein, zwei Carbonara ohne Pfeffer": the "no" and what it should be instead, read as the change.
  const after = text.replace(/^\W*(no|nope|nah|nein|ne|nee)\b[\s,.!:;-]*/i, '');
  if (has('no') && confirmationShown && after.trim().split(/\s+/).length < 2) {
    handleReply(turn, 'change_order');
    return;
  }
  if (has('no') && confirmationShown) text = `no wait, ${after}`;

  if (has('remember')) {
    rememberNote(turn, noteToRemember(text));
    turn.say(textReply(t.remembered(noteToRemember(text))));
    // ("a medium veggie supreme, I'm allergic to mushrooms": an order said with the note is taken too.)
    if (!has('ordering')) {
      const before = { draft: structuredClone(turn.draft), changed: turn.draftChanged };
      const outcome = applyOrderText(turn, text, intents);
      if (outcome.itemsChanged) readBack(turn, intents, outcome);
      else {
        turn.draft = before.draft;
        turn.draftChanged = before.changed;
      }
      return;
    }
  }
  if (has('cancel') && !has('clear')) {
    const open = turn.p.orders.some((o) => o.status === 'received');
    if (open || turn.items.length === 0) {
      askCancel(turn);
      return;
    }
  }
  if (has('clear') || (has('cancel') && turn.items.length > 0)) {
    handleReply(turn, 'clear_draft');
    return;
  }
  if (has('history')) {
    historyReply(turn);
    return;
  }
  if (has('repeat') && turn.p.orders.length > 0) {
    doRepeat(turn);
    return;
  }
  // "how long does delivery take?" before any order is a question about delivery, not about an order.
  if (has('status') && !has('ordering') && !(turn.p.orders.length === 0 && (has('delivery') || has('services')))) {
    statusReply(turn);
    return;
  }
  if (onlyWantsToOrder(text) && !(has('checkout') && turn.items.length > 0)) {
    orderPrompt(turn);
    return;
  }

  // A typed address is taken first: the order parser then does not read its street as a dish.
  const typed = addressIn(text);
  const addressSet = typed ? typedAddress(turn, typed.value) : null;
  if (typed) text = typed.rest;
  const addressLead = () => (addressSet ? [addressSet, ...addressFollowUp(turn)] : []);
  if (orderAfterAside(turn, text)) return;
  const asking = has('question') && !has('ordering');
  if (asking && orderInQuestion(turn, text, intents, addressLead)) return;
  if (asking && answerQuestions(turn, text, intents)) {
    if (addressSet) turn.say(textReply(addressLead().join('\n')));
    return;
  }
  const outcome = applyOrderText(turn, text, intents);
  if (typed) outcome.understood = true;
  if (outcome.understood) {
    if (has('question')) serviceQuestions(turn, intents);
    readBack(turn, intents, { ...outcome, lead: [...addressLead(), ...outcome.lead] });
    return;
  }
  if (answerQuestions(turn, text, intents)) return;
  if (has('checkout') || (has('yes') && turn.items.length > 0)) {
    checkout(turn);
    return;
  }
  if (has('thanks')) {
    turn.say(textReply(t.youAreWelcome));
    return;
  }
  const menu = { id: 'menu', title: t.btn.menu };
  const hours = { id: 'hours', title: t.btn.hours };
  const status = { id: 'status', title: t.btn.status };
  const buttons = turn.p.orders.length > 0 ? [menu, hours, status] : [menu, hours];
  const concise = turn.location?.ai.tone === 'concise';
  const help = concise && !has('help') ? '' : ` ${t.help}`;
  const lead = has('greeting') || has('help') ? help.trim() : `${t.notUnderstood}${help}`;
  turn.say(buttonsReply(`${lead} ${t.whatWouldYouLike}`, buttons));
}
