import { Type } from '@sinclair/typebox';
import { ChannelAccount, MODES } from './channel-accounts.js';
import { exampleList, Nullable, PageQuery, StringEnum, Timestamp } from './common.js';
import { Customer } from './customers.js';
import { OrderQuote } from './drafts.js';
import { IdFilter } from './ids.js';
import { MESSAGE_EXTRAS, NO_MESSAGE_EXTRAS } from './message-extras.js';

const Text = (max: number, options: Record<string, unknown> = {}) =>
  Type.String({ minLength: 1, maxLength: max, pattern: '\\S', ...options });

// ---- Messages

const SharedLocationIn = Type.Object(
  {
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    name: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    address: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  },
  { additionalProperties: false },
);

export const TestInboundMessage = Type.Object(
  {
    from: Type.Object(
      {
        phone: Type.String({
          minLength: 1,
          maxLength: 40,
          description: "International: '+49 170 1234567', '0049…' or digits with the country code",
        }),
        name: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
        language: Type.Optional(Nullable(Type.String({ minLength: 2, maxLength: 35 }))),
      },
      { additionalProperties: false },
    ),
    text: Type.Optional(Text(4096)),
    location: Type.Optional(SharedLocationIn),
    reply: Type.Optional(
      Type.Object(
        {
          id: Text(256, { description: 'The id of the button or list row, as our outbound message gave it' }),
          title: Text(24),
          description: Type.Optional(Nullable(Type.String({ maxLength: 72 }))),
        },
        {
          additionalProperties: false,
          description:
            "The customer tapped a reply button or picked a list row of an earlier message (type 'reply', text = title); alone, without text or location",
        },
      ),
    ),
  },
  { additionalProperties: false },
);

