-- The claim's "is this delivery the first open one of its key" probe (src/db/queue/claim.ts, keyHead) looked
-- at every delivery the key ever had; this index holds the open ones only, as webhook deliveries' does (0015).
CREATE INDEX event_deliveries_open_key ON event_deliveries (queue_key, seq) WHERE status IN ('pending', 'delivering');
DROP INDEX event_deliveries_key;
