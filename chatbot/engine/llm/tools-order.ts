/**
 * The LLM engine's tools for the order: the deterministic engine's operations (../ops/) behind JSON
 * schemas. Results are small JSON objects for the model to word in the customer's language.
 */
import type { PaymentMethod, ServiceType } from '../../payload-types.js';
import { linePrice } from '../menu/price.js';
import {
  addLines,
  clearDraft,
  modifyLine,
  type Refusal,
  removeLine,
  setAddress,
  setDiscountCode,
  setNotes,
  setPayment,
  setQuantity,
  setRequestedTime,
  setServiceType,
} from '../ops/draft.js';
import { timeIn } from '../parse/details.js';
import type { Modifiers } from '../parse/modifiers.js';
import { describeItem } from '../render/lines.js';
import { problemText } from '../render/problems.js';
import type { Turn } from '../turn.js';
import { resolveItem, resolveModifiers } from './resolve.js';
import type { Tool } from './tool.js';

const names = { type: 'array', items: { type: 'string' } };
const obj = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

/** The order as it stands: the server's pricing when it is still current, else the menu's subtotal. */
export function orderView(turn: Turn) {
  const menu = turn.location?.menu;
  const lines = turn.items.map((i, n) => ({
    line: n + 1,
    text: describeItem(turn, i),
    price: menu ? turn.money(linePrice(menu, i)) : null,
  }));
  const d = turn.draft;
  const base = {
    lines,
    service_type: d.serviceType ?? null,
    delivery_address: d.deliveryAddress ?? null,
    requested_time: d.requestedTime ? turn.when(d.requestedTime) : null,
    payment_method: d.paymentMethod ?? null,
    discount_code: d.discountCode ?? null,
  };
  const q = turn.p.quote;
  if (turn.draftChanged || !q) {
    return {
      ...base,
      priced_by_server: false,
      note: 'Changed now: the server prices it after this answer. Show the customer the lines, then confirm the total in the next message.',
    };
  }
  const ready = q.problems.length === 0 && turn.items.length > 0;
  if (ready) turn.confirmOffered = true;
  return {
    ...base,
    priced_by_server: true,
    subtotal: q.subtotal ? turn.money(q.subtotal) : null,
    discounts: q.discounts.map((x) => `${x.name}: -${turn.money(x.amount)}`),
    charges: q.charges.map((c) => `${c.type}: ${turn.money(c.amount)}`),
    total: q.total ? turn.money(q.total) : null,
    expected: q.expectedTime ? turn.when(q.expectedTime) : null,
    problems: q.problems.map((p) => problemText(turn, p)),
    ready_to_place: ready,
  };
}

/** Options (or products) the kitchen switched off, for the model. */
const refusedText = (refused: Refusal[]) => refused.map((x) => `${x.name}: not available now`);

/** What the modifiers asked for that the item does not allow, for the model. */
const notPossible = (mods: Modifiers) => [
  ...mods.notRemovable.map((n) => `${n} cannot be left out`),
  ...mods.noExtra.map((n) => `no extra ${n}`),
  ...mods.unknown.map((n) => `unknown option ${n}`),
];

