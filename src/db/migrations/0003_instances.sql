-- Live server processes. Each one upserts its row every second; a row not refreshed for a few seconds
-- belongs to a process that died (or froze), and the idempotency claims it holds may be taken over.
CREATE TABLE server_instances (
  id text PRIMARY KEY,
  started_at timestamptz NOT NULL,
  heartbeat_at timestamptz NOT NULL
);

-- Who holds an in-flight claim: the process (whose heartbeat says whether it still lives) and a token
-- unique to the claim, which the request must still hold to store its outcome. Request ids cannot be
-- that token: a caller may send the same X-Request-Id with every retry. Rows written before this
-- migration have neither.
ALTER TABLE idempotency_keys ADD COLUMN instance_id text;
ALTER TABLE idempotency_keys ADD COLUMN claim_token text;
