-- Every order holds its public JSON (the document GET returns, status history included) as text, rendered
-- by the database whenever the order or its history changes, so a list reads one column per order and
-- sends it as is: no JSON building, no history lookup, no parsing in node (issue 11, docs/orders.md).
-- It must stay the same document as src/domain/orders/render.ts's toOrder; test/orders/reading.test.ts
-- compares the two. The migration runner splits at semicolons that end a line: inside the bodies every
-- semicolon starts a line.
ALTER TABLE orders ADD COLUMN rendered text;

-- Instants as Date.toISOString writes them: milliseconds (truncated), UTC, Z.
CREATE FUNCTION order_json(o orders) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_object('id', o.id, 'object', 'order', 'short_id', o.short_id, 'location_id', o.location_id,
    'status', o.status, 'status_version', o.status_version, 'service_type', o.service_type,
    'channel', o.channel, 'created_at', to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updated_at', to_char(o.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'expected_time', to_char(o.expected_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'expected_pickup_time', to_char(o.expected_pickup_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'expected_delivery_time', to_char(o.expected_delivery_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'customer', o.customer,
    'customer_id', o.customer_id, 'fulfillment', o.fulfillment, 'items', o.items,
    'discounts', o.discounts, 'charges', o.charges,
    'payment', CASE WHEN o.payment_status IS NULL THEN NULL ELSE json_build_object('status', o.payment_status,
      'amount', json_build_object('amount', coalesce(o.payment_amount, 0), 'currency', o.currency), 'refunded', json_build_object('amount', o.refunded_amount, 'currency', o.currency)) END,
    'payment_method', o.payment_method, 'total', json_build_object('amount', o.total_amount, 'currency', o.currency), 'status_history', (SELECT coalesce(json_agg(json_build_object('status', h.status, 'status_version', h.status_version,
      'reason', h.reason, 'changed_at', to_char(h.changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY h.status_version), '[]')
    FROM order_status_history h WHERE h.order_id = o.id))::text
$$;

CREATE FUNCTION order_render() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.rendered := order_json(NEW)
  ; RETURN NEW
; END $$;

-- A new history row renders its order again (the UPDATE goes through order_render).
CREATE FUNCTION order_history_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET rendered = NULL WHERE id IN (SELECT DISTINCT order_id FROM new_rows)
  ; RETURN NULL
; END $$;

CREATE TRIGGER order_render BEFORE INSERT OR UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION order_render();

CREATE TRIGGER order_history_added AFTER INSERT ON order_status_history
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_history_added();

-- Also when the seed loads with session_replication_role = replica (see 0012).
ALTER TABLE orders ENABLE ALWAYS TRIGGER order_render;

ALTER TABLE order_status_history ENABLE ALWAYS TRIGGER order_history_added;

UPDATE orders SET rendered = NULL;
