import type { Queryable } from '../../db/client.js';
import { PREPARED } from '../../db/prepared.js';
import type { Address } from '../address.js';
import { notFound } from '../errors.js';
import { changedFields, locationEvent } from '../events/locations.js';
import { isOpenAt, type Period } from '../hours.js';
import { SETTINGS, type SettingsContext, type SettingsKind } from './kinds.js';
import { withoutReadOnly } from './read-only.js';

interface Row {
  location_id: string;
  kind: SettingsKind;
  data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  currency: string;
  timezone: string;
  country: string;
  address: Address | null;
}

const SELECT = `SELECT s.*, l.currency, l.timezone, l.country, l.address FROM location_settings s
  JOIN locations l ON l.id = s.location_id WHERE s.location_id = $1 AND s.kind = $2`;

/**
 * Opening hours also say whether the location is open now: by its periods, in its time zone, unless a
 * special closing covers this instant. The AI clerk and integrators need the answer, not the rules.
 */
async function openingHoursView(db: Queryable, row: Row) {
  const [closing] = await db.query<{ id: string }>(
    `SELECT id FROM special_closings WHERE location_id = $1 AND starts_at <= now() AND ends_at > now()
     ORDER BY starts_at LIMIT 1`,
    [row.location_id],
  );
  const periods = (row.data.periods ?? []) as Period[];
  return {
    timezone: row.timezone,
    open_now: !closing && isOpenAt(periods, row.timezone, new Date()),
    current_special_closing_id: closing?.id ?? null,
  };
}

async function render(db: Queryable, row: Row) {
  const extra = row.kind === 'opening_hours' ? await openingHoursView(db, row) : {};
  return {
    object: row.kind,
    location_id: row.location_id,
    ...row.data,
    ...extra,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Every location gets the five settings objects, with defaults, when it is created. */
export async function createDefaultSettings(db: Queryable, locationId: string, now: Date): Promise<void> {
  for (const kind of Object.keys(SETTINGS) as SettingsKind[]) {
    await db.query(
      'INSERT INTO location_settings (location_id, kind, data, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)',
      [locationId, kind, JSON.stringify(SETTINGS[kind].defaults()), now],
    );
  }
}

export async function getSettings(db: Queryable, locationId: string, kind: SettingsKind) {
  const [row] = await db.query<Row>(SELECT, [locationId, kind], PREPARED);
  if (!row) throw notFound('location', locationId);
  return render(db, row);
}

/**
 * PATCH replaces each top-level field it names (arrays and objects whole); PUT replaces the object.
 * Read-only fields may come along as read (a GET's answer written back) and are dropped.
 * The kind then checks the result against the location (currency of amounts, overlapping periods…).
 */
export async function writeSettings(
  db: Queryable,
  locationId: string,
  kind: SettingsKind,
  input: Record<string, unknown>,
  mode: 'merge' | 'replace',
) {
  const [row] = await db.query<Row>(`${SELECT} FOR UPDATE OF s`, [locationId, kind]);
  if (!row) throw notFound('location', locationId);
  const writable = withoutReadOnly(input, { kind, locationId, timezone: row.timezone, createdAt: row.created_at });
  const next = mode === 'merge' ? { ...row.data, ...writable } : { ...SETTINGS[kind].defaults(), ...writable };
  const ctx: SettingsContext = {
    currency: row.currency,
    timezone: row.timezone,
    country: row.country,
    address: row.address,
  };
  const checked = SETTINGS[kind].check(next, ctx);
  const [updated] = await db.query<{ data: Record<string, unknown>; updated_at: Date }>(
    `UPDATE location_settings SET data = $3, updated_at = now() WHERE location_id = $1 AND kind = $2
     RETURNING data, updated_at`,
    [locationId, kind, JSON.stringify(checked)],
  );
  const [before, after] = [await render(db, row), await render(db, { ...row, ...updated })];
  const changed = changedFields(before, after);
  if (Object.keys(changed).length > 0) {
    await locationEvent(db, 'location.settings_updated', locationId, after, changed);
  }
  return after;
}
