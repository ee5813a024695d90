-- Events for integrators (docs/events.md): the tenant's webhook endpoints, one immutable event per change
-- (written in the change's transaction), and one delivery per event and subscribed endpoint, a durable
-- queue of src/db/queue/ keyed by endpoint and order so one order's events reach an endpoint in order.

CREATE TABLE webhook_endpoints (
  id text PRIMARY KEY, -- whe_…
  -- An organization's endpoint has organization_id only; a location key's endpoint also location_id (the
  -- location's organization, or null for a standalone location) and receives that location's events only.
  organization_id text REFERENCES organizations (id),
  location_id text REFERENCES locations (id),
  url text NOT NULL,
  -- Event types, or '*' for every type.
  enabled_events text[] NOT NULL,
  description text,
  status text NOT NULL CHECK (status IN ('enabled', 'disabled')),
  -- Why the server disabled it (failing for days); null when enabled or disabled by the tenant.
  disabled_reason text,
  -- Kept readable: every delivery is signed with it (an HMAC key cannot be stored as a hash).
  secret text NOT NULL,
  -- After a rotation the previous secret signs beside the new one until it expires.
  previous_secret text,
  previous_secret_expires_at timestamptz(3),
  -- The first failed attempt since the last success: an endpoint failing for days is disabled.
  failing_since timestamptz(3),
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  CHECK (organization_id IS NOT NULL OR location_id IS NOT NULL)
);
CREATE INDEX webhook_endpoints_page ON webhook_endpoints (created_at, id);
CREATE INDEX webhook_endpoints_org ON webhook_endpoints (organization_id, created_at, id);
CREATE INDEX webhook_endpoints_loc ON webhook_endpoints (location_id, created_at, id);

CREATE TABLE events (
  id text PRIMARY KEY, -- evt_…: the webhook-id of every delivery of it
  type text NOT NULL,
  organization_id text,
  location_id text,
  -- {object: the resource as the API shows it after the change, …}
  data json NOT NULL, -- json, not jsonb: kept as written, keys in the order the API shows them
  previous_attributes json,
  created_at timestamptz(3) NOT NULL
);
-- Newest first, scoped like orders, optionally by type; created_at alone for the 30-day pruning.
CREATE INDEX events_org_page ON events (organization_id, created_at, id);
CREATE INDEX events_loc_page ON events (location_id, created_at, id);
CREATE INDEX events_org_type_page ON events (organization_id, type, created_at, id);
CREATE INDEX events_loc_type_page ON events (location_id, type, created_at, id);
CREATE INDEX events_page ON events (created_at, id);

CREATE TABLE event_deliveries (
  id text PRIMARY KEY, -- evd_…
  endpoint_id text NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id text NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  -- endpoint id + the order's id (the event's id for an event about no order): a key's deliveries go one
  -- at a time in seq order; other keys, other endpoints above all, never wait for it.
  queue_key text NOT NULL,
  seq bigserial NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'delivering', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz(3),
  lease_owner text,
  lease_until timestamptz(3),
  last_error text,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  completed_at timestamptz(3),
  UNIQUE (endpoint_id, event_id)
);
CREATE INDEX event_deliveries_endpoint_page ON event_deliveries (endpoint_id, created_at, id);
CREATE INDEX event_deliveries_key ON event_deliveries (queue_key, seq);
CREATE INDEX event_deliveries_open ON event_deliveries (next_attempt_at) WHERE status IN ('pending', 'delivering');
CREATE INDEX event_deliveries_event ON event_deliveries (event_id);

CREATE TABLE event_delivery_attempts (
  delivery_id text NOT NULL REFERENCES event_deliveries (id) ON DELETE CASCADE,
  number integer NOT NULL,
  started_at timestamptz(3) NOT NULL,
  duration_ms integer NOT NULL,
  status_code integer,
  response_excerpt text,
  error text,
  result text NOT NULL CHECK (result IN ('succeeded', 'retry', 'failed')),
  PRIMARY KEY (delivery_id, number)
);
