-- The event deliveries' claim goes endpoint by endpoint (src/db/queue/claim.ts, partitioned): the endpoints
-- with open deliveries are found by a skip scan of this index and each one's oldest due deliveries read
-- from it, so a slow endpoint's backlog is never read while its share is in flight. It replaces the index
-- by due time alone, which every claim read from the oldest due row on, that backlog first.
CREATE INDEX event_deliveries_open_endpoint ON event_deliveries (endpoint_id, next_attempt_at)
  WHERE status IN ('pending', 'delivering');
DROP INDEX event_deliveries_open;