export const ORDER_TOOLS: Tool[] = [
  {
    name: 'add_items',
    description: 'Add items to the order. Name items and options by menu id or name.',
    parameters: obj(
      {
        items: {
          type: 'array',
          items: obj(
            {
              item: { type: 'string' },
              quantity: { type: 'integer', minimum: 1 },
              options: names,
              without: names,
              extra: names,
            },
            ['item'],
          ),
        },
      },
      ['items'],
    ),
    run(
      turn,
      args: { items: { item: string; quantity?: number; options?: string[]; without?: string[]; extra?: string[] }[] },
    ) {
      const index = turn.index;
      if (!index) return { error: 'no location chosen yet' };
      const result: Record<string, unknown[]> = {
        added: [],
        not_found: [],
        ambiguous: [],
        refused: [],
        not_possible: [],
      };
      for (const a of args.items ?? []) {
        const r = resolveItem(index, a.item);
        if ('notFound' in r) result.not_found.push(a.item);
        else if ('candidates' in r)
          result.ambiguous.push({ item: a.item, candidates: r.candidates.map((c) => c.item.name) });
        else {
          const mods = resolveModifiers(index, r.ref, a);
          const added = addLines(turn, [{ ref: r.ref, quantity: a.quantity ?? 1, mods, text: a.item }]);
          result.added.push(...added.added.map((i) => describeItem(turn, turn.items[i])));
          result.refused.push(...refusedText(added.refused));
          result.not_possible.push(...notPossible(mods));
        }
      }
      return { ...result, order: orderView(turn) };
    },
  },
  {
    name: 'update_item',
    description: 'Change an order line (1-based): quantity, options, ingredients left out or extra.',
    parameters: obj(
      {
        line: { type: 'integer', minimum: 1 },
        quantity: { type: 'integer', minimum: 1 },
        options: names,
        without: names,
        extra: names,
      },
      ['line'],
    ),
    run(turn, a: { line: number; quantity?: number; options?: string[]; without?: string[]; extra?: string[] }) {
      const item = turn.items[a.line - 1];
      const ref = item && turn.index?.ref(item.type === 'bundle' ? item.bundleId : item.productId);
      if (!item || !ref || !turn.index) return { error: `no line ${a.line}` };
      if (a.quantity) setQuantity(turn, a.line - 1, a.quantity);
      const mods = resolveModifiers(turn.index, ref, a);
      const modified = modifyLine(turn, a.line - 1, mods);
      return {
        refused: refusedText(modified?.refused ?? []),
        not_possible: notPossible(mods),
        order: orderView(turn),
      };
    },
  },
  {
    name: 'remove_item',
    description: 'Remove an order line (1-based).',
    parameters: obj({ line: { type: 'integer', minimum: 1 } }, ['line']),
    run: (turn, a: { line: number }) =>
      removeLine(turn, a.line - 1) ? { order: orderView(turn) } : { error: `no line ${a.line}` },
  },
  {
    name: 'set_details',
    description:
      'Set order details: service_type, payment_method, requested_time ("asap", "19:30", "tomorrow 12:00" or ISO), delivery address (use_shared_location for the pin the customer just shared), notes for the kitchen or the driver, discount_code.',
    parameters: obj({
      service_type: { type: 'string', enum: ['delivery', 'collection', 'eat_in'] },
      payment_method: { type: 'string', enum: ['cash', 'card', 'online'] },
      requested_time: { type: 'string' },
      address_line1: { type: 'string' },
      postal_code: { type: 'string' },
      city: { type: 'string' },
      use_shared_location: { type: 'boolean' },
      kitchen_notes: { type: 'string' },
      delivery_notes: { type: 'string' },
      discount_code: { type: 'string' },
    }),
    run(turn, a: Record<string, string | boolean | undefined>) {
      if (a.service_type) setServiceType(turn, a.service_type as ServiceType);
      if (a.payment_method) setPayment(turn, a.payment_method as PaymentMethod);
      if (typeof a.requested_time === 'string' && turn.location) {
        const iso = /^\d{4}-\d\d-\d\dT/.test(a.requested_time) ? a.requested_time : undefined;
        const parsed =
          iso === undefined
            ? timeIn(a.requested_time.replace(/^(\d)/, 'at $1'), turn.location.timezone, turn.now)
            : { value: iso };
        if (parsed === undefined) return { error: `cannot read the time "${a.requested_time}"` };
        setRequestedTime(turn, parsed.value);
      }
      const pin = turn.p.lastMessage.location;
      if (a.use_shared_location && pin)
        setAddress(turn, { latitude: pin.latitude, longitude: pin.longitude, line1: pin.address });
      if (a.address_line1)
        setAddress(turn, {
          line1: a.address_line1 as string,
          postalCode: (a.postal_code as string) ?? null,
          city: (a.city as string) ?? null,
        });
      if (a.kitchen_notes !== undefined || a.delivery_notes !== undefined) {
        setNotes(turn, {
          customerNotes: a.kitchen_notes as string | undefined,
          deliveryNotes: a.delivery_notes as string | undefined,
        });
      }
      if (a.discount_code) setDiscountCode(turn, a.discount_code as string);
      return { order: orderView(turn) };
    },
  },
  {
    name: 'clear_order',
    description: 'Empty the order.',
    parameters: obj({}),
    run(turn) {
      clearDraft(turn);
      return { order: orderView(turn) };
    },
  },
  {
    name: 'show_order',
    description: 'The order with the server’s prices, total and problems.',
    parameters: obj({}),
    run: (turn) => orderView(turn),
  },
];
