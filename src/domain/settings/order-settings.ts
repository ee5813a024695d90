import { invalidParam } from '../errors.js';
import { PAYMENT_METHODS } from '../orders/payment-methods.js';
import type { SERVICE_TYPES } from '../orders/status.js';
import { checkCurrency, type Money } from './money.js';
import type { SettingsContext, SettingsKindDef } from './types.js';

export { PAYMENT_METHODS } from '../orders/payment-methods.js';

export type OrderSettings = {
  /** A switch the restaurant flips when it is too busy: no new orders, whatever the hours say. */
  accepting_orders: boolean;
  service_types: (typeof SERVICE_TYPES)[number][];
  payment_methods: (typeof PAYMENT_METHODS)[number][];
  preparation_time_minutes: number;
  /** Minimum for collection and eat-in orders; delivery zones carry their own. */
  minimum_order: Money | null;
  /** 0 takes orders for as soon as possible only. */
  scheduled_orders_max_days_ahead: number;
  customer_notes_allowed: boolean;
};

export const orderSettings: SettingsKindDef = {
  defaults: (): OrderSettings => ({
    accepting_orders: true,
    service_types: ['delivery', 'collection'],
    payment_methods: ['cash', 'card'],
    preparation_time_minutes: 20,
    minimum_order: null,
    scheduled_orders_max_days_ahead: 0,
    customer_notes_allowed: true,
  }),
  check(data, ctx: SettingsContext) {
    const s = data as unknown as OrderSettings;
    checkCurrency('minimum_order', s.minimum_order, ctx.currency);
    if (s.payment_methods.length === 0) {
      throw invalidParam('payment_methods', 'At least one payment method is needed.', {
        allowed_values: [...PAYMENT_METHODS],
      });
    }
    return data;
  },
};
