/**
 * Request bodies of the soak's creates. Each carries its own Idempotency-Key (in the order's
 * customer notes, in the closing's reason), so two stored resources for one key show as a duplicate.
 */
const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)];
const eur = (amount: number) => ({ amount, currency: 'EUR' });

/** The collection path: every order the soak makes moves along it, one step per PATCH. */
export const STATUS_PATH = ['received', 'accepted', 'in_preparation', 'awaiting_collection', 'completed'];

export function orderBody(idem: string) {
  const quantity = 1 + Math.floor(Math.random() * 3);
  return {
    channel: 'soak',
    service_type: 'collection',
    customer: { first_name: 'Soak', phone: '+4930123456' },
    fulfillment: { customer_notes: `soak ${idem}` },
    items: [{ type: 'product', name: pick(['Margherita', 'Diavola', 'Funghi']), quantity, unit_price: eur(950) }],
    total: eur(950 * quantity),
  };
}

export function closingBody(idem: string) {
  const start = Date.now() + 86_400_000 * (1 + Math.floor(Math.random() * 300));
  return {
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(start + 4 * 3_600_000).toISOString(),
    reason: `soak ${idem}`,
  };
}
