-- Issue 22: WhatsApp's business-scoped users (usernames) may write without a phone number: `from` is
-- empty and `from_user_id` names them. Such a customer is found by that id instead, within the same scope
-- as phones. A customer has a phone, a WhatsApp user id, or both (the id is kept when a message carries
-- both, so the same person is found again once their number is hidden).
ALTER TABLE customers ALTER COLUMN phone DROP NOT NULL;
ALTER TABLE customers ADD COLUMN whatsapp_user_id text;
ALTER TABLE customers ADD CONSTRAINT customers_scope_whatsapp_user_id_key UNIQUE (scope_id, whatsapp_user_id);
ALTER TABLE customers ADD CONSTRAINT customers_address_check CHECK (phone IS NOT NULL OR whatsapp_user_id IS NOT NULL);
