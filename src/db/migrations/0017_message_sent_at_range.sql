-- Issue 19: a WhatsApp notification's `timestamp` was stored as the message's sent_at without a range
-- check, so a year-10000 time could be stored, and every list of that conversation then failed. The
-- webhook now refuses such a notification (docs/conversations.md); a row stored before is repaired here:
-- its sent_at becomes the time the message was received (created_at), the same range the webhook accepts.
UPDATE messages SET sent_at = created_at, updated_at = now()
WHERE sent_at < '1970-01-01T00:00:01Z' OR sent_at > '9999-12-31T23:59:59Z';
