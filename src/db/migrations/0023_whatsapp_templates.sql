-- Issue 22: WhatsApp's 24-hour customer-service window and template messages (docs/conversations.md).
--
-- When the customer last wrote: the window for free-form messages runs 24 hours from it. Reactions and the
-- channel's system notices do not count (not messages the customer wrote to us). The earlier of the
-- channel's sending time and our receipt, so a message delivered late never stretches the window beyond
-- Meta's reckoning.
ALTER TABLE conversations ADD COLUMN last_inbound_at timestamptz(3);
UPDATE conversations c SET last_inbound_at = (
  SELECT max(least(coalesce(m.sent_at, m.created_at), m.created_at)) FROM messages m
  WHERE m.conversation_id = c.id AND m.direction = 'inbound' AND m.type NOT IN ('reaction', 'system'));

-- The order an outbound message tells the customer about (an order status notice): the order lists its
-- notices, sent or failed, from here.
ALTER TABLE messages ADD COLUMN order_id text REFERENCES orders (id);
CREATE INDEX messages_order_notices ON messages (order_id, created_at, id) WHERE order_id IS NOT NULL;
