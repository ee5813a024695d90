-- Issue 20: typed delivery addresses are geocoded through GEOCODER_URL (docs/geocoding.md). Answers are
-- kept here, shared by every server process, so one address is asked for once per lifetime: the public
-- services' policies require caching, and a repeat lookup costs no request and no wait for a turn.
-- query_key: sha256 of the normalised query (`query`, kept for inspection). result: the answer's JSON.
CREATE TABLE geocode_cache (
  query_key text PRIMARY KEY,
  query text NOT NULL,
  result jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE INDEX geocode_cache_expires_at ON geocode_cache (expires_at);
