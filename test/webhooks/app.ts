import { type App, buildApp } from '../../src/app.js';
import type { Db, Notice } from '../../src/db/client.js';
import type { WebhookOptions } from '../../src/http/plugins/webhooks.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import type { AnswerOutcome, ApplyAnswer, BuildPayload, DeliveryRef } from '../../src/webhooks/contract.js';
import type { Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { eventually } from './_support.js';

/** `base` with every notice on `channel` shown to `seen` before its listener (tests that watch wake-ups). */
export function hearing(base: Db, channel: string, seen: (notice: Notice | null) => void): Db {
  return {
    ...base,
    listen: (ch, onNotify) =>
      base.listen(ch, (n) => {
        if (ch === channel) seen(n);
        onNotify(n);
      }),
  };
}

/** A body with what the tests look at: the delivery, the message and its text. */
export const testPayload =
  (db: Db): BuildPayload =>
  async (ref) => {
    const [m] = await db.query<{ text: string | null; type: string }>('SELECT text, type FROM messages WHERE id = $1', [
      ref.messageId,
    ]);
    return {
      lastMessage: { id: ref.messageId, type: m.type, text: m.text },
      conversation: { id: ref.conversationId },
      customer: {},
      orderDraft: null,
      orders: [],
      mode: 'location',
      event: {
        id: ref.deliveryId,
        type: ref.event,
        attempt: ref.attempt,
        problems: ref.problems,
        addressLookup: null,
        previousLocation: null,
      },
    };
  };

export const appliedOutcome = (ref: DeliveryRef): AnswerOutcome => ({
  applied: true,
  rejected_reason: null,
  replies_sent: 0,
  draft: 'unchanged',
  location_id: null,
  customer_updated: false,
  order_id: ref.deliveryId,
  placement_problems: null,
  redelivered: false,
  fallback_sent: false,
});

/** Records every answer carried out; the outcome names the delivery so a test can see it was stored. */
export function recordingApplier() {
  const applied: { ref: DeliveryRef; response: { status: number; contentType: string | null; body: string } }[] = [];
  const apply: ApplyAnswer = async (ref, response) => {
    applied.push({ ref, response });
    return appliedOutcome(ref);
  };
  return { applied, apply };
}

/**
 * An app on the test database whose worker delivers to `chatbotUrl`, quick retries and a short timeout.
 * Closed by the caller (before the harness closes the database).
 */
export async function webhookApp(options: WebhookOptions): Promise<App> {
  const db = await testDb();
  const app = await buildApp({
    db,
    store: memoryStore(),
    webhooks: { retryDelaysMs: [50, 100], timeoutMs: 1_000, sweepMs: 5_000, buildPayload: testPayload(db), ...options },
  });
  await app.ready();
  return app;
}

/** A message's delivery as the admin surface shows it, with its attempts; and waiting for it to end. */
export function deliveries(harness: () => Harness) {
  const deliveryOf = async (m: { id: string; conversation_id: string }) => {
    const h = harness();
    const list = await h.call('GET', `/admin/v1/webhook_deliveries?limit=100&conversation_id=${m.conversation_id}`);
    const d = list.body.data.find((x: any) => x.message_id === m.id);
    return (await h.call('GET', `/admin/v1/webhook_deliveries/${d.id}`)).body;
  };
  const ended = (m: { id: string; conversation_id: string }, timeoutMs = 8_000) =>
    eventually(async () => {
      const d = await deliveryOf(m);
      return d.status === 'succeeded' || d.status === 'failed' ? d : undefined;
    }, timeoutMs);
  return { deliveryOf, ended };
}
