/**
 * A typed address completes the draft's delivery address: its street, postal code and city replace the
 * written ones, and a shared pin stays. The server checks zones by coordinates only (no geocoding), so
 * losing the pin to a typed street would block checkout; and a customer who shares a pin and then types
 * the street means the same place. Built on setAddress (./draft.ts), which keeps what it is not given.
 */
import type { Address } from '../../payload-types.js';
import type { Turn } from '../turn.js';
import { setAddress } from './draft.js';

export function completeAddress(turn: Turn, typed: Partial<Address>): { pinKept: boolean } {
  const before = turn.draft.deliveryAddress;
  const pin =
    before?.latitude != null && before.longitude != null
      ? { latitude: before.latitude, longitude: before.longitude }
      : null;
  setAddress(turn, typed);
  const address = turn.draft.deliveryAddress;
  if (address) {
    // A new street brings its own flat and city, when the customer wrote them (setAddress keeps the old).
    if (typed.line1) address.line2 = typed.line2 ?? null;
    if (typed.postalCode || typed.city) {
      address.postalCode = typed.postalCode ?? null;
      address.city = typed.city ?? null;
    }
    // setAddress drops the pin with a new street; the pin is where the customer is, so it stays.
    if (pin) Object.assign(address, pin);
  }
  return { pinKept: pin !== null };
}
