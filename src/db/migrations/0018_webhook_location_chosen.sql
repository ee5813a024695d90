-- Issue 19: in businessOrganization mode the body no longer carries every location's menu, only the chosen
-- location's. An answer that picks a location and needs its menu to act on the message asks for the same
-- message again (action `redeliver`): a delivery with event `location_chosen`, which names the location the
-- conversation left, so the chatbot can carry the draft over from its menu.
ALTER TABLE webhook_deliveries DROP CONSTRAINT IF EXISTS webhook_deliveries_event_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_event_check
  CHECK (event IN ('message', 'order_problems', 'location_chosen'));
ALTER TABLE webhook_deliveries ADD COLUMN previous_location_id text;
