import assert from 'node:assert/strict';
import type { Harness } from '../helpers/app.js';
import { ALL_WEEK, draftMenu, draftSettings } from './_fixtures.js';

/** Open all day, every day: quotes are taken at the real now. */
export const ALWAYS_OPEN = ALL_WEEK.map((p) => ({ ...p, opens: '00:00', closes: '24:00' }));

/** Puts the draft menu and ordering settings on a location, as an integrator would. */
export async function setUpLocation(h: Harness, key: string, loc: string, periods: unknown[] = ALWAYS_OPEN) {
  const base = `/v1/locations/${loc}`;
  const s = draftSettings();
  const calls: [string, string, unknown][] = [
    ['PUT', `${base}/menu`, draftMenu()],
    ['PUT', `${base}/opening_hours`, { periods }],
    ['PATCH', `${base}/order_settings`, s.order],
    ['PATCH', `${base}/delivery_settings`, s.delivery],
  ];
  for (const [method, url, body] of calls) {
    const res = await h.call(method as 'PUT', url, { key, body });
    assert.equal(res.status, 200, `${method} ${url}: ${res.raw}`);
  }
}

export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
export const pizza = (over: Record<string, unknown> = {}) => ({
  type: 'product',
  product_id: 'margherita',
  options: [{ option_id: 'size-26' }],
  ...over,
});
export const BASE = { items: [pizza()], service_type: 'eat_in', payment_method: 'cash' };
