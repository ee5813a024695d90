-- Orders placed from a conversation's draft (docs/order-drafts.md): the customer who placed it, how they
-- pay, and the placing caller's reference, so that placing the same answer twice makes one order.

-- No foreign key: the customers table comes from another branch (migration 0005), and orders from other
-- channels have no customer. Ids are `cus_…` from that table.
ALTER TABLE orders ADD COLUMN customer_id text;
-- A customer's order history (the chatbot's "previous orders"), newest last, like every list.
CREATE INDEX orders_customer ON orders (customer_id, created_at, id) WHERE customer_id IS NOT NULL;

-- cash, card or online (order_settings.payment_methods); null when the channel did not say.
ALTER TABLE orders ADD COLUMN payment_method text;

ALTER TABLE orders ADD COLUMN placement_reference text;
CREATE UNIQUE INDEX orders_placement_reference ON orders (location_id, placement_reference)
  WHERE placement_reference IS NOT NULL;
