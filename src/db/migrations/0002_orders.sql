-- Orders, their status and payment history, per-location order numbers, fee schedules, and the flat
-- product lines that analytics aggregate in SQL.

CREATE TABLE location_order_counters (
  location_id text PRIMARY KEY REFERENCES locations (id),
  last_number bigint NOT NULL
);

CREATE TABLE orders (
  id text PRIMARY KEY,
  location_id text NOT NULL REFERENCES locations (id),
  -- Copied from the location at creation, so organization-wide lists need no join to page.
  organization_id text REFERENCES organizations (id),
  short_id text NOT NULL,
  status text NOT NULL,
  status_version integer NOT NULL DEFAULT 0 CHECK (status_version >= 0),
  service_type text CHECK (service_type IN ('delivery', 'collection', 'eat_in')),
  channel text NOT NULL,
  currency text NOT NULL,
  expected_time timestamptz(3),
  expected_pickup_time timestamptz(3),
  expected_delivery_time timestamptz(3),
  customer jsonb,
  fulfillment jsonb NOT NULL,
  items jsonb NOT NULL,
  discounts jsonb NOT NULL,
  charges jsonb NOT NULL,
  private_charges jsonb NOT NULL,
  payment_status text,
  payment_amount bigint,
  refunded_amount bigint NOT NULL DEFAULT 0,
  total_amount bigint NOT NULL,
  delivery_provider text,
  delivery_cost_amount bigint,
  delivery_cost_source text,
  -- The organization's fee schedule when the order was created: a later change does not rewrite history.
  fee_schedule jsonb NOT NULL,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  UNIQUE (location_id, short_id)
);
CREATE INDEX orders_location_page ON orders (location_id, created_at, id);
CREATE INDEX orders_location_updated ON orders (location_id, updated_at);
-- The status and service_type filters of the orders list keep their keyset order on an index too.
CREATE INDEX orders_location_status_page ON orders (location_id, status, created_at, id);
CREATE INDEX orders_location_service_page ON orders (location_id, service_type, created_at, id);
CREATE INDEX orders_organization_page ON orders (organization_id, created_at, id);

CREATE TABLE order_status_history (
  order_id text NOT NULL REFERENCES orders (id),
  status_version integer NOT NULL,
  status text NOT NULL,
  reason text,
  changed_at timestamptz(3) NOT NULL,
  PRIMARY KEY (order_id, status_version)
);

CREATE TABLE payment_events (
  id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (id),
  type text NOT NULL,
  amount bigint,
  payment_status text NOT NULL,
  refunded_amount bigint NOT NULL,
  created_at timestamptz(3) NOT NULL
);
CREATE INDEX payment_events_order ON payment_events (order_id, created_at, id);

-- One row per product sold (bundle contents included, multiplied by the enclosing quantities).
CREATE TABLE order_products (
  order_id text NOT NULL REFERENCES orders (id),
  position integer NOT NULL,
  location_id text NOT NULL,
  created_at timestamptz(3) NOT NULL,
  product_name text NOT NULL,
  quantity integer NOT NULL,
  PRIMARY KEY (order_id, position)
);
CREATE INDEX order_products_location ON order_products (location_id, created_at);

CREATE TABLE fee_schedules (
  organization_id text PRIMARY KEY REFERENCES organizations (id),
  order_fee_percent_bps integer NOT NULL,
  order_fee_fixed_cents bigint NOT NULL,
  payment_fee_percent_bps integer NOT NULL,
  payment_fee_fixed_cents bigint NOT NULL,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL
);
