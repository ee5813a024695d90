/** How a customer pays: what a location's order settings offer and an order records. */
export const PAYMENT_METHODS = ['cash', 'card', 'online'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
