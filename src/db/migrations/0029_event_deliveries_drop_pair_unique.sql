-- A delivery's id is its event's time and a hash of its event and endpoint (src/domain/events/record.ts),
-- so the primary key already keeps one delivery per pair. The unique index on the pair was a sixth index
-- every row version of a delivery wrote to (its insert, its claim, its settle: none of them HOT), read by
-- no query.
ALTER TABLE event_deliveries DROP CONSTRAINT IF EXISTS event_deliveries_endpoint_id_event_id_key;
