/** Building real webhook bodies in tests, and checking them against the schema the OpenAPI document holds. */
import assert from 'node:assert/strict';
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { camelName } from '../../src/contracts/message-webhook/camel.js';
import type { WebhookEvent } from '../../src/contracts/message-webhook/terms.js';
import type { Db } from '../../src/db/client.js';
import type { DeliveryRef } from '../../src/webhooks/contract.js';
import { createPayloadBuilder } from '../../src/webhooks/payload/index.js';
import type { Harness } from '../helpers/app.js';

let validator: ValidateFunction | undefined;

/** The request body schema of the generated document's `webhooks.message`. */
export function documentedBodySchema(h: Harness): Record<string, any> {
  const doc = h.app.swagger() as any;
  return doc.webhooks.message.post.requestBody.content['application/json'].schema;
}

/** Asserts the body is valid against the documented schema, naming every violation. */
export function assertValidBody(h: Harness, body: unknown) {
  if (!validator) {
    // The document is OpenAPI 3.1: its schemas are JSON Schema 2020-12 (tuples as `prefixItems`).
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const addFormats = (formatsPlugin as unknown as { default: typeof formatsPlugin }).default ?? formatsPlugin;
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    validator = ajv.compile(documentedBodySchema(h));
  }
  const ok = validator(body);
  assert.ok(ok, JSON.stringify(validator.errors?.slice(0, 10), null, 2));
}

let deliveries = 0;

/** The reference of a message's delivery, first attempt, event `message`. */
export const messageRef = (m: { id: string; conversation_id: string }): DeliveryRef => ({
  deliveryId: `whd_test${process.pid}x${++deliveries}`,
  conversationId: m.conversation_id,
  messageId: m.id,
  event: 'message',
  problems: null,
  previousLocationId: null,
  addressLookup: null,
  attempt: 1,
});
let builder: { db: Db; build: ReturnType<typeof createPayloadBuilder> } | undefined;

/** The body a delivery of this message would carry, checked against the documented schema. */
export async function bodyFor(
  h: Harness,
  db: Db,
  message: { id: string; conversation_id: string },
  over: {
    event?: WebhookEvent;
    problems?: unknown[] | null;
    previousLocationId?: string | null;
    addressLookup?: DeliveryRef['addressLookup'];
    attempt?: number;
  } = {},
): Promise<any> {
  const ref: DeliveryRef = {
    deliveryId: `whd_test${process.pid}x${++deliveries}`,
    conversationId: message.conversation_id,
    messageId: message.id,
    event: over.event ?? 'message',
    problems: over.problems ?? null,
    previousLocationId: over.previousLocationId ?? null,
    addressLookup: over.addressLookup ?? null,
    attempt: over.attempt ?? 1,
  };
  // One builder for the whole file, as the worker keeps one: its menu cache must follow every change.
  if (builder?.db !== db) builder = { db, build: createPayloadBuilder(db) };
  const body = await builder.build(ref);
  // What the receiver gets is JSON: check the body as it travels.
  const sent = JSON.parse(JSON.stringify(body));
  assertValidBody(h, sent);
  return sent;
}

/** A REST response with every key renamed by hand, to compare with what the body embeds (schema-guided). */
export function camelKeysDeep(value: unknown): any {
  if (Array.isArray(value)) return value.map(camelKeysDeep);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [camelName(k), camelKeysDeep(v)]));
}