const ButtonIn = Type.Object(
  {
    id: Text(256),
    title: Text(20, { description: 'WhatsApp shows 20 characters at most; a repeated title is sent with " 2", " 3"…' }),
  },
  { additionalProperties: false },
);
const ListIn = Type.Object(
  {
    button: Text(20, { description: 'The label of the button that opens the list' }),
    sections: Type.Array(
      Type.Object(
        {
          title: Type.Optional(Text(24)),
          rows: Type.Array(
            Type.Object(
              { id: Text(200), title: Text(24), description: Type.Optional(Text(72)) },
              { additionalProperties: false },
            ),
            { minItems: 1, maxItems: 10 },
          ),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 10 },
    ),
  },
  { additionalProperties: false },
);

export const ReplyCreate = Type.Object(
  {
    text: Text(4096, {
      description:
        "With buttons, a text over 1024 characters is sent as text messages before the buttons' own (cut where a paragraph, line or sentence ends); stored as those messages",
    }),
    buttons: Type.Optional(Type.Array(ButtonIn, { minItems: 1, maxItems: 3 })),
    list: Type.Optional(ListIn),
  },
  { additionalProperties: false, description: "A message to the customer, as in the chatbot answer's `replies`" },
);

export const Message = Type.Object(
  {
    id: Type.String({ description: '`msg_…`' }),
    object: Type.Literal('message'),
    conversation_id: Type.String(),
    customer_id: Type.String(),
    channel_account_id: Type.String(),
    direction: StringEnum(['inbound', 'outbound'] as const),
    type: StringEnum(
      ['text', 'location', 'reply', 'unsupported', 'reaction', 'system', 'buttons', 'list', 'template'] as const,
      {
        description:
          'inbound: text, location, reply (a tapped button or list row), unsupported (media, contacts… not read), reaction and system (shown, never delivered to the chatbot); outbound: text, buttons, list, template (an order notice sent as a WhatsApp template outside the 24-hour window: `template`)',
      },
    ),
    text: Nullable(Type.String()),
    location: Nullable(
      Type.Object({
        latitude: Type.Number(),
        longitude: Type.Number(),
        name: Type.Optional(Nullable(Type.String())),
        address: Type.Optional(Nullable(Type.String())),
      }),
    ),
    reply: Nullable(
      Type.Object({ id: Type.String(), title: Type.String(), description: Type.Optional(Nullable(Type.String())) }),
    ),
    buttons: Nullable(Type.Array(Type.Object({ id: Type.String(), title: Type.String() }))),
    list: Nullable(
      Type.Object({
        button: Type.String(),
        sections: Type.Array(
          Type.Object({
            title: Type.Optional(Type.String()),
            rows: Type.Array(
              Type.Object({ id: Type.String(), title: Type.String(), description: Type.Optional(Type.String()) }),
            ),
          }),
        ),
      }),
    ),
    unsupported_type: Nullable(
      Type.String({ description: "The channel's type of a message not read (image, audio…)" }),
    ),
    ...MESSAGE_EXTRAS,
    order_id: Nullable(
      Type.String({ description: 'The order an order status notice is about (outbound); null for other messages' }),
    ),
    template: Nullable(
      Type.Object(
        { name: Type.String(), language: Type.String(), parameters: Type.Array(Type.String()) },
        {
          description:
            "The WhatsApp template the message went as (outside the 24-hour window), with its body parameters' values; `text` keeps the free-text notice",
        },
      ),
    ),
    channel_message_id: Nullable(
      Type.String({ description: "The channel's id (WhatsApp: wamid…); outbound once sent" }),
    ),
    status: StringEnum(['received', 'pending', 'sent', 'delivered', 'read', 'failed'] as const),
    sent_at: Nullable(Timestamp),
    delivery: Nullable(
      Type.Object(
        {
          attempts: Type.Integer(),
          last_error: Nullable(Type.String()),
          next_attempt_at: Nullable(Timestamp),
        },
        { description: 'Outbound only: sending attempts so far, the last failure, the next retry' },
      ),
    ),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Message' },
);

// ---- Conversations

export const Conversation = Type.Object(
  {
    id: Type.String({ description: '`cnv_…`' }),
    object: Type.Literal('conversation'),
    channel_account_id: Type.String(),
    customer_id: Type.String(),
    mode: StringEnum(MODES),
    organization_id: Nullable(Type.String()),
    location_id: Nullable(
      Type.String({
        description: "location mode: the account's location; businessOrganization: the one chosen so far",
      }),
    ),
    order_draft: Nullable(Type.Object({}, { additionalProperties: true, description: 'The order being built' })),
    last_message_at: Nullable(Timestamp),
    service_window_ends_at: Nullable(Timestamp, {
      description:
        "When WhatsApp's 24-hour customer-service window closes: 24 hours after the customer's last message (reactions and system notices aside); null when they never wrote. Past it, order notices go as the channel account's templates",
    }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Conversation' },
);

/** A single conversation as read: its draft priced now beside the draft itself. */
export const ConversationDetail = Type.Object(
  Object.fromEntries(
    Object.entries(Conversation.properties).flatMap(([name, schema]) =>
      name === 'order_draft'
        ? [
            [name, schema],
            [
              'order_quote',
              Nullable(OrderQuote, {
                description:
                  "The draft priced now at the conversation's location (as POST …/order_quotes answers); null without a draft, or before a location is chosen. Not in lists",
              }),
            ],
          ]
        : [[name, schema]],
    ),
  ),
  { $id: 'ConversationDetail', description: 'A conversation, with its order draft priced' },
);

export const ConversationsQuery = Type.Object(
  { ...PageQuery, customer_id: IdFilter('customer_id') },
  { additionalProperties: false },
);
export const AdminConversationsQuery = Type.Object(
  {
    ...PageQuery,
    customer_id: IdFilter('customer_id'),
    channel_account_id: IdFilter('channel_account_id'),
    organization_id: IdFilter('organization_id'),
  },
  { additionalProperties: false },
);

export const conversationSchemas = [ChannelAccount, Message, Customer, Conversation, ConversationDetail];

// Examples for the OpenAPI document (src/http/openapi-examples.ts names them): taken from the API's own
// answers to a run of the test fixtures; test/http/openapi.test.ts checks each against its schema.

export const TestInboundMessageExample = {
  from: { phone: '+49 30 1234567', name: 'Anna Schmidt', language: 'de' },
  text: 'Hallo, habt ihr heute Abend noch Pizza?',
};
export const MessageExample = {
  id: 'msg_01m89661dwrn5hg530p5x9rn5n',
  object: 'message',
  conversation_id: 'cnv_01m89661dr8ef3ydn283g7e6rx',
  customer_id: 'cus_01m89661dr8ef3ydn283g7e6rw',
  channel_account_id: 'cha_01m89661cdrt9mz8m2n9e64pkv',
  direction: 'inbound',
  type: 'text',
  text: 'Hallo, habt ihr heute Abend noch Pizza?',
  location: null,
  reply: null,
  buttons: null,
  list: null,
  unsupported_type: null,
  ...NO_MESSAGE_EXTRAS,
  order_id: null,
  template: null,
  channel_message_id: 'test_1bfc289c-205d-465a-8e6b-1b2ac74b02b2',
  status: 'received',
  sent_at: '2026-11-25T11:06:49.144Z',
  delivery: null,
  created_at: '2026-11-25T11:06:49.148Z',
  updated_at: '2026-11-25T11:06:49.148Z',
};
export const MessageListExample = exampleList('/admin/v1/conversations/cnv_01m89661dr8ef3ydn283g7e6rx/messages', [
  MessageExample,
  {
    id: 'msg_01m89661h75cbfg669h0rxwk75',
    object: 'message',
    conversation_id: 'cnv_01m89661dr8ef3ydn283g7e6rx',
    customer_id: 'cus_01m89661dr8ef3ydn283g7e6rw',
    channel_account_id: 'cha_01m89661cdrt9mz8m2n9e64pkv',
    direction: 'outbound',
    type: 'buttons',
    text: 'Ja! Margherita oder Diavola?',
    location: null,
    reply: null,
    buttons: [
      { id: 'margherita', title: 'Margherita' },
      { id: 'diavola', title: 'Diavola' },
    ],
    list: null,
    unsupported_type: null,
    ...NO_MESSAGE_EXTRAS,
    order_id: null,
    template: null,
    channel_message_id: null,
    status: 'pending',
    sent_at: null,
    delivery: { attempts: 0, last_error: null, next_attempt_at: '2026-11-25T11:06:49.255Z' },
    created_at: '2026-11-25T11:06:49.255Z',
    updated_at: '2026-11-25T11:06:49.255Z',
  },
]);
export const MessageCreateExample = {
  text: 'Ja! Margherita oder Diavola?',
  buttons: [
    { id: 'margherita', title: 'Margherita' },
    { id: 'diavola', title: 'Diavola' },
  ],
};
export const ConversationExample = {
  id: 'cnv_01m89661dr8ef3ydn283g7e6rx',
  object: 'conversation',
  channel_account_id: 'cha_01m89661cdrt9mz8m2n9e64pkv',
  customer_id: 'cus_01m89661dr8ef3ydn283g7e6rw',
  mode: 'location',
  organization_id: 'org_01m896606tyn1y7j3efvkztnh3',
  location_id: 'loc_01m89660cec5cqzqz0z0v74yg3',
  order_draft: null,
  last_message_at: '2026-11-25T11:06:49.148Z',
  service_window_ends_at: '2026-11-26T11:06:49.144Z',
  created_at: '2026-11-25T11:06:49.144Z',
  updated_at: '2026-11-25T11:06:49.148Z',
};
export const ConversationListExample = exampleList('/admin/v1/conversations', [ConversationExample]);
const { last_message_at, service_window_ends_at, created_at, updated_at, ...conversationHead } = ConversationExample;
export const ConversationDetailExample = {
  ...conversationHead,
  order_quote: null,
  last_message_at,
  service_window_ends_at,
  created_at,
  updated_at,
};
