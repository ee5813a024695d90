-- The message webhook (docs/message-webhook.md): one delivery per customer message, written in the same
-- transaction as the message (a durable outbox), every attempt kept; the signing secret the server made
-- when CHATBOT_SIGNING_SECRET is unset; durable jobs (an order's acceptance timeout); the conversation an
-- order was placed in, so its status changes reach the customer there.

CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY, -- whd_…: the webhook-id header, the same across retries
  conversation_id text NOT NULL REFERENCES conversations (id),
  message_id text NOT NULL REFERENCES messages (id),
  -- message: a customer message; order_problems: the same message again, because the answer asked to
  -- place a draft that cannot be placed (details in `problems`).
  event text NOT NULL CHECK (event IN ('message', 'order_problems')),
  problems jsonb,
  -- Its place in the conversation's queue: the message's time, so that a message delivered again
  -- (order_problems) goes before the customer's later messages. Deliveries of one conversation go one at
  -- a time in (queue_at, id) order.
  queue_at timestamptz(3) NOT NULL,
  -- pending (waiting for its turn or its next attempt) → delivering → succeeded | failed.
  status text NOT NULL CHECK (status IN ('pending', 'delivering', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz(3),
  -- The process delivering it; another process may take the delivery over once lease_until has passed.
  lease_owner text,
  lease_until timestamptz(3),
  last_error text,
  -- What the answer did (replies sent, draft stored, order placed…) or why it was not applied.
  outcome jsonb,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  completed_at timestamptz(3)
);
CREATE INDEX webhook_deliveries_page ON webhook_deliveries (created_at, id);
CREATE INDEX webhook_deliveries_conversation ON webhook_deliveries (conversation_id, queue_at, id);
CREATE INDEX webhook_deliveries_open ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'delivering');
CREATE INDEX webhook_deliveries_status_page ON webhook_deliveries (status, created_at, id);

CREATE TABLE webhook_attempts (
  delivery_id text NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  number integer NOT NULL,
  started_at timestamptz(3) NOT NULL,
  duration_ms integer NOT NULL,
  -- null: no HTTP answer (refused, reset, timed out).
  status_code integer,
  -- The first 1,000 characters of the answer's body.
  response_excerpt text,
  error text,
  -- succeeded, retry (another attempt is scheduled), failed (the last one, or not retryable).
  result text NOT NULL CHECK (result IN ('succeeded', 'retry', 'failed')),
  PRIMARY KEY (delivery_id, number)
);

-- Secrets the server generated for itself (the webhook signing secret when CHATBOT_SIGNING_SECRET is unset).
CREATE TABLE platform_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz(3) NOT NULL
);

-- Work due at a time, run once across processes and surviving restarts (an order's acceptance timeout).
CREATE TABLE jobs (
  id text PRIMARY KEY,
  kind text NOT NULL,
  -- What the job is about (an order id); one job of a kind per subject.
  subject_id text NOT NULL,
  payload jsonb,
  run_at timestamptz(3) NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  lease_owner text,
  lease_until timestamptz(3),
  last_error text,
  done_at timestamptz(3),
  created_at timestamptz(3) NOT NULL,
  UNIQUE (kind, subject_id)
);
CREATE INDEX jobs_due ON jobs (run_at) WHERE done_at IS NULL;

-- The conversation an order was placed in: its status changes are told to the customer there.
ALTER TABLE orders ADD COLUMN conversation_id text;
