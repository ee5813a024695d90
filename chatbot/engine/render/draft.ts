/**
 * Reading the order back. While the customer orders: the lines with a running subtotal from the menu,
 * then the next open question or "anything else?". At checkout: the server's priced draft (totals, fees,
 * discounts, expected time) and its problems; only a draft without problems gets the "Place order" button.
 */
import { buttonsReply, textReply } from '../../answer.js';
import { linePrice } from '../menu/price.js';
import type { Refusal } from '../ops/draft.js';
import type { Turn } from '../turn.js';
import { describeItem } from './lines.js';
import { explainProblems } from './problems.js';
import { missingChoice } from './questions.js';

export const CHECKOUT = 'checkout';
export const CONFIRM = 'confirm_order';
export const CHANGE = 'change_order';

/** The draft with local prices and subtotal. */
export function runningOrder(turn: Turn): string {
  const menu = turn.location?.menu;
  if (!menu || turn.items.length === 0) return turn.t.emptyOrder;
  const lines = turn.items.map((i) => `${describeItem(turn, i)} — ${turn.money(linePrice(menu, i))}`);
  const subtotal = turn.items.reduce((sum, i) => sum + linePrice(menu, i).amount, 0);
  return turn.t.orderSoFar(lines, turn.money({ amount: subtotal, currency: menu.currency }));
}

/** What the kitchen has switched off, in the customer's language: "Sorry, Anchovies is not available right now." */
export function refusalTexts(turn: Turn, refused: Refusal[]): string[] {
  return refused.map((r) => turn.t.unavailable(r.name, r.until ? turn.when(r.until) : null));
}

/** After the draft changed: the order so far, then the open question or the way to checkout. */
export function afterChange(turn: Turn, lead: string[] = []): void {
  const t = turn.t;
  const body = [lead.filter(Boolean).join('\n'), runningOrder(turn)].filter(Boolean).join('\n\n');
  const question = missingChoice(turn);
  if (question) {
    turn.say(textReply(body), question);
    return;
  }
  if (turn.items.length === 0) {
    turn.say(buttonsReply(`${body}\n\n${t.whatWouldYouLike}`, [{ id: 'menu', title: t.btn.menu }]));
    return;
  }
  turn.say(
    buttonsReply(`${body}\n\n${t.anythingElse}`, [
      { id: CHECKOUT, title: t.btn.checkout },
      { id: 'menu', title: t.btn.menu },
    ]),
  );
}

/** The server's pricing of the draft as it stands, and either its problems or the confirmation question. */
export function checkout(turn: Turn, header?: string): void {
  const t = turn.t;
  const q = turn.p.quote;
  if (turn.draftChanged || !q) {
    // The server prices a draft only when it receives it: show it once more, then checkout prices it.
    afterChange(turn, header ? [header] : []);
    return;
  }
  if (turn.items.length === 0) {
    turn.say(buttonsReply(`${t.emptyOrder} ${t.whatWouldYouLike}`, [{ id: 'menu', title: t.btn.menu }]));
    return;
  }
  const lines = turn.items.map((item, i) => {
    const price = q.itemTotals[i];
    return `${describeItem(turn, item)}${price ? ` — ${turn.money(price)}` : ''}`;
  });
  const text = [header ?? t.yourOrder, t.list(lines)];
  if (q.subtotal && (q.discounts.length > 0 || q.charges.length > 0)) text.push(t.subtotal(turn.money(q.subtotal)));
  for (const d of q.discounts) text.push(t.discount(d.name, turn.money(d.amount)));
  for (const c of q.charges) text.push(t.charge(c.type, turn.money(c.amount)));
  if (q.total) text.push(t.total(turn.money(q.total)));
  const service = turn.draft.serviceType;
  if (service && q.expectedTime && q.problems.length === 0) text.push(t.expected(service, turn.when(q.expectedTime)));
  if (turn.draft.paymentMethod) text.push(t.paymentLine(t.paymentName[turn.draft.paymentMethod]));
  if (q.problems.length === 0) {
    turn.say(
      buttonsReply(`${text.join('\n')}\n\n${t.confirm}`, [
        { id: CONFIRM, title: t.btn.place },
        { id: CHANGE, title: t.btn.change },
      ]),
    );
    return;
  }
  const { lines: problems, question } = explainProblems(turn, q.problems);
  const body = `${text.join('\n')}${problems.length ? `\n\n${t.beforePlacing}\n${t.list(problems)}` : ''}`;
  if (question && problems.length === 0) {
    // Only questions left: ask the first with the order above it.
    turn.say({ ...question, text: `${body}\n\n${question.text}` });
    return;
  }
  turn.say(...(question ? [textReply(body), question] : [textReply(body)]));
}
