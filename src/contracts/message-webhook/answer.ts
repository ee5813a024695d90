/**
 * The chatbot's 200 answer to the message webhook (docs/message-webhook.md, "The answer"): what the answer
 * applier (src/webhooks/answer/) checks and carries out, the OpenAPI document's `webhooks.message`
 * response, and what the reference chatbot writes. camelCase, as the body (./body.ts).
 */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../rest/common.js';
import { ReplyCreate } from '../rest/conversations.js';
import { OrderDraft } from '../rest/drafts.js';
import { camelSchema } from './camel.js';
import { ANSWER_ACTIONS } from './terms.js';

/** The draft as the chatbot writes it: the REST draft (docs/order-drafts.md) with camelCase names. */
export const OrderDraftCamel = camelSchema(OrderDraft);

export const MessageWebhookAnswer = Type.Object(
  {
    replies: Type.Optional(
      Type.Array(ReplyCreate, { maxItems: 10, description: 'Sent to the customer in this order, then stored' }),
    ),
    orderDraft: Type.Optional(
      Nullable(OrderDraftCamel, {
        description: "Replaces the conversation's draft; null clears it. Priced and checked by the server",
      }),
    ),
    locationId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'businessOrganization mode: the active location of the organization the conversation targets now',
      }),
    ),
    customer: Type.Optional(
      Type.Object(
        {
          name: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
          language: Type.Optional(Nullable(Type.String({ minLength: 2, maxLength: 35 }))),
          notes: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
        },
        { additionalProperties: false, description: 'Kept about the customer; a field left out is unchanged' },
      ),
    ),
    action: Type.Optional(
      StringEnum(ANSWER_ACTIONS, {
        description:
          "place_order: place the conversation's draft (after this answer's orderDraft, if any); " +
          'cancel_order: cancel the order `orderId` (default: the newest) if the restaurant has not accepted it yet; ' +
          'redeliver (with `locationId`, businessOrganization mode): deliver this message again once the location is switched, ' +
          'as event location_chosen with that location (and its menu) in `location`; or (with `lookUpAddress`) once the address is ' +
          'looked up, as event address_looked_up; once per message and event',
      }),
    ),
    orderId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'For cancel_order' })),
    lookUpAddress: Type.Optional(
      Type.Object(
        {
          line1: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
          postalCode: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
          city: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
          country: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
        },
        {
          additionalProperties: false,
          description:
            'With action redeliver: an address the customer typed, for the server to look up with its geocoder (docs/geocoding.md); the message comes again as event address_looked_up with the answer in `event.addressLookup`',
        },
      ),
    ),
  },
  {
    additionalProperties: false,
    description: 'Every field optional. Any other 2xx, or an empty body, means nothing to do',
  },
);
export type MessageWebhookAnswer = Static<typeof MessageWebhookAnswer>;
