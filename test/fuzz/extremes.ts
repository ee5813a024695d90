/** Requests built by hand: an order that adds up, and JSON nested far deeper than the random bodies go. */
import { bundle, orderBody, product } from '../orders/_support.js';
import type { KeyPool } from './keys.js';
import type { Rng } from './random.js';
import type { FuzzRequest } from './requests.js';

/** An order whose total adds up, so mutations of it get past the pricing rules to what follows. */
export function plausibleOrder(rng: Rng) {
  const items = [product('Margherita', rng.between(1, 3), rng.between(100, 2000), [['Basil', 2, 50, 1]])];
  if (rng.chance(0.5)) items.push(bundle('Menu', 900, [product('Cola', 1, 0)]) as never);
  return orderBody({ items, ...(rng.chance(0.6) ? { payment: 'total' } : {}) });
}

/** JSON nested 10,000 levels deep, in the places a parser, validator or walker would recurse. */
export function extremeNesting(start: number, seed: number, pool: KeyPool, loc: string): FuzzRequest[] {
  const deepArray = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
  const deepObject = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
  const cases: [string, string, 'admin' | 'org', string][] = [
    ['POST', '/admin/v1/organizations', 'admin', deepArray],
    ['POST', '/admin/v1/organizations', 'admin', deepObject],
    ['PATCH', `/v1/locations/${loc}`, 'org', `{"name":${deepArray}}`],
    ['POST', `/admin/v1/locations/${loc}/orders`, 'admin', `{"channel":"web","items":${deepArray}}`],
    ['PUT', `/v1/locations/${loc}/opening_hours`, 'org', `{"periods":[${deepObject}]}`],
    ['PATCH', `/v1/locations/${loc}/delivery_settings`, 'org', `{"zones":${deepObject}}`],
  ];
  return cases.map(([method, url, role, payload], i) => ({
    index: start + i,
    method,
    url,
    headers: {
      'x-api-key': pool.use(role),
      'content-type': 'application/json',
      'idempotency-key': `deep-${seed}-${i}`,
    },
    payload,
    remoteAddress: '10.0.0.1',
    template: `${method} ${url}`,
    tags: ['nesting 10000'],
  }));
}
