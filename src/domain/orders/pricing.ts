/**
 * Order money arithmetic in integer minor units (CONTRACT.md, "Money and resources" and "Orders").
 *
 * Sums are computed with BigInt so that 999 × a large unit price cannot silently lose precision; the
 * exported functions return numbers and throw RangeError when a result is not a safe integer.
 * `validateOrderMoney` reports such overflow as `400 parameter_invalid` on `total.amount` instead.
 * No division happens here, so no rounding rule is needed.
 *
 * Validation walks the order in spec field order (items, discounts, charges, private_charges, payment,
 * total) and reports the first problem only. The HTTP schema already keeps every amount at 0 or above
 * (a "no cheese" is a modifier at 0, a reduction is a discount); these rules hold for any caller, and the
 * computed total must not be below 0.
 */
import { invalidParam } from '../errors.js';
import type { BundleItem, Charge, Discount, Money, OrderItem, Payment, PrivateCharge, ProductItem } from './types.js';

export const MAX_QUANTITY = 999;

export interface TotalInput {
  items: readonly OrderItem[];
  charges?: readonly Charge[];
  discounts?: readonly Discount[];
  private_charges?: readonly PrivateCharge[];
}

export interface OrderMoney extends TotalInput {
  payment?: Payment | null;
  total: Money;
}

const big = (n: number) => BigInt(n);
const sum = <T>(list: readonly T[] | undefined, cost: (x: T) => bigint) =>
  (list ?? []).reduce((acc, x) => acc + cost(x), 0n);

function toSafe(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Amount ${value} is outside the safe integer range.`);
  return n;
}

function productCost(item: ProductItem): bigint {
  const modifiers = sum(item.modifier_groups, (group) =>
    sum(group.modifiers, (m) => {
      const charged = m.quantity - m.free_quantity;
      return charged > 0 ? big(charged) * big(m.unit_price.amount) : 0n;
    }),
  );
  return big(item.quantity) * (big(item.unit_price.amount) + modifiers);
}

// A bundle's quantity is always 1 (spec), so its cost is not multiplied by it.
const bundleCost = (item: BundleItem): bigint =>
  big(item.unit_price.amount) + sum(item.lines, (line) => sum(line.items, productCost));

const anyItemCost = (item: OrderItem): bigint => (item.type === 'bundle' ? bundleCost(item) : productCost(item));

function totalBig(input: TotalInput): bigint {
  return (
    sum(input.items, anyItemCost) +
    sum(input.charges, (c) => big(c.amount.amount)) -
    sum(input.discounts, (d) => big(d.amount.amount)) +
    sum(input.private_charges, (c) => big(c.amount.amount))
  );
}

export const productItemCost = (item: ProductItem): number => toSafe(productCost(item));
export const itemCost = (item: OrderItem): number => toSafe(anyItemCost(item));
export const itemsSubtotal = (items: readonly OrderItem[]): number => toSafe(sum(items, anyItemCost));
/** items + charges − discounts + private charges. */
export const expectedTotal = (input: TotalInput): number => toSafe(totalBig(input));

function checkMoney(money: Money, path: string, currency: string): void {
  if (!Number.isSafeInteger(money.amount)) {
    throw invalidParam(`${path}.amount`, 'An amount must be an integer in minor currency units.');
  }
  if (money.currency !== currency) {
    throw invalidParam(`${path}.currency`, `Every amount must use the location's currency, ${currency}.`, {
      expected_currency: currency,
      given_currency: money.currency,
    });
  }
}

function checkQuantity(quantity: number, path: string): void {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
    throw invalidParam(path, `A quantity must be an integer from 1 to ${MAX_QUANTITY}.`);
  }
}

/** Runs `check` on every element with its dot-notation path (`prefix.index`). */
function each<T>(list: readonly T[] | undefined, prefix: string, check: (x: T, path: string) => void): void {
  for (const [i, x] of (list ?? []).entries()) check(x, `${prefix}.${i}`);
}

function checkProduct(item: ProductItem, path: string, currency: string): void {
  checkQuantity(item.quantity, `${path}.quantity`);
  checkMoney(item.unit_price, `${path}.unit_price`, currency);
  each(item.modifier_groups, `${path}.modifier_groups`, (group, groupPath) => {
    each(group.modifiers, `${groupPath}.modifiers`, (m, at) => {
      checkQuantity(m.quantity, `${at}.quantity`);
      if (!Number.isInteger(m.free_quantity) || m.free_quantity < 0 || m.free_quantity > m.quantity) {
        throw invalidParam(`${at}.free_quantity`, 'A free_quantity must be an integer from 0 to the quantity.');
      }
      checkMoney(m.unit_price, `${at}.unit_price`, currency);
    });
  });
}

function checkItem(item: OrderItem, path: string, currency: string): void {
  if (item.type !== 'bundle') {
    checkProduct(item, path, currency);
    return;
  }
  if (item.quantity !== 1) throw invalidParam(`${path}.quantity`, "A bundle's quantity is always 1.");
  checkMoney(item.unit_price, `${path}.unit_price`, currency);
  each(item.lines, `${path}.lines`, (line, linePath) => {
    each(line.items, `${linePath}.items`, (product, at) => checkProduct(product, at, currency));
  });
}

/**
 * Checks currencies, quantities and that `total` equals the computed total; returns that total.
 * Throws `400 parameter_invalid` naming the first offending field in dot notation.
 */
export function validateOrderMoney(order: OrderMoney, locationCurrency: string): number {
  const money = (m: Money, path: string) => checkMoney(m, path, locationCurrency);
  each(order.items, 'items', (item, at) => checkItem(item, at, locationCurrency));
  each(order.discounts, 'discounts', (d, at) => money(d.amount, `${at}.amount`));
  each(order.charges, 'charges', (c, at) => money(c.amount, `${at}.amount`));
  each(order.private_charges, 'private_charges', (c, at) => money(c.amount, `${at}.amount`));
  if (order.payment) money(order.payment.amount, 'payment.amount');
  money(order.total, 'total');

  const expected = totalBig(order);
  if (!Number.isSafeInteger(Number(expected))) {
    throw invalidParam('total.amount', 'The order total is too large.', { expected_amount: expected.toString() });
  }
  const expectedAmount = Number(expected);
  if (expectedAmount < 0) {
    throw invalidParam('total.amount', 'The computed order total is below 0.', {
      expected_amount: expectedAmount,
      given_amount: order.total.amount,
    });
  }
  if (expectedAmount !== order.total.amount) {
    throw invalidParam('total.amount', 'The total does not equal items + charges − discounts + private charges.', {
      expected_amount: expectedAmount,
      given_amount: order.total.amount,
    });
  }
  return expectedAmount;
}
