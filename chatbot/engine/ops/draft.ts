/**
 * The draft operations both engines use (the LLM engine's tools call these same functions): add lines,
 * change or remove them, set service type, address, time, payment, notes, discount code, repeat an
 * order. They only edit the turn's draft; the server prices and checks it when the answer arrives.
 */
import type {
  Address,
  DraftChoice,
  DraftItem,
  DraftOption,
  DraftProduct,
  Menu,
  PaymentMethod,
  ServiceType,
} from '../../payload-types.js';
import type { ItemRef } from '../menu/match.js';
import type { Modifiers } from '../parse/modifiers.js';
import type { ParsedLine } from '../parse/order.js';
import type { Turn } from '../turn.js';

export interface Refusal {
  name: string;
  reason: 'unavailable' | 'option_unavailable' | 'unknown' | 'too_many';
  until: string | null;
  /** For too_many: how many were asked for. */
  asked?: number;
}

/** The most of one line the platform accepts (the draft schema's `quantity` maximum, CONTRACT). */
export const MAX_QUANTITY = 200;

export interface AddResult {
  added: number[];
  refused: Refusal[];
}

function productLine(ref: Extract<ItemRef, { kind: 'product' }>, quantity: number, mods: Modifiers): DraftProduct {
  return {
    type: 'product',
    productId: ref.item.id,
    quantity,
    options: mods.options.map((o) => ({ groupId: o.groupId, optionId: o.optionId, quantity: o.quantity })),
    without: [...mods.without],
    extra: mods.extra.map((e) => ({ ingredientId: e.ingredientId, quantity: e.quantity })),
    notes: null,
  };
}

function bundleLine(ref: Extract<ItemRef, { kind: 'bundle' }>, quantity: number, mods: Modifiers): DraftItem {
  const lines = ref.item.lines.map((l) => {
    const picked = mods.picks.filter((p) => p.lineId === l.id).map((p) => p.productId);
    // A line with one choice needs no asking.
    const ids = picked.length > 0 ? picked : l.choices.length === 1 ? [l.choices[0].productId] : [];
    return { lineId: l.id, items: ids.slice(0, l.maxChoices).map((productId): DraftChoice => ({ productId })) };
  });
  return { type: 'bundle', bundleId: ref.item.id, quantity, lines: lines.filter((l) => l.items.length > 0) };
}

/**
 * What makes two lines the same line, whatever order or shape the server gave the draft back in (group
 * ids left out, lists reordered, notes null or absent): the same line ordered again adds to it.
 */
function key(item: DraftItem): string {
  const sorted = (xs: string[]) => [...xs].sort().join(',');
  if (item.type === 'bundle') {
    const lines = (item.lines ?? []).map((l) => `${l.lineId}:${sorted(l.items.map((c) => c.productId))}`);
    return `b|${item.bundleId}|${sorted(lines)}`;
  }
  const options = (item.options ?? []).map((o) => `${o.optionId}*${o.quantity ?? 1}`);
  const extra = (item.extra ?? []).map((e) => `${e.ingredientId}*${e.quantity ?? 1}`);
  return `p|${item.productId}|${sorted(options)}|${sorted(item.without ?? [])}|${sorted(extra)}|${item.notes ?? ''}`;
}

/** The group an option of a product belongs to: the draft's own group id, else the menu's group holding it. */
function optionGroup(menu: Menu | undefined, productId: string, option: DraftOption): string | undefined {
  if (option.groupId) return option.groupId;
  const product = menu?.products.find((p) => p.id === productId);
  return menu?.groups.find((g) => product?.groupIds.includes(g.id) && g.options.some((o) => o.id === option.optionId))
    ?.id;
}

/**
 * The modifiers without what the kitchen switched off (options; for a bundle, picked products), each of
 * those refused with when it returns.
 */
function withoutUnavailable(menu: Menu | undefined, mods: Modifiers, refused: Refusal[]): Modifiers {
  const options = mods.options.filter((o) => {
    const option = menu?.groups.find((g) => g.id === o.groupId)?.options.find((x) => x.id === o.optionId);
    if (option && !option.available) {
      refused.push({ name: option.name, reason: 'option_unavailable', until: option.unavailableUntil });
    }
    return option?.available !== false;
  });
  const picks = mods.picks.filter((pick) => {
    const product = menu?.products.find((p) => p.id === pick.productId);
    if (product && !product.available) {
      refused.push({ name: product.name, reason: 'unavailable', until: product.unavailableUntil });
    }
    return product?.available !== false;
  });
  return { ...mods, options, picks };
}

/** Adds parsed lines; an identical line already in the draft just gets the quantity added. */
export function addLines(turn: Turn, lines: ParsedLine[]): AddResult {
  const result: AddResult = { added: [], refused: [] };
  for (const line of lines) {
    if (!line.ref.item.available) {
      result.refused.push({ name: line.ref.item.name, reason: 'unavailable', until: line.ref.item.unavailableUntil });
      continue;
    }
    const mods = withoutUnavailable(turn.location?.menu, line.mods, result.refused);
    const item =
      line.ref.kind === 'product'
        ? productLine(line.ref, line.quantity, mods)
        : bundleLine(line.ref, line.quantity, mods);
    const same = turn.items.findIndex((i) => key(i) === key(item));
    const total = line.quantity + (same >= 0 ? (turn.items[same].quantity ?? 1) : 0);
    // "250 pranzo menu": said back, never sent as a draft the platform refuses.
    if (total > MAX_QUANTITY) {
      result.refused.push({ name: line.ref.item.name, reason: 'too_many', until: null, asked: total });
      continue;
    }
    if (same >= 0) {
      turn.items[same].quantity = (turn.items[same].quantity ?? 1) + line.quantity;
      result.added.push(same);
    } else {
      turn.items.push(item);
      result.added.push(turn.items.length - 1);
    }
    turn.changed();
  }
  return result;
}

