-- Channel accounts (a messaging number bound to a location or an organization), the customers who write
-- to them, their conversations and every message in both directions (docs/conversations.md).

CREATE TABLE channel_accounts (
  id text PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('test', 'whatsapp')),
  name text,
  mode text NOT NULL CHECK (mode IN ('location', 'businessOrganization')),
  organization_id text REFERENCES organizations (id),
  location_id text REFERENCES locations (id),
  -- The channel's own id of the account (WhatsApp: the phone_number_id); one account per number.
  external_id text,
  -- Channel settings without secrets; secrets sit in their own columns and never leave the server.
  settings jsonb NOT NULL,
  access_token text,
  app_secret text,
  verify_token_hash text,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  CHECK ((mode = 'location') = (location_id IS NOT NULL)),
  CHECK (mode = 'location' OR organization_id IS NOT NULL),
  UNIQUE (channel, external_id)
);
CREATE INDEX channel_accounts_page ON channel_accounts (created_at, id);

-- A customer belongs to an organization, or to a standalone location (organization_id null);
-- scope_id is whichever of the two applies, so one unique index finds a customer by phone.
CREATE TABLE customers (
  id text PRIMARY KEY,
  scope_id text NOT NULL,
  organization_id text REFERENCES organizations (id),
  location_id text REFERENCES locations (id),
  phone text NOT NULL,
  name text,
  language text,
  notes text,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  UNIQUE (scope_id, phone)
);
CREATE INDEX customers_page ON customers (created_at, id);
CREATE INDEX customers_scope_page ON customers (scope_id, created_at, id);

-- One conversation per customer and channel account: the chat thread as the customer sees it.
CREATE TABLE conversations (
  id text PRIMARY KEY,
  channel_account_id text NOT NULL REFERENCES channel_accounts (id),
  customer_id text NOT NULL REFERENCES customers (id),
  mode text NOT NULL CHECK (mode IN ('location', 'businessOrganization')),
  organization_id text REFERENCES organizations (id),
  -- The account's location in location mode; the location chosen so far in businessOrganization mode.
  location_id text REFERENCES locations (id),
  order_draft jsonb,
  last_message_at timestamptz(3),
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  UNIQUE (channel_account_id, customer_id)
);
CREATE INDEX conversations_page ON conversations (created_at, id);
CREATE INDEX conversations_org_page ON conversations (organization_id, created_at, id);
CREATE INDEX conversations_customer_page ON conversations (customer_id, created_at, id);

-- Every location a conversation has targeted: what a location key may read (its customers, its chats).
CREATE TABLE conversation_locations (
  conversation_id text NOT NULL REFERENCES conversations (id),
  location_id text NOT NULL REFERENCES locations (id),
  customer_id text NOT NULL REFERENCES customers (id),
  created_at timestamptz(3) NOT NULL,
  PRIMARY KEY (conversation_id, location_id)
);
CREATE INDEX conversation_locations_location ON conversation_locations (location_id, customer_id);

CREATE TABLE messages (
  id text PRIMARY KEY,
  conversation_id text NOT NULL REFERENCES conversations (id),
  customer_id text NOT NULL REFERENCES customers (id),
  channel_account_id text NOT NULL REFERENCES channel_accounts (id),
  direction text NOT NULL CHECK (direction IN ('inbound', 'outbound')),
  type text NOT NULL,
  text text,
  payload jsonb,
  channel_message_id text,
  -- When the channel says the customer sent it (inbound).
  sent_at timestamptz(3),
  -- received (inbound); pending → sent → delivered → read, or failed (outbound).
  status text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  next_attempt_at timestamptz(3),
  -- The process sending it holds it until lease_until, backoff included; then anyone may take it over.
  lease_owner text,
  lease_until timestamptz(3),
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  UNIQUE (channel_account_id, channel_message_id)
);
CREATE INDEX messages_conversation_page ON messages (conversation_id, created_at, id);
CREATE INDEX messages_outbound_due ON messages (next_attempt_at) WHERE status = 'pending';
