-- Base of the platform: tenants, keys, special closings, settings, idempotency records.
-- Timestamps keep milliseconds, the precision the API shows, so strict filters compare what clients read.
-- Every list is paged on (created_at, id), so each listing has an index that ends in those two columns.

CREATE TABLE organizations (
  id text PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL
);
CREATE INDEX organizations_page ON organizations (created_at, id);

CREATE TABLE locations (
  id text PRIMARY KEY,
  organization_id text REFERENCES organizations (id),
  name text NOT NULL,
  currency text NOT NULL,
  country text NOT NULL,
  timezone text NOT NULL,
  default_language text NOT NULL,
  address jsonb,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL
);
CREATE INDEX locations_page ON locations (created_at, id);
CREATE INDEX locations_org_page ON locations (organization_id, created_at, id);

CREATE TABLE location_settings (
  location_id text NOT NULL REFERENCES locations (id),
  kind text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  PRIMARY KEY (location_id, kind)
);

CREATE TABLE special_closings (
  id text PRIMARY KEY,
  location_id text NOT NULL REFERENCES locations (id),
  starts_at timestamptz(3) NOT NULL,
  ends_at timestamptz(3) NOT NULL,
  reason text NOT NULL,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  CHECK (ends_at > starts_at)
);
CREATE INDEX special_closings_page ON special_closings (location_id, created_at, id);

CREATE TABLE api_keys (
  id text PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('public', 'admin')),
  name text,
  secret_hash text NOT NULL UNIQUE,
  prefix text NOT NULL,
  last4 text NOT NULL,
  organization_id text REFERENCES organizations (id),
  location_id text REFERENCES locations (id),
  permissions jsonb NOT NULL,
  revoked_at timestamptz(3),
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL
);
CREATE INDEX api_keys_page ON api_keys (created_at, id);

CREATE TABLE idempotency_keys (
  api_key_id text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  request_id text NOT NULL,
  state text NOT NULL CHECK (state IN ('in_flight', 'done')),
  response_status integer,
  response_body text,
  created_at timestamptz(3) NOT NULL,
  expires_at timestamptz(3) NOT NULL,
  PRIMARY KEY (api_key_id, key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
