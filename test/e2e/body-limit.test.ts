/**
 * Issue 19: the body limit the platform and the reference chatbot share (CHATBOT_BODY_MAX_BYTES). Here the
 * two are configured apart on purpose: the chatbot process reads at most 100,000 bytes, the platform sends
 * up to 300,000. A body between the two is answered 413 by the chatbot and not retried; a body above the
 * platform's limit is not sent at all. Either way the delivery fails once, with its reason, the log says so
 * once, and the customer gets the fallback reply.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_MAX_BODY_BYTES } from '../../chatbot/server.js';
import { DEFAULT_BODY_MAX_BYTES } from '../../src/contracts/message-webhook/terms.js';
import type { MenuDocument } from '../../src/domain/menus/types.js';
import { fallbackText } from '../../src/webhooks/fallback.js';
import { MENU } from '../chatbot/fixture-location.js';
import { ok, type Platform, startPlatform } from './_platform.js';
import { type Restaurant, setUpRestaurant } from './_restaurant.js';

let p: Platform;
let r: Restaurant;
const lines: string[] = [];

before(async () => {
  p = await startPlatform({
    chatbotEnv: { CHATBOT_BODY_MAX_BYTES: '100000' },
    app: { maxBodyBytes: 300_000, logger: { level: 'info', stream: { write: (l: string) => lines.push(l) } } },
  });
  r = await setUpRestaurant(p);
});
after(() => p.close());

/** The test menu with `n` more dishes of about 2 KB each. */
const withDishes = (n: number): MenuDocument =>
  ({
    ...MENU,
    products: [
      ...MENU.products,
      ...Array.from({ length: n }, (_, i) => ({
        id: `dish-${i}`,
        name: `House dish number ${i}`,
        description: 'Slow-cooked with tomatoes, herbs and olive oil. '.repeat(40).slice(0, 1990),
        price: { amount: 1200, currency: 'EUR' },
      })),
    ],
  }) as MenuDocument;

/** Sends a message at the location's own number and waits until its delivery ended. */
async function deliveryOf(account: string, text: string) {
  const m = await ok(p, 'POST', `/admin/v1/channel_accounts/${account}/inbound_messages`, {
    from: { phone: `+49170${Date.now() % 10_000_000}`, name: 'Cy', language: 'en' },
    text,
  });
  for (const until = Date.now() + 20_000; Date.now() < until; await new Promise((res) => setTimeout(res, 50))) {
    const list = await ok(p, 'GET', `/admin/v1/webhook_deliveries?conversation_id=${m.conversation_id}`);
    const d = list.data.find((x: any) => x.message_id === m.id);
    if (d && (d.status === 'succeeded' || d.status === 'failed')) {
      return { m, d: await ok(p, 'GET', `/admin/v1/webhook_deliveries/${d.id}`) };
    }
  }
  throw new Error(`the delivery of "${text}" did not end within 20 s`);
}

async function fallbackSent(conversationId: string) {
  const messages = (await ok(p, 'GET', `/admin/v1/conversations/${conversationId}/messages`)).data;
  const out = messages.filter((x: any) => x.direction === 'outbound');
  assert.deepEqual(
    out.map((x: any) => x.text),
    [fallbackText('en')],
  );
}

const failedLines = (id: string) =>
  lines.filter((l) => l.includes(id) && JSON.parse(l).msg === 'message webhook delivery failed');

describe('the body limit (issue 19)', () => {
  test('the platform and the reference chatbot have the same default limit', () => {
    assert.equal(DEFAULT_MAX_BODY_BYTES, DEFAULT_BODY_MAX_BYTES);
  });

  test('a 413 from the chatbot is not retried: failed once, the customer gets the fallback', async () => {
    // About 150 KB of menu: over the chatbot's 100,000, under the platform's 300,000.
    await ok(p, 'PUT', `/v1/locations/${r.locations[0]}/menu`, withDishes(70), r.t.orgKey);
    const { m, d } = await deliveryOf(r.accounts[0], 'hello');
    assert.equal(d.status, 'failed', JSON.stringify(d));
    assert.equal(d.attempts.length, 1, JSON.stringify(d.attempts));
    assert.equal(d.attempts[0].status_code, 413);
    assert.match(d.last_error, /HTTP 413: not retried/);
    assert.equal(d.outcome.fallback_sent, true);
    await fallbackSent(m.conversation_id);
    assert.equal(failedLines(d.id).length, 1);
  });

  test('a body above the platform limit is not sent: failed at once with the reason', async () => {
    // About 400 KB of menu: over the platform's 300,000.
    await ok(p, 'PUT', `/v1/locations/${r.locations[1]}/menu`, withDishes(190), r.t.orgKey);
    const { m, d } = await deliveryOf(r.accounts[1], 'hello');
    assert.equal(d.status, 'failed', JSON.stringify(d));
    assert.match(d.last_error, /^body too large: \d+ bytes, the limit is 300000 \(CHATBOT_BODY_MAX_BYTES\); not sent$/);
    assert.equal(d.attempts.length, 1, JSON.stringify(d.attempts));
    assert.equal(d.attempts[0].status_code, null);
    assert.equal(d.outcome.fallback_sent, true);
    await fallbackSent(m.conversation_id);
    const logged = failedLines(d.id);
    assert.equal(logged.length, 1, logged.join('\n'));
    assert.match(JSON.parse(logged[0]).error, /body too large/);
    assert.equal(lines.filter((l) => l.includes(d.id) && /will retry/.test(l)).length, 0);
  });
});
