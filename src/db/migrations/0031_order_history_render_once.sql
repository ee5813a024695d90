-- A status change rendered its order twice: its UPDATE of the order (order_render, with the history as it
-- was) and then its history row, whose trigger updated the order again to render it with the new entry:
-- two row versions of the order and two renders for one change. A status change now writes its history
-- row first and then the order's row, which renders it once (src/domain/orders/lifecycle.ts); the trigger
-- leaves an order whose row is behind the new history (status_version lower) to that update. Orders
-- already at the history's version or past it (a new order's first entry, the seed's histories) are
-- rendered again here, as before.
CREATE OR REPLACE FUNCTION order_history_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders o SET rendered = NULL
  FROM (SELECT order_id, max(status_version) AS status_version FROM new_rows GROUP BY order_id) n
  WHERE o.id = n.order_id AND o.status_version >= n.status_version
  ; RETURN NULL
; END $$;
