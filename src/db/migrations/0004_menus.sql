-- Menus: one document per location, replaced whole (PUT) and versioned for optimistic concurrency,
-- and the availability switches a kitchen flips without touching the document.

CREATE TABLE menus (
  location_id text PRIMARY KEY REFERENCES locations (id),
  document jsonb NOT NULL,
  version integer NOT NULL CHECK (version >= 0),
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL
);

-- A row means the item is off: until unavailable_until, or until switched on when that is null. Keyed
-- by the restaurant's item id, so a switch outlives a menu replacement that keeps the item.
CREATE TABLE menu_item_availability (
  location_id text NOT NULL REFERENCES locations (id),
  item_id text NOT NULL,
  unavailable_until timestamptz(3),
  updated_at timestamptz(3) NOT NULL,
  PRIMARY KEY (location_id, item_id)
);
