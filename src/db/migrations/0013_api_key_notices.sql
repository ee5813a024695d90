-- Servers cache keys in memory (src/domain/access-cache.ts). Any change to a key row (a revoke, through
-- the API or by hand) or its removal tells every server at commit, on the channel api_keys_changed, with
-- the key's id; they drop it. The migration runner splits at semicolons that end a line: inside the body
-- every semicolon starts a line.
CREATE FUNCTION api_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('api_keys_changed', coalesce(OLD.id, NEW.id))
  ; RETURN NULL
; END $$;

CREATE TRIGGER api_key_changed AFTER UPDATE OR DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION api_key_changed();

ALTER TABLE api_keys ENABLE ALWAYS TRIGGER api_key_changed;
