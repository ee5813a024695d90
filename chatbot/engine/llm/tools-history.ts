/** The LLM engine's tools for placing, past orders and notes: the deterministic engine's operations. */

import { cancelOrder, cancelTarget, findOrder, placeOrder, rememberNote } from '../ops/orders.js';
import { repeatOrder } from '../ops/repeat.js';
import { problemText } from '../render/problems.js';
import type { Tool } from './tool.js';
import { orderView } from './tools-order.js';

const obj = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

export const HISTORY_TOOLS: Tool[] = [
  {
    name: 'place_order',
    description: 'Place the order. Only after the customer saw the priced total (ready_to_place) and confirmed it.',
    parameters: obj({}),
    run(turn) {
      const r = placeOrder(turn);
      if (r.ok) return { placed: true };
      if (r.reason === 'problems') return { placed: false, problems: r.problems.map((p) => problemText(turn, p)) };
      return {
        placed: false,
        reason: r.reason === 'changed' ? 'the order changed in this message: show it and ask again' : r.reason,
      };
    },
  },
  {
    name: 'orders',
    description: 'The customer’s previous orders (newest first) with status.',
    parameters: obj({}),
    run: (turn) => ({
      orders: turn.p.orders.slice(0, 5).map((o) => ({
        number: o.shortId,
        status: o.status,
        placed: turn.when(o.createdAt),
        expected: o.expectedTime ? turn.when(o.expectedTime) : null,
        total: o.total ? turn.money(o.total) : null,
      })),
    }),
  },
  {
    name: 'cancel_order',
    description: 'Cancel an order the restaurant has not accepted yet (default: the newest). Ask the customer first.',
    parameters: obj({ number: { type: 'string' } }),
    run(turn, a: { number?: string }) {
      const r = cancelOrder(turn, cancelTarget(turn, a.number));
      return r.ok ? { cancelled: r.order.shortId } : { cancelled: false, status: r.order?.status ?? 'no order' };
    },
  },
  {
    name: 'repeat_order',
    description: 'Replace the order with a previous order again (default: the newest).',
    parameters: obj({ number: { type: 'string' } }),
    run(turn, a: { number?: string }) {
      const order = findOrder(turn, a.number);
      if (!order) return { error: 'no previous order' };
      const { skipped } = repeatOrder(turn, order);
      return { skipped, order: orderView(turn) };
    },
  },
  {
    name: 'remember_note',
    description: 'Keep a note about the customer for future orders (allergies, "ring the back door").',
    parameters: obj({ note: { type: 'string' } }, ['note']),
    run: (turn, a: { note: string }) => ({ notes: rememberNote(turn, a.note) }),
  },
];
