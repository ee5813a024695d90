-- Staff users of the console (docs/console.md) and their sessions. A user belongs to an organization or to
-- a location, never both; an email is one login across the platform.
CREATE TABLE staff_users (
  id text PRIMARY KEY,
  organization_id text REFERENCES organizations (id),
  location_id text REFERENCES locations (id),
  email text NOT NULL,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'manager', 'staff')),
  password_hash text NOT NULL,
  disabled_at timestamptz,
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK ((organization_id IS NULL) <> (location_id IS NULL))
);
CREATE UNIQUE INDEX staff_users_email ON staff_users (lower(email));
CREATE INDEX staff_users_page ON staff_users (created_at, id);
CREATE INDEX staff_users_organization ON staff_users (organization_id) WHERE organization_id IS NOT NULL;
CREATE INDEX staff_users_location ON staff_users (location_id) WHERE location_id IS NOT NULL;

-- A session is known by the SHA-256 of its cookie's token: a copy of this table logs nobody in.
CREATE TABLE console_sessions (
  id text PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id text NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX console_sessions_user ON console_sessions (user_id) WHERE revoked_at IS NULL;
