-- Servers hold channel accounts in memory (src/domain/access-cache.ts): every customer message names its
-- account. Any change to an account row, or its removal, tells every server at commit, on the channel
-- channel_accounts_changed, with the account's id; they drop it. As for api_keys (0013), the migration
-- runner splits at semicolons that end a line: inside the body every semicolon starts a line.
CREATE FUNCTION channel_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('channel_accounts_changed', coalesce(OLD.id, NEW.id))
  ; RETURN NULL
; END $$;

CREATE TRIGGER channel_account_changed AFTER UPDATE OR DELETE ON channel_accounts FOR EACH ROW
  EXECUTE FUNCTION channel_account_changed();

ALTER TABLE channel_accounts ENABLE ALWAYS TRIGGER channel_account_changed;
