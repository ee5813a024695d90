/** Order management in words: status, cancelling (after a yes), repeating, placing after confirmation. */
import { buttonsReply, textReply } from '../../answer.js';
import type { PastOrder } from '../../payload-types.js';
import { CANCELLABLE, cancelOrder, cancelTarget, findOrder, placeOrder } from '../ops/orders.js';
import { repeatOrder } from '../ops/repeat.js';
import { checkout } from '../render/draft.js';
import { describeOrderItem } from '../render/lines.js';
import { explainProblems } from '../render/problems.js';
import type { Turn } from '../turn.js';

const orderItems = (turn: Turn, o: PastOrder) => o.items.map((i) => describeOrderItem(turn, i)).join(', ');

export function statusReply(turn: Turn, idOrNumber?: string | null): void {
  const t = turn.t;
  const order = findOrder(turn, idOrNumber);
  if (!order) {
    turn.say(textReply(t.noOrders));
    return;
  }
  const text = [t.orderStatus(order.shortId, t.status[order.status] ?? order.status, turn.when(order.createdAt))];
  const open = !['completed', 'rejected', 'cancelled', 'delivery_failed'].includes(order.status);
  if (open && order.expectedTime) text.push(t.expectedAt(turn.when(order.expectedTime)));
  text.push(orderItems(turn, order));
  const buttons = CANCELLABLE.has(order.status)
    ? [{ id: `ask_cancel:${order.id}`, title: t.btn.cancelOrder }]
    : [{ id: `repeat:${order.id}`, title: t.btn.repeat }];
  turn.say(buttonsReply(text.join('\n'), buttons));
}

/** The customer's recent orders (the body's `orders`, newest first): what, when, how much, where they are now. */
export function historyReply(turn: Turn): void {
  const t = turn.t;
  const orders = turn.p.orders;
  if (orders.length === 0) {
    turn.say(textReply(t.noOrders));
    return;
  }
  const shown = orders
    .slice(0, 5)
    .map((o) =>
      t.historyLine(
        o.shortId,
        turn.when(o.createdAt),
        orderItems(turn, o),
        o.total ? turn.money(o.total) : '–',
        t.status[o.status] ?? o.status,
      ),
    );
  const more = orders.length > shown.length ? `\n${t.historyMore(orders.length - shown.length)}` : '';
  const newest = orders[0];
  const buttons = [{ id: `repeat:${newest.id}`, title: t.btn.repeat }];
  if (CANCELLABLE.has(newest.status)) buttons.push({ id: `ask_cancel:${newest.id}`, title: t.btn.cancelOrder });
  turn.say(buttonsReply(`${t.historyIntro}\n${t.list(shown)}${more}`, buttons));
}

/** Asks before cancelling: a cancelled order cannot be brought back. */
export function askCancel(turn: Turn, idOrNumber?: string | null): void {
  const t = turn.t;
  const order = cancelTarget(turn, idOrNumber);
  if (!order) {
    turn.say(textReply(t.nothingToCancel));
    return;
  }
  if (!CANCELLABLE.has(order.status)) {
    turn.say(textReply(t.cannotCancel(order.shortId, t.status[order.status] ?? order.status)));
    return;
  }
  turn.say(
    buttonsReply(t.askCancel(order.shortId, orderItems(turn, order)), [
      { id: `cancel:${order.id}`, title: t.btn.yesCancel },
      { id: 'keep_order', title: t.btn.keep },
    ]),
  );
}

export function doCancel(turn: Turn, orderId: string): void {
  const t = turn.t;
  const result = cancelOrder(turn, findOrder(turn, orderId));
  if (result.ok) turn.say(textReply(t.cancelling(result.order.shortId)));
  else if (result.order) {
    const o = result.order;
    turn.say(textReply(t.cannotCancel(o.shortId, t.status[o.status] ?? o.status)));
  } else turn.say(textReply(t.nothingToCancel));
}

export function doRepeat(turn: Turn, idOrNumber?: string | null): void {
  const t = turn.t;
  const order = findOrder(turn, idOrNumber);
  if (!order) {
    turn.say(textReply(t.noOrders));
    return;
  }
  const { skipped } = repeatOrder(turn, order);
  checkout(
    turn,
    [t.repeated(order.shortId), skipped.length ? t.repeatSkipped(skipped) : ''].filter(Boolean).join('\n'),
  );
}

/** The customer said yes to "Shall I place the order?". */
export function confirmPlacement(turn: Turn): void {
  const t = turn.t;
  const result = placeOrder(turn);
  if (result.ok) {
    turn.say(textReply(t.placed(turn.location?.name ?? '')));
    return;
  }
  if (result.reason === 'problems') {
    const { lines, question } = explainProblems(turn, result.problems);
    turn.say(textReply(`${t.beforePlacing}\n${t.list(lines)}`));
    if (question) turn.say(question);
    return;
  }
  checkout(turn);
}

/** The server refused to place the draft (event `order_problems`): say why and how to fix it. */
export function problemsAnswer(turn: Turn): void {
  const t = turn.t;
  const problems = turn.p.event.problems.length > 0 ? turn.p.event.problems : (turn.p.quote?.problems ?? []);
  const { lines, question } = explainProblems(turn, problems);
  turn.say(textReply(`${t.couldNotPlace}\n${t.list(lines)}`));
  if (question) turn.say(question);
}
