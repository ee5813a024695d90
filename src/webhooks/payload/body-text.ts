/**
 * The body as sent. The targeted location's menu is most of a body, and the same object in every body of
 * that location while the menu and its switches do not change (./menu-cache.ts): its JSON is made once per
 * menu object and put in its place, instead of being stringified again for every message (issue 24).
 */
import { randomUUID } from 'node:crypto';
import type { MessageWebhookBodyTop } from '../contract.js';

const texts = new WeakMap<object, string>();

// Stands in for the menu while the rest is stringified. Random per process: no text a customer or a
// tenant writes into a body can be it.
const SLOT_VALUE = `menu:${randomUUID()}`;
const SLOT = JSON.stringify(SLOT_VALUE);

export function bodyText(payload: MessageWebhookBodyTop): string {
  const menu = payload.location?.menu;
  if (typeof menu !== 'object' || menu === null) return JSON.stringify(payload);
  let text = texts.get(menu);
  if (text === undefined) {
    text = JSON.stringify(menu);
    texts.set(menu, text);
  }
  const rest = JSON.stringify({ ...payload, location: { ...payload.location, menu: SLOT_VALUE } });
  const at = rest.indexOf(SLOT);
  return `${rest.slice(0, at)}${text}${rest.slice(at + SLOT.length)}`;
}
