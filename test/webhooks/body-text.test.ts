/**
 * The body as sent (src/webhooks/payload/body-text.ts): the menu's JSON made once per menu object and put in
 * its place gives the very bytes JSON.stringify gives for the whole body.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MessageWebhookBodyTop } from '../../src/webhooks/contract.js';
import { bodyText } from '../../src/webhooks/payload/body-text.js';

const menu = {
  object: 'menu',
  currency: 'EUR',
  products: [{ id: 'margherita', name: 'Pizza "Margherita"', price: 950, available: true, note: 'menu:\u0000' }],
};

const body = (text: string, m: unknown = menu): MessageWebhookBodyTop =>
  ({
    lastMessage: { text },
    conversation: { id: 'cnv_1', channel: 'test' },
    location: { id: 'loc_1', name: 'Da Mario', menu: m, after: 'the menu' },
    customer: { name: 'menu: "x"' },
    orderDraft: null,
    orders: [],
    mode: 'location',
    event: { id: 'whd_1', type: 'message', attempt: 1, problems: null, addressLookup: null, previousLocation: null },
  }) as unknown as MessageWebhookBodyTop;

test('the same bytes as JSON.stringify, the menu held or not, whatever the texts around it', () => {
  for (const text of ['Zwei Pizza, bitte', '"menu":"menu:', '{"menu":{}}', '\u2028 ☃ \\"']) {
    const b = body(text);
    assert.equal(bodyText(b), JSON.stringify(b));
    assert.equal(bodyText(b), JSON.stringify(b), 'the menu held from the first');
    assert.deepEqual(JSON.parse(bodyText(b)), JSON.parse(JSON.stringify(b)));
  }
});

test('a body without a location, or with no menu, is stringified as it is', () => {
  const none = { ...body('hi'), location: undefined } as MessageWebhookBodyTop;
  assert.equal(bodyText(none), JSON.stringify(none));
  for (const m of [null, undefined, 'a text']) {
    const b = body('hi', m);
    assert.equal(bodyText(b), JSON.stringify(b));
  }
});
