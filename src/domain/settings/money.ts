import { invalidParam } from '../errors.js';

import type { Money } from '../orders/types.js';

export type { Money };

/** Amounts in settings are in the location's currency, like every amount of its orders. */
export function checkCurrency(param: string, money: Money | null | undefined, currency: string): void {
  if (money && money.currency !== currency) {
    throw invalidParam(`${param}.currency`, `Amounts of this location are in ${currency}.`, {
      allowed_values: [currency],
    });
  }
}
