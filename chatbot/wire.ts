/**
 * The message webhook as the server publishes it, in types: client/generated/api.ts (openapi-typescript
 * over openapi.json, `npm run client:generate`), the same document chatbot/contract.ts validates with.
 * Types only, nothing of the client runs. The chatbot's own view types (./payload-types.ts, ./menu-types.ts,
 * ./answer.ts) take their names, unions and field lists from here wherever they describe the wire.
 */
import type { webhooks } from '../client/generated/api.js';

type Message = NonNullable<webhooks['message']['post']>;

/** The body the server POSTs (openapi.json `webhooks.message` request body). */
export type WireBody = Message['requestBody']['content']['application/json'];
/** The 200 answer the server accepts. */
export type WireAnswer = Message['responses'][200]['content']['application/json'];

export type WireLocation = NonNullable<WireBody['location']>;
export type WireEvent = WireBody['event'];
export type WireAddressLookup = NonNullable<WireEvent['addressLookup']>;
export type WireCustomer = WireBody['customer'];
export type WireReply = NonNullable<WireAnswer['replies']>[number];
export type WireDraft = NonNullable<WireAnswer['orderDraft']>;

export type Money = NonNullable<WireLocation['orderSettings']['minimumOrder']>;
export type ServiceType = WireLocation['serviceTypes'][number];
export type PaymentMethod = WireLocation['paymentMethods'][number];

/**
 * T with the fields K optional. openapi-typescript marks a field the schema defaults as required (the
 * server reads it after defaults); a receiver writing an answer may leave it out.
 */
export type Optional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/** T with every field also nullable: a view whose reader puts null where the body lacks a value. */
export type Nullable<T> = { [K in keyof T]: T[K] | null };
