import assert from 'node:assert/strict';
import type { Harness, Res } from '../helpers/app.js';
import { assertError } from '../helpers/fixtures.js';

export type Money = { amount: number; currency: string };
export const eur = (amount: number): Money => ({ amount, currency: 'EUR' });
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const ORDER_STATUSES = [
  'received',
  'accepted',
  'in_preparation',
  'awaiting_shipment',
  'awaiting_collection',
  'in_delivery',
  'completed',
  'rejected',
  'cancelled',
  'delivery_failed',
];
export const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** A product item; modifiers as [name, quantity, unit price, free quantity]. */
export function product(
  name: string,
  quantity: number,
  unit: number,
  modifiers: [string, number, number, number][] = [],
) {
  return {
    type: 'product',
    name,
    quantity,
    unit_price: eur(unit),
    ...(modifiers.length > 0
      ? {
          modifier_groups: [
            {
              name: 'Extras',
              modifiers: modifiers.map(([n, q, u, f]) => ({
                name: n,
                quantity: q,
                unit_price: eur(u),
                free_quantity: f,
              })),
            },
          ],
        }
      : {}),
  };
}

export function bundle(name: string, unit: number, items: ReturnType<typeof product>[]) {
  return { type: 'bundle', name, quantity: 1, unit_price: eur(unit), lines: [{ name: 'Line', items }] };
}

/** The CONTRACT formula, computed independently of the server. */
export function totalOf(o: any): number {
  const prod = (p: any) =>
    p.quantity *
    (p.unit_price.amount +
      (p.modifier_groups ?? [])
        .flatMap((g: any) => g.modifiers)
        .reduce((s: number, m: any) => s + Math.max(0, m.quantity - (m.free_quantity ?? 0)) * m.unit_price.amount, 0));
  const item = (i: any) =>
    i.type === 'bundle'
      ? i.unit_price.amount + i.lines.flatMap((l: any) => l.items).reduce((s: number, p: any) => s + prod(p), 0)
      : prod(i);
  const sum = (list: any[] | undefined, f: (x: any) => number) => (list ?? []).reduce((s, x) => s + f(x), 0);
  return (
    sum(o.items, item) +
    sum(o.charges, (c) => c.amount.amount) -
    sum(o.discounts, (d) => d.amount.amount) +
    sum(o.private_charges, (c) => c.amount.amount)
  );
}

/** A valid order body: defaults plus overrides, with `total` computed unless given. */
export function orderBody(over: Record<string, unknown> = {}): any {
  const body: any = { channel: 'web', items: [product('Espresso', 1, 250)], ...over };
  body.total ??= eur(totalOf(body));
  if (body.payment === 'total') body.payment = { status: 'authorized', amount: { ...body.total } };
  return body;
}

export async function createOrder(h: Harness, locationId: string, body: unknown = orderBody()): Promise<any> {
  const res = await h.call('POST', `/admin/v1/locations/${locationId}/orders`, { body });
  assert.equal(res.status, 201, res.raw);
  return res.body;
}

export function patchStatus(h: Harness, key: string, loc: string, id: string, body: Record<string, unknown>) {
  return h.call('PATCH', `/v1/locations/${loc}/orders/${id}`, { key, body });
}

/** Moves an order through statuses (no version check), asserting each move succeeds. */
export async function advance(h: Harness, key: string, loc: string, id: string, ...statuses: string[]) {
  let last: any;
  for (const status of statuses) {
    const res = await patchStatus(h, key, loc, id, { status });
    assert.equal(res.status, 200, res.raw);
    last = res.body;
  }
  return last;
}

/** Every record of a list, following starting_after with `cursor` naming the id field. */
export async function listAll(h: Harness, key: string, path: string, query = '', cursor = 'id'): Promise<any[]> {
  const out: any[] = [];
  let after: string | undefined;
  for (let page = 0; page < 100; page++) {
    const q = [query, 'limit=100', after ? `starting_after=${after}` : ''].filter(Boolean).join('&');
    const res = await h.call('GET', `${path}?${q}`, { key });
    assert.equal(res.status, 200, res.raw);
    out.push(...res.body.data);
    if (!res.body.has_more) return out;
    after = res.body.data.at(-1)[cursor];
  }
  throw new Error('listAll: too many pages');
}

export function assert400(res: Res, code: string, param?: string) {
  return assertError(res, 400, 'invalid_request_error', code, param);
}

export const conflict = (res: Res) => assertError(res, 409, 'conflict_error', 'resource_conflict');
export const denied = (res: Res) => assertError(res, 403, 'authorization_error', 'permission_denied');
export const notFound = (res: Res) => assertError(res, 404, 'not_found_error', 'resource_not_found');

/** The ids of a list page, for compact comparisons. */
export const ids = (list: { id?: string; order_id?: string }[]) => list.map((x) => (x.id ?? x.order_id) as string);

/** Sorted by (created_at, id), the CONTRACT list order. */
export const byCreated = <T extends { created_at: string; id: string }>(list: T[]) =>
  [...list].sort((a, b) =>
    a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1,
  );
