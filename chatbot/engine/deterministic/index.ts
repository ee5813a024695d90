/**
 * The deterministic engine: intents by keywords, items by matching the menu (typos, plurals, German and
 * English words, numbers in words), answers from the payload's own data. Needs nothing outside the
 * process, so its answers are exact and fast, and it is the fallback of the LLM engine.
 */
import { buttonsReply, textReply } from '../../answer.js';
import type { Payload } from '../../payload-types.js';
import { setAddress } from '../ops/draft.js';
import { rememberNote } from '../ops/orders.js';
import { noteToRemember } from '../parse/details.js';
import { intentsOf } from '../parse/intents.js';
import { afterChange, CONFIRM, checkout } from '../render/draft.js';
import { deliveryText } from '../render/service.js';
import { Turn } from '../turn.js';
import type { Clock, Engine } from '../types.js';
import { greet } from './greeting.js';
import { answerQuestions } from './info.js';
import { handleOrganization } from './locations.js';
import { applyOrderText } from './ordering.js';
import { askCancel, confirmPlacement, doRepeat, problemsAnswer, statusReply } from './orders.js';
import { handleReply, lastOutbound, typedChoice } from './replies.js';

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
      greet(turn);
    },
  };
  return engine;
}

function respond(turn: Turn): void {
  const t = turn.t;
  const msg = turn.p.lastMessage;
  if (msg.type === 'unsupported') {
    turn.say(textReply(t.unsupported));
    return;
  }
  const replyId = msg.reply?.id ?? typedChoice(turn);
  if (turn.p.mode === 'businessOrganization' && handleOrganization(turn, replyId)) return;
  if (!turn.location) {
    turn.say(textReply(t.notUnderstood));
    return;
  }
  if (turn.p.event.type === 'order_problems') {
    problemsAnswer(turn);
    return;
  }
  if (replyId && handleReply(turn, replyId)) return;
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

function respondToText(turn: Turn): void {
  const t = turn.t;
  const text = turn.text;
  const intents = intentsOf(text);
  const has = (i: Parameters<typeof intents.has>[0]) => intents.has(i);
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
    confirmPlacement(turn);
    return;
  }
  if (has('no') && confirmationShown) {
    handleReply(turn, 'change_order');
    return;
  }

  if (has('remember')) {
    rememberNote(turn, noteToRemember(text));
    turn.say(textReply(t.remembered(noteToRemember(text))));
    if (!has('ordering')) return;
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
  if (has('repeat') && turn.p.orders.length > 0) {
    doRepeat(turn);
    return;
  }
  if (has('status') && !has('ordering')) {
    statusReply(turn);
    return;
  }

  const asking = has('question') && !has('ordering');
  if (asking && answerQuestions(turn, text, intents)) return;
  const outcome = applyOrderText(turn, text, intents);
  if (outcome.understood) {
    const tone = turn.location?.ai.tone ?? 'friendly';
    if (outcome.itemsChanged && t.interjection[tone] && outcome.lead.length === 0) {
      outcome.lead.push(t.interjection[tone].trim());
    }
    if (has('checkout')) checkout(turn, outcome.lead.join('\n') || undefined);
    else afterChange(turn, outcome.lead);
    turn.say(...outcome.questions);
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
