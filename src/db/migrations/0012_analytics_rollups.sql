-- Daily rollups for product analytics: per location, calendar date in the location's time zone and
-- service type, the counted orders and each product's quantity. Triggers keep them in the writing
-- transaction whoever writes (the API, the seed's batches, a hand-run UPDATE), so a rollup never drifts
-- from the rows it sums. See docs/analytics.md.
--
-- The migration runner splits this file at semicolons that end a line: inside the function bodies
-- below, every semicolon starts a line instead of ending one.

-- What the rollups must hold, computed from the rows: used to fill them, to rebuild a location's when
-- its time zone changes, and by the tests that compare the two.
CREATE VIEW analytics_order_days AS
SELECT o.location_id, (o.created_at AT TIME ZONE l.timezone)::date AS local_date,
  coalesce(o.service_type, '') AS service_type, count(*) AS orders
FROM orders o JOIN locations l ON l.id = o.location_id
WHERE o.status NOT IN ('rejected', 'cancelled')
GROUP BY 1, 2, 3;

CREATE VIEW analytics_product_days AS
SELECT p.location_id, (p.created_at AT TIME ZONE l.timezone)::date AS local_date,
  coalesce(o.service_type, '') AS service_type, p.product_name, sum(p.quantity) AS quantity, count(*) AS lines
FROM order_products p JOIN orders o ON o.id = p.order_id JOIN locations l ON l.id = p.location_id
WHERE o.status NOT IN ('rejected', 'cancelled')
GROUP BY 1, 2, 3, 4;

-- service_type '' stands for an order without one (a key column cannot be null).
CREATE TABLE analytics_daily_orders (
  location_id text NOT NULL,
  local_date date NOT NULL,
  service_type text NOT NULL,
  orders bigint NOT NULL,
  PRIMARY KEY (location_id, local_date, service_type)
);

-- `lines` counts the product rows behind a quantity: a product is in a period's results while it has
-- any, and a row whose orders were all cancelled stays at 0 instead of being deleted under a writer.
CREATE TABLE analytics_daily_products (
  location_id text NOT NULL,
  local_date date NOT NULL,
  service_type text NOT NULL,
  product_name text NOT NULL,
  quantity bigint NOT NULL,
  lines bigint NOT NULL,
  PRIMARY KEY (location_id, local_date, service_type, product_name)
);

INSERT INTO analytics_daily_orders (location_id, local_date, service_type, orders)
SELECT location_id, local_date, service_type, orders FROM analytics_order_days;

INSERT INTO analytics_daily_products (location_id, local_date, service_type, product_name, quantity, lines)
SELECT location_id, local_date, service_type, product_name, quantity, lines FROM analytics_product_days;

-- Rows added by a statement count in one upsert per table (the seed's batches, an order's product
-- lines); a change of what counts (a rejection or cancellation, a moved instant, a deleted row) is
-- handled per row: it subtracts the old row and adds the new one, netted per key. Upserts run in key
-- order, so two transactions lock the rollup rows they share in the same order.
CREATE FUNCTION analytics_orders_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_daily_orders AS d (location_id, local_date, service_type, orders)
  SELECT n.location_id, (n.created_at AT TIME ZONE l.timezone)::date, coalesce(n.service_type, ''), count(*)
  FROM new_rows n JOIN locations l ON l.id = n.location_id
  WHERE n.status NOT IN ('rejected', 'cancelled')
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (location_id, local_date, service_type) DO UPDATE SET orders = d.orders + EXCLUDED.orders
  ; RETURN NULL
; END $$;

CREATE FUNCTION analytics_products_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_daily_products AS d (location_id, local_date, service_type, product_name, quantity, lines)
  SELECT n.location_id, (n.created_at AT TIME ZONE l.timezone)::date, coalesce(o.service_type, ''), n.product_name,
    sum(n.quantity), count(*)
  FROM new_rows n JOIN orders o ON o.id = n.order_id JOIN locations l ON l.id = n.location_id
  WHERE o.status NOT IN ('rejected', 'cancelled')
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (location_id, local_date, service_type, product_name)
  DO UPDATE SET quantity = d.quantity + EXCLUDED.quantity, lines = d.lines + EXCLUDED.lines
  ; RETURN NULL
; END $$;

-- An order's products count under its status and service type: its change moves them too. On DELETE,
-- NEW is null and only the old row counts (its product rows are gone before it, by the foreign key).
CREATE FUNCTION analytics_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_daily_orders AS d (location_id, local_date, service_type, orders)
  SELECT c.location_id, (c.created_at AT TIME ZONE l.timezone)::date, coalesce(c.service_type, ''), sum(c.sign)
  FROM (
    SELECT OLD.location_id, OLD.created_at, OLD.service_type, OLD.status, -1
    UNION ALL SELECT NEW.location_id, NEW.created_at, NEW.service_type, NEW.status, 1 WHERE TG_OP = 'UPDATE'
  ) c (location_id, created_at, service_type, status, sign) JOIN locations l ON l.id = c.location_id
  WHERE c.status NOT IN ('rejected', 'cancelled')
  GROUP BY 1, 2, 3 HAVING sum(c.sign) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (location_id, local_date, service_type) DO UPDATE SET orders = d.orders + EXCLUDED.orders
  ; INSERT INTO analytics_daily_products AS d (location_id, local_date, service_type, product_name, quantity, lines)
  SELECT p.location_id, (p.created_at AT TIME ZONE l.timezone)::date, coalesce(c.service_type, ''), p.product_name,
    sum(c.sign * p.quantity), sum(c.sign)
  FROM (
    SELECT OLD.service_type, OLD.status, -1
    UNION ALL SELECT NEW.service_type, NEW.status, 1 WHERE TG_OP = 'UPDATE'
  ) c (service_type, status, sign)
  JOIN order_products p ON p.order_id = OLD.id JOIN locations l ON l.id = p.location_id
  WHERE c.status NOT IN ('rejected', 'cancelled')
  GROUP BY 1, 2, 3, 4 HAVING sum(c.sign) <> 0 OR sum(c.sign * p.quantity) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (location_id, local_date, service_type, product_name)
  DO UPDATE SET quantity = d.quantity + EXCLUDED.quantity, lines = d.lines + EXCLUDED.lines
  ; RETURN NULL
; END $$;

CREATE FUNCTION analytics_product_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_daily_products AS d (location_id, local_date, service_type, product_name, quantity, lines)
  SELECT c.location_id, (c.created_at AT TIME ZONE l.timezone)::date, coalesce(o.service_type, ''), c.product_name,
    sum(c.sign * c.quantity), sum(c.sign)
  FROM (
    SELECT OLD.order_id, OLD.location_id, OLD.created_at, OLD.product_name, OLD.quantity, -1
    UNION ALL
    SELECT NEW.order_id, NEW.location_id, NEW.created_at, NEW.product_name, NEW.quantity, 1 WHERE TG_OP = 'UPDATE'
  ) c (order_id, location_id, created_at, product_name, quantity, sign)
  JOIN orders o ON o.id = c.order_id JOIN locations l ON l.id = c.location_id
  WHERE o.status NOT IN ('rejected', 'cancelled')
  GROUP BY 1, 2, 3, 4 HAVING sum(c.sign) <> 0 OR sum(c.sign * c.quantity) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (location_id, local_date, service_type, product_name)
  DO UPDATE SET quantity = d.quantity + EXCLUDED.quantity, lines = d.lines + EXCLUDED.lines
  ; RETURN NULL
; END $$;

-- Another time zone moves every order to other dates: the location's rollups are computed again.
CREATE FUNCTION analytics_location_rezoned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_daily_orders WHERE location_id = NEW.id
  ; DELETE FROM analytics_daily_products WHERE location_id = NEW.id
  ; INSERT INTO analytics_daily_orders (location_id, local_date, service_type, orders)
    SELECT location_id, local_date, service_type, orders FROM analytics_order_days WHERE location_id = NEW.id
  ; INSERT INTO analytics_daily_products (location_id, local_date, service_type, product_name, quantity, lines)
    SELECT location_id, local_date, service_type, product_name, quantity, lines
    FROM analytics_product_days WHERE location_id = NEW.id
  ; RETURN NULL
; END $$;

CREATE TRIGGER analytics_orders_inserted AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_orders_inserted();
-- Only a change of what counts fires: a move between two counted statuses, or a payment, does not.
CREATE TRIGGER analytics_orders_updated AFTER UPDATE OF status, service_type, created_at, location_id ON orders
  FOR EACH ROW WHEN ((OLD.status IN ('rejected', 'cancelled')) IS DISTINCT FROM (NEW.status IN ('rejected', 'cancelled'))
    OR OLD.service_type IS DISTINCT FROM NEW.service_type OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.location_id IS DISTINCT FROM NEW.location_id)
  EXECUTE FUNCTION analytics_order_changed();
CREATE TRIGGER analytics_orders_deleted AFTER DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION analytics_order_changed();
CREATE TRIGGER analytics_products_inserted AFTER INSERT ON order_products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_products_inserted();
CREATE TRIGGER analytics_products_updated AFTER UPDATE ON order_products
  FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION analytics_product_changed();
CREATE TRIGGER analytics_products_deleted AFTER DELETE ON order_products
  FOR EACH ROW EXECUTE FUNCTION analytics_product_changed();
CREATE TRIGGER analytics_location_rezoned AFTER UPDATE OF timezone ON locations
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION analytics_location_rezoned();

-- The seed loads orders with session_replication_role = replica to skip foreign-key checks, which skips
-- ordinary triggers too; these are part of the data, so they fire in every role.
ALTER TABLE orders ENABLE ALWAYS TRIGGER analytics_orders_inserted;
ALTER TABLE orders ENABLE ALWAYS TRIGGER analytics_orders_updated;
ALTER TABLE orders ENABLE ALWAYS TRIGGER analytics_orders_deleted;
ALTER TABLE order_products ENABLE ALWAYS TRIGGER analytics_products_inserted;
ALTER TABLE order_products ENABLE ALWAYS TRIGGER analytics_products_updated;
ALTER TABLE order_products ENABLE ALWAYS TRIGGER analytics_products_deleted;
ALTER TABLE locations ENABLE ALWAYS TRIGGER analytics_location_rezoned;
