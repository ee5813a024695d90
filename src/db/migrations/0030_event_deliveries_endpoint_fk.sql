-- The foreign key from a delivery to its endpoint goes. Its check locked the endpoint's row (FOR KEY SHARE)
-- for every delivery written: every order change of an organization locked the same 20 endpoint rows,
-- each lock a new multixact, a change to the row's page and a WAL record, 4,000 a second under the
-- events bench; without it PostgreSQL spent about 8 % less CPU a delivery (bench/results/events.md).
-- Deleting an endpoint deletes its deliveries in the same transaction (src/domain/events/endpoints.ts);
-- a delivery an event wrote while its endpoint was being deleted is deleted by the worker that claims it
-- (src/webhooks/events/attempt.ts). The delivery's foreign key to its event stays: it locks the event
-- its own statement just wrote.
ALTER TABLE event_deliveries DROP CONSTRAINT IF EXISTS event_deliveries_endpoint_id_fkey;
