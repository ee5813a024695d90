/**
 * Taps on our buttons and list rows. Their ids say everything needed ("opt:0:size-32": line 0 takes
 * option size-32), because the chatbot keeps no memory between messages. A customer who types a
 * button's title instead of tapping it gets the same.
 */
import { buttonsReply, textReply } from '../../answer.js';
import type { HistoryMessage, PaymentMethod, ServiceType } from '../../payload-types.js';
import { fullNameTokens } from '../menu/match.js';
import { matchPhrase } from '../menu/phrase.js';
import { addLines, clearDraft, modifyLine, setPayment, setServiceType } from '../ops/draft.js';
import { emptyModifiers } from '../parse/modifiers.js';
import { parseForItem, parseOrder } from '../parse/order.js';
import { FILLER } from '../parse/tokens.js';
import { afterChange, CHANGE, CHECKOUT, CONFIRM, checkout, refusalTexts, runningOrder } from '../render/draft.js';
import { categoryReply, menuOverview } from '../render/menu.js';
import { todayText, weekText } from '../render/service.js';
import { wordMatch } from '../text/fuzzy.js';
import { canon, fold, words } from '../text/normalize.js';
import type { Turn } from '../turn.js';
import { addressChoice, chosenAddress } from './address.js';
import { nextDetail } from './checkout.js';
import { confirmShown } from './confirm.js';
import { askCancel, doCancel, doRepeat, statusReply } from './orders.js';

/** The last message we sent before the customer's, if any. */
export function lastOutbound(turn: Turn): HistoryMessage | null {
  const history = turn.p.history;
  for (let i = history.length - 1; i >= 0; i--) if (history[i].direction === 'outbound') return history[i];
  return null;
}

/** A typed answer that is one of the choices we just offered ("Pick-up", "32 cm", "bar"). */
export function typedChoice(turn: Turn): string | null {
  const last = lastOutbound(turn);
  const typed = fold(turn.text)
    .replace(/[^a-z0-9 ]/g, ' ')
    .trim();
  if (!last || !typed) return null;
  const address = addressChoice(turn, last.rows);
  if (address) return address;
  if (typed.split(/\s+/).length > 4) return null;
  const choices = [...last.buttons, ...last.rows];
  const exact = choices.find(
    (c) =>
      fold(c.title)
        .replace(/[^a-z0-9 ]/g, ' ')
        .trim() === typed,
  );
  if (exact) return exact.id;
  const close = choices.filter(
    (c) =>
      wordMatch(
        typed,
        fold(c.title)
          .replace(/[^a-z0-9 ]/g, ' ')
          .trim(),
      ) >= 0.9,
  );
  if (close.length === 1) return close[0].id;
  // "San Pellegrino" for the row "San Pellegrino 0.5 l": every word typed is in one title, and in no other.
  const said = words(typed)
    .filter((w) => !FILLER.has(w))
    .map(canon);
  const named = choices
    .map((c) => ({ c, score: matchPhrase(said, fullNameTokens(c.title)) }))
    .filter((x) => x.score >= 0.6)
    .sort((a, b) => b.score - a.score);
  if (named.length === 1 || (named.length > 1 && named[0].score - named[1].score >= 0.2)) return named[0].c.id;
  // "Süßkartoffelpommes" for the row "Sweet Potato Fries": the item the order reader finds, when offered.
  const parsed = turn.index ? parseOrder(turn.text, turn.index, []) : null;
  const ids = parsed?.lines.length === 1 ? [parsed.lines[0].ref.item.id] : [];
  const offered = choices.filter((c) => ids.some((id) => c.id.endsWith(`:${id}`)));
  return offered.length === 1 ? offered[0].id : null;
}

function afterDetail(turn: Turn, lead: string): void {
  const question = nextDetail(turn);
  if (question) turn.say(textReply(lead), question);
  // Nothing missing: the order with its total and the confirmation question.
  else afterChange(turn, [lead]);
}

/** Acts on a reply id; false when the id is not ours (then the title is read as text). */
export function handleReply(turn: Turn, id: string): boolean {
  const t = turn.t;
  const [kind, ...rest] = id.split(':');
  const arg = rest.join(':');
  const index = turn.index;
  switch (kind) {
    case CHECKOUT:
      checkout(turn);
      return true;
    case CONFIRM:
      confirmShown(turn);
      return true;
    case CHANGE:
      turn.say(
        buttonsReply(`${runningOrder(turn)}\n\n${t.whatWouldYouLike}`, [
          { id: 'clear_draft', title: t.btn.clear },
          { id: 'menu', title: t.btn.menu },
        ]),
      );
      return true;
    case 'clear_draft':
      clearDraft(turn);
      turn.say(buttonsReply(`${t.cleared} ${t.whatWouldYouLike}`, [{ id: 'menu', title: t.btn.menu }]));
      return true;
    case 'menu':
      turn.say(menuOverview(turn));
      return true;
    case 'cat':
      turn.say(...categoryReply(turn, arg));
      return true;
    case 'hours':
      turn.say(textReply(`${todayText(turn)}\n\n${weekText(turn)}`));
      return true;
    case 'status':
      statusReply(turn);
      return true;
    case 'add': {
      const [itemId, ...words] = arg.split('|');
      const ref = index?.ref(itemId);
      if (!index || !ref) return false;
      const line = words.join('|')
        ? parseForItem(words.join('|'), index, ref)
        : { ref, quantity: 1, mods: emptyModifiers(), text: '' };
      afterChange(turn, refusalTexts(turn, addLines(turn, [line]).refused));
      return true;
    }
    case 'opt': {
      const [line, optionId] = arg.split(':');
      const group = turn.location?.menu.groups.find((g) => g.options.some((o) => o.id === optionId));
      if (!group || !turn.items[Number(line)]) return false;
      const mods = emptyModifiers();
      mods.options.push({ groupId: group.id, optionId, quantity: 1 });
      afterChange(turn, refusalTexts(turn, modifyLine(turn, Number(line), mods)?.refused ?? []));
      return true;
    }
    case 'pick': {
      const [line, lineId, productId] = arg.split(':');
      if (!turn.items[Number(line)]) return false;
      const mods = emptyModifiers();
      mods.picks.push({ lineId, productId });
      afterChange(turn, refusalTexts(turn, modifyLine(turn, Number(line), mods)?.refused ?? []));
      return true;
    }
    case 'svc':
      setServiceType(turn, arg as ServiceType);
      afterDetail(turn, t.serviceSet(t.serviceName[arg] ?? arg));
      return true;
    case 'pay':
      setPayment(turn, arg as PaymentMethod);
      afterDetail(turn, t.paymentSet(t.paymentName[arg] ?? arg));
      return true;
    case 'ask_cancel':
      askCancel(turn, arg);
      return true;
    case 'cancel':
      doCancel(turn, arg);
      return true;
    case 'keep_order':
      turn.say(textReply(t.kept));
      return true;
    case 'repeat':
      doRepeat(turn, arg || null);
      return true;
    case 'addr':
      return chosenAddress(turn, arg);
    default:
      return false;
  }
}
