import type { Queryable } from '../../db/client.js';
import { notFound } from '../errors.js';
import { SETTINGS, type SettingsKind } from './kinds.js';

interface Row {
  location_id: string;
  kind: SettingsKind;
  data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

function render(row: Row) {
  return {
    object: row.kind,
    location_id: row.location_id,
    ...row.data,
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
  const [row] = await db.query<Row>('SELECT * FROM location_settings WHERE location_id = $1 AND kind = $2', [
    locationId,
    kind,
  ]);
  if (!row) throw notFound('location', locationId);
  return render(row);
}

/**
 * Merges a partial update (PATCH) or replaces the whole object (PUT), then lets the kind check
 * the result against the location (currency of amounts, overlapping periods…).
 */
export async function writeSettings(
  db: Queryable,
  locationId: string,
  kind: SettingsKind,
  input: Record<string, unknown>,
  mode: 'merge' | 'replace',
) {
  const [row] = await db.query<Row & { currency: string; timezone: string }>(
    `SELECT s.*, l.currency, l.timezone FROM location_settings s JOIN locations l ON l.id = s.location_id
     WHERE s.location_id = $1 AND s.kind = $2 FOR UPDATE OF s`,
    [locationId, kind],
  );
  if (!row) throw notFound('location', locationId);
  const next = mode === 'merge' ? { ...row.data, ...input } : { ...SETTINGS[kind].defaults(), ...input };
  const checked = SETTINGS[kind].check(next, { currency: row.currency, timezone: row.timezone });
  const [updated] = await db.query<Row>(
    'UPDATE location_settings SET data = $3, updated_at = now() WHERE location_id = $1 AND kind = $2 RETURNING *',
    [locationId, kind, JSON.stringify(checked)],
  );
  return render(updated);
}
