/**
 * An order's status notices to the customer (docs/conversations.md "The 24-hour window and templates"):
 * what became of each, failures with their reason, so a notice that could not go is seen on the order.
 */
import { Type } from '@sinclair/typebox';
import { exampleList, Nullable, StringEnum, Timestamp } from './common.js';

export const OrderNotice = Type.Object(
  {
    object: Type.Literal('order_notice'),
    message_id: Type.String({ description: 'The outbound message (`msg_…`) in the conversation' }),
    order_id: Type.String(),
    conversation_id: Type.String(),
    order_status: Nullable(Type.String({ description: 'The status the customer is told about' })),
    sent_as: StringEnum(['text', 'template'] as const, {
      description: "text inside WhatsApp's 24-hour window; template (the channel account's) outside it",
    }),
    template_name: Nullable(Type.String()),
    text: Nullable(Type.String({ description: "The notice in the customer's language, as sent inside the window" })),
    status: StringEnum(['pending', 'sent', 'delivered', 'read', 'failed'] as const),
    error: Nullable(
      Type.String({
        description:
          'Why it failed: outside the window with no template for this notice, Meta refused it (131047, a template error)…',
      }),
    ),
    attempts: Type.Integer(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'OrderNotice', description: 'An order status notice to the customer, and what became of it' },
);

// Example for the OpenAPI document (src/http/openapi-examples.ts names it); test/http/openapi.test.ts
// checks it against its schema.
export const OrderNoticeExample = {
  object: 'order_notice',
  message_id: 'msg_01m89661h75cbfg669h0rxwk75',
  order_id: 'ord_01m8966127z7d8d8ypy3ghqfc3',
  conversation_id: 'cnv_01m89661dr8ef3ydn283g7e6rx',
  order_status: 'accepted',
  sent_as: 'text',
  template_name: null,
  text: 'Ihre Bestellung #1 wurde angenommen.',
  status: 'failed',
  error:
    "not sent: outside WhatsApp's 24-hour customer-service window (the customer last wrote at 2026-11-24T11:06:49.148Z) and channel account cha_01m89661cdrt9mz8m2n9e64pkv has no template for 'accepted' notices",
  attempts: 1,
  created_at: '2026-11-25T11:06:49.255Z',
  updated_at: '2026-11-25T11:06:49.301Z',
};
export const OrderNoticeListExample = exampleList(
  '/v1/locations/loc_01m89660cec5cqzqz0z0v74yg3/orders/ord_01m8966127z7d8d8ypy3ghqfc3/notices',
  [OrderNoticeExample],
);