export interface ModifyResult {
  /** Options (or a bundle's products) asked for that are switched off: left out of the line. */
  refused: Refusal[];
}

/**
 * Applies more modifiers to a line ("make it large", "without onions"); what is switched off is refused,
 * as addLines does. Null when there is no such line.
 */
export function modifyLine(turn: Turn, index: number, asked: Modifiers): ModifyResult | null {
  const item = turn.items[index];
  if (!item) return null;
  const menu = turn.location?.menu;
  const refused: Refusal[] = [];
  const mods = withoutUnavailable(menu, asked, refused);
  const before = JSON.stringify(item);
  if (item.type === 'bundle') {
    for (const pick of mods.picks) {
      item.lines ??= [];
      const line = item.lines.find((l) => l.lineId === pick.lineId);
      if (line) line.items = [{ productId: pick.productId }];
      else item.lines.push({ lineId: pick.lineId, items: [{ productId: pick.productId }] });
    }
  } else {
    for (const o of mods.options) {
      const single = menu?.groups.find((g) => g.id === o.groupId)?.maxChoices === 1;
      // A draft may name an option without its group (group_id is optional): the menu says which it is.
      item.options = (item.options ?? []).filter(
        (x) => x.optionId !== o.optionId && !(single && optionGroup(menu, item.productId, x) === o.groupId),
      );
      item.options.push({ groupId: o.groupId, optionId: o.optionId, quantity: o.quantity });
    }
    item.without = [...new Set([...(item.without ?? []), ...mods.without])];
    item.extra = (item.extra ?? []).filter((e) => !mods.without.includes(e.ingredientId));
    for (const e of mods.extra) {
      item.without = item.without.filter((id) => id !== e.ingredientId);
      if (!item.extra.some((x) => x.ingredientId === e.ingredientId)) item.extra.push({ ...e });
    }
  }
  // Only what was refused: the line is as it was, and the draft the server priced still stands.
  if (JSON.stringify(item) !== before) turn.changed();
  return { refused };
}

export function removeLine(turn: Turn, index: number): DraftItem | null {
  const [removed] = turn.items.splice(index, 1);
  if (removed) turn.changed();
  return removed ?? null;
}

export function setQuantity(turn: Turn, index: number, quantity: number): boolean {
  const item = turn.items[index];
  if (!item || quantity < 1 || quantity > MAX_QUANTITY) return false;
  item.quantity = quantity;
  turn.changed();
  return true;
}

export function setServiceType(turn: Turn, serviceType: ServiceType) {
  turn.draft.serviceType = serviceType;
  turn.changed();
}

/**
 * Sets what is given of the delivery address and keeps the rest. A typed street keeps a shared pin: the
 * pin places the address in a zone without any lookup, and a customer who shares a pin and then types
 * the street means the same place; a new street brings its own flat, postal code and city. A new pin
 * replaces the coordinates and keeps the street. Both engines set addresses only through here.
 */
export function setAddress(turn: Turn, address: Partial<Address>) {
  const before = turn.draft.deliveryAddress ?? {};
  const street = address.line1 != null;
  const town = address.postalCode != null || address.city != null;
  turn.draft.deliveryAddress = {
    line1: address.line1 ?? before.line1 ?? null,
    line2: address.line2 ?? (street ? null : (before.line2 ?? null)),
    postalCode: address.postalCode ?? (street || town ? null : (before.postalCode ?? null)),
    city: address.city ?? (street || town ? null : (before.city ?? null)),
    country: address.country ?? before.country ?? null,
    latitude: address.latitude ?? before.latitude ?? null,
    longitude: address.longitude ?? before.longitude ?? null,
  };
  turn.changed();
}

export function setRequestedTime(turn: Turn, iso: string | null) {
  turn.draft.requestedTime = iso;
  turn.changed();
}

export function setPayment(turn: Turn, method: PaymentMethod) {
  turn.draft.paymentMethod = method;
  turn.changed();
}

export function setNotes(turn: Turn, notes: { customerNotes?: string | null; deliveryNotes?: string | null }) {
  if (notes.customerNotes !== undefined) turn.draft.customerNotes = notes.customerNotes?.slice(0, 1000) ?? null;
  if (notes.deliveryNotes !== undefined) turn.draft.deliveryNotes = notes.deliveryNotes?.slice(0, 1000) ?? null;
  turn.changed();
}

export function setDiscountCode(turn: Turn, code: string | null) {
  turn.draft.discountCode = code?.slice(0, 64) ?? null;
  turn.changed();
}

export function clearDraft(turn: Turn) {
  turn.setDraft({});
}
