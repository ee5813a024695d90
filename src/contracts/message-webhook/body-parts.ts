/** The body's parts about the conversation, the customer, their orders and the draft (camelCase REST shapes). */
import { Type } from '@sinclair/typebox';
import { SERVICE_TYPES } from '../../domain/orders/status.js';
import { PAYMENT_METHODS } from '../../domain/settings/order-settings.js';
import { Nullable, StringEnum, Timestamp } from '../rest/common.js';
import { Conversation, Message } from '../rest/conversations.js';
import { Customer } from '../rest/customers.js';
import { OrderQuote } from '../rest/drafts.js';
import { Order } from '../rest/orders.js';
import { OrderDraftCamel } from './answer.js';
import { camelSchema } from './camel.js';

export const MessageCamel = camelSchema(Message);
// A place the customer shared: its `name` and `address` are not a location's (glossary.ts keys by parent).
const place = MessageCamel.properties.location.anyOf[0].properties;
place.name.description = "The place's name, as the customer's app gives it";
place.address.description = "The place's address as text, as the customer's app gives it";
export const ConversationCamel = camelSchema(Conversation);
export const CustomerCamel = camelSchema(Customer);
export const OrderCamel = camelSchema(Order);
export const OrderQuoteCamel = camelSchema(OrderQuote);

/** The fields of a REST message the chatbot reads, in both lists below. */
export const HISTORY_FIELDS = [
  'id',
  'direction',
  'type',
  'text',
  'location',
  'reply',
  'buttons',
  'list',
  'unsupportedType',
  'media',
  'contacts',
  'reaction',
  'system',
  'context',
  'referral',
  'status',
  'sentAt',
  'createdAt',
] as const;
export const LAST_MESSAGE_FIELDS = [
  'id',
  'type',
  'text',
  'location',
  'reply',
  'unsupportedType',
  'media',
  'contacts',
  'context',
  'referral',
  'sentAt',
  'createdAt',
] as const;

export const HistoryMessage = Type.Pick(MessageCamel, [...HISTORY_FIELDS], {
  description: 'A message of the conversation, from the customer (inbound) or to them (outbound)',
});

export const LastMessage = Type.Object(
  {
    ...Type.Pick(MessageCamel, [...LAST_MESSAGE_FIELDS]).properties,
    type: StringEnum(['text', 'location', 'reply', 'unsupported'] as const, {
      description:
        'text; location (a place the customer shared: `location`); reply (they tapped a button or list row of an earlier message: `reply.id` is its id, `text` its title); unsupported (not read: `unsupportedType` says what it was, image, audio, video, document, sticker, contacts, order…; `media` or `contacts` hold it). Reactions and system notices are never delivered: they appear in the history only',
    }),
  },
  { description: 'The customer message this call is about' },
);

export const CONVERSATION_FIELDS = ['id', 'channelAccountId', 'mode', 'locationId', 'createdAt'] as const;

export const ConversationPart = Type.Object(
  {
    ...Type.Pick(ConversationCamel, [...CONVERSATION_FIELDS]).properties,
    channel: StringEnum(['test', 'whatsapp'] as const, { description: 'The messaging channel the customer writes on' }),
    messages: Type.Array(HistoryMessage, {
      minItems: 1,
      maxItems: 50,
      description:
        'The session: messages of the 24 hours up to this one, oldest first, both directions; this message is the last. At most the last 50, and only as many of the newest as fit in 100,000 bytes of JSON (this message always)',
    }),
    olderMessagesOmitted: Type.Boolean({
      description:
        'True when older messages of the session were left out (more than 50, or beyond the 100,000 bytes); the session may then have said more than `messages` shows',
    }),
  },
  { description: 'The conversation between the customer and the restaurant (`cnv_…`)' },
);

export const CUSTOMER_FIELDS = ['id', 'name', 'phone', 'whatsappUserId', 'language', 'notes', 'createdAt'] as const;

const OrderAddressCamel = OrderCamel.properties.fulfillment.properties.address;

