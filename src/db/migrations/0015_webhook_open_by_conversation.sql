-- The claim's "an earlier delivery of this conversation is still open" check (src/webhooks/store.ts) looked
-- at every delivery the conversation ever had (kept 7 to 30 days); this index holds the open ones only.
CREATE INDEX webhook_deliveries_open_conversation ON webhook_deliveries (conversation_id, queue_at, id)
  WHERE status IN ('pending', 'delivering');
