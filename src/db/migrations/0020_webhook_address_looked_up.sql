-- Issue 20: in businessOrganization mode a typed address that no postal-code zone decides needs the
-- geocoder before a location can be chosen. The chatbot's answer asks for it (`lookUpAddress` with action
-- `redeliver`); the server looks the address up and delivers the same message again as event
-- `address_looked_up`, the query and the geocoder's answer kept on the delivery.
ALTER TABLE webhook_deliveries DROP CONSTRAINT IF EXISTS webhook_deliveries_event_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_event_check
  CHECK (event IN ('message', 'order_problems', 'location_chosen', 'address_looked_up'));
ALTER TABLE webhook_deliveries ADD COLUMN address_lookup jsonb;