export const Preferences = Type.Object(
  {
    orderCount: Type.Integer({ minimum: 0, description: 'Orders placed, not counting rejected or cancelled ones' }),
    lastOrderAt: Nullable(Timestamp, { description: 'When the newest of those was placed' }),
    favouriteProducts: Type.Array(
      Type.Object({
        type: StringEnum(['product', 'bundle'] as const, { description: 'A product or a bundle (a deal)' }),
        id: Nullable(Type.String({ description: "The menu's id of the item; null for items without one" })),
        name: Type.String({ description: 'Its name as ordered' }),
        count: Type.Integer({ minimum: 1, description: 'Units ordered in all' }),
      }),
      { maxItems: 5, description: 'What they order most, most first (ties: the more recently ordered first)' },
    ),
    usualServiceType: Nullable(StringEnum(SERVICE_TYPES), {
      description: 'The service type they chose most (ties: the more recent); null without orders',
    }),
    usualPaymentMethod: Nullable(StringEnum(PAYMENT_METHODS), {
      description: 'The payment method they chose most (ties: the more recent); null when none is known',
    }),
    lastDeliveryAddress: {
      ...OrderAddressCamel,
      description: 'The address of their newest delivery order; null if none',
    },
  },
  { description: 'Derived from their most recent 50 orders; rejected and cancelled orders do not count' },
);

export const CustomerPart = Type.Object(
  {
    ...Type.Pick(CustomerCamel, [...CUSTOMER_FIELDS]).properties,
    preferences: Preferences,
  },
  { description: 'The customer (`cus_…`) as the restaurant keeps them; `notes` are the restaurant’s own about them' },
);

const ProblemCamel = OrderQuoteCamel.properties.problems.items;

/** A problem in the body: the REST problem with camelCase names, its `details` keys included. */
export const BodyProblem = {
  ...ProblemCamel,
  properties: {
    ...ProblemCamel.properties,
    details: Type.Optional(
      Type.Object(
        {},
        {
          additionalProperties: true,
          description: 'Problem-specific facts (allowedValues, earliestTime, minimum…), camelCase as everything here',
        },
      ),
    ),
  },
  description: 'What keeps the draft from being placed: `code` to act on, `param` the draft field (dot notation)',
};

export const PricedDraft = Type.Object(
  {
    ...OrderQuoteCamel.properties,
    problems: Type.Array(BodyProblem, { description: 'Empty when the draft can be placed as it stands' }),
    draft: { ...OrderDraftCamel, description: 'The draft as stored, every field present: edit it and return it' },
  },
  { description: "The conversation's draft priced now at the targeted location, as POST …/order_quotes answers" },
);

export const UnpricedDraft = Type.Object(
  {
    object: Type.Literal('order_quote'),
    locationId: Type.Null({ description: 'No location is targeted yet' }),
    valid: Type.Literal(false),
    currency: Type.Null(),
    items: Type.Array(Type.Unknown(), { maxItems: 0 }),
    itemTotals: Type.Array(Type.Unknown(), { maxItems: 0 }),
    subtotal: Type.Null(),
    discounts: Type.Array(Type.Unknown(), { maxItems: 0 }),
    charges: Type.Array(Type.Unknown(), { maxItems: 0 }),
    total: Type.Null(),
    deliveryZone: Type.Null(),
    expectedTime: Type.Null(),
    problems: Type.Array(
      Type.Object({
        code: Type.Literal('location_required'),
        param: Type.Null(),
        message: Type.String(),
      }),
      { minItems: 1, maxItems: 1 },
    ),
    quotedAt: Timestamp,
    draft: { ...OrderDraftCamel, description: 'The draft as stored, every field present: edit it and return it' },
  },
  {
    description:
      'businessOrganization mode before a location is chosen: the draft cannot be priced; answer `locationId` first (problem location_required)',
  },
);

export const OrderDraftPart = Nullable(Type.Union([PricedDraft, UnpricedDraft]), {
  description:
    "The conversation's draft, priced, with its problems (`valid` says whether it can be placed now); null when there is none",
});

export const OrdersPart = Type.Array(OrderCamel, {
  maxItems: 10,
  description: "The customer's previous orders, newest first (at most 10), at any of the organization's locations",
});
