/**
 * Reading the order back. After every change: the lines with a running subtotal from the menu, then the
 * next thing still missing (a required choice, the service type, a pin for delivery, the payment), asked
 * at once with its buttons while the customer may still add more; when nothing is missing, the order with
 * its total (priced locally by the documented rule, ./estimate.ts) and the confirmation question, so the
 * next "yes" places it (deterministic/confirm.ts checks the server's total against the one shown). At
 * checkout of an unchanged draft: the server's priced draft (totals, fees, discounts, expected time) and its
 * problems; only a draft without problems gets the "Place order" button.
 */
import { buttonsReply, textReply } from '../../answer.js';
import { nextDetail } from '../deterministic/checkout.js';
import { linePrice } from '../menu/price.js';
import { MAX_QUANTITY, type Refusal } from '../ops/draft.js';
import type { Turn } from '../turn.js';
import { estimate } from './estimate.js';
import { describeItem } from './lines.js';
import { explainProblems } from './problems.js';

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
  return refused.map((r) =>
    r.reason === 'too_many'
      ? turn.t.tooMany(r.name, r.asked ?? MAX_QUANTITY + 1, MAX_QUANTITY)
      : turn.t.unavailable(r.name, r.until ? turn.when(r.until) : null),
  );
}

/**
 * After the draft changed: the order so far and the next missing thing, or, when nothing is missing, the
 * order with its total and "Shall I place the order?".
 */
export function afterChange(turn: Turn, lead: string[] = []): void {
  const t = turn.t;
  const intro = lead.filter(Boolean).join('\n');
  if (turn.items.length === 0) {
    const body = [intro, runningOrder(turn)].filter(Boolean).join('\n\n');
    turn.say(buttonsReply(`${body}\n\n${t.whatWouldYouLike}`, [{ id: 'menu', title: t.btn.menu }]));
    return;
  }
  const question = nextDetail(turn);
  if (question) {
    const body = [intro, runningOrder(turn)].filter(Boolean).join('\n\n');
    // A required choice belongs to the line just read back; a detail leaves room to add more first.
    const choice =
      question.buttons?.some((b) => /^(opt|pick):/.test(b.id)) ||
      question.list?.sections.some((s) => s.rows.some((r) => /^(opt|pick|addr):/.test(r.id)));
    if (choice) turn.say(textReply(body), question);
    else turn.say({ ...question, text: `${body}\n\n${t.stillAdding}\n${question.text}` });
    return;
  }
  if (!turn.draftChanged && turn.p.quote) {
    // Nothing changed since the server priced it: its figures, not ours.
    checkout(turn, intro || undefined);
    return;
  }
  confirmation(turn, intro);
}

/** The order with its local total, and the confirmation question (or the minimum it does not reach). */
function confirmation(turn: Turn, intro: string): void {
  const t = turn.t;
  const e = estimate(turn);
  const menu = turn.location?.menu;
  if (!e || !menu) return;
  const lines = turn.items.map((i) => `${describeItem(turn, i)} — ${turn.money(linePrice(menu, i))}`);
  const text = [t.yourOrder, t.list(lines)];
  if (e.charges.length > 0 || e.discount) text.push(t.subtotal(turn.money(e.subtotal)));
  if (e.discount) text.push(t.discount(e.discount.name, turn.money(e.discount.amount)));
  for (const c of e.charges) text.push(t.charge(c.type, turn.money(c.amount)));
  text.push(t.total(turn.money(e.total)));
  const service = turn.draft.serviceType;
  if (service) text.push(t.serviceLine(t.serviceName[service] ?? service));
  if (turn.draft.paymentMethod) text.push(t.paymentLine(t.paymentName[turn.draft.paymentMethod]));
  const body = [intro, text.join('\n')].filter(Boolean).join('\n\n');
  if (e.problem) {
    const { lines: problems, question } = explainProblems(turn, [e.problem]);
    turn.say(
      buttonsReply(`${body}\n\n${t.beforePlacing}\n${t.list(problems)}`, [{ id: 'menu', title: t.btn.menu }]),
      ...(question ? [question] : []),
    );
    return;
  }
  turn.say(
    buttonsReply(`${body}\n\n${t.confirm}`, [
      { id: CONFIRM, title: t.btn.place },
      { id: CHANGE, title: t.btn.change },
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
  if (question && problems.length === 0 && !question.list) {
    // Only questions left: ask the first with the order above it.
    turn.say({ ...question, text: `${body}\n\n${question.text}` });
    return;
  }
  turn.say(...(question ? [textReply(body), question] : [textReply(body)]));
}
