-- A location's contact details (issue 9): its phone number (E.164, normalised by src/domain/locations.ts)
-- and e-mail address, both optional. The message webhook's location carries them (docs/message-webhook.md).
-- Statements that select `l.*` / `SELECT *` from locations get two more columns: a prepared one on a
-- connection that outlives the migration fails once and that connection is dropped (src/db/client.ts).
ALTER TABLE locations ADD COLUMN phone text;

ALTER TABLE locations ADD COLUMN email text;
