/**
 * Everything about the locations a body describes, for one location or a whole organization, in one
 * query whatever their number: each location row with its settings, menu, the special closings ahead
 * and the availability switches in force, the latter as JSON (their timestamps revived here).
 */
import type { Queryable } from '../../db/client.js';
import { PREPARED } from '../../db/prepared.js';
import type { LocationRow } from '../../domain/locations.js';
import type { AvailabilitySwitch } from '../../domain/menus/availability.js';
import type { MenuDocument } from '../../domain/menus/types.js';
import type { SettingsKind } from '../../domain/settings/kinds.js';
import { LOOKAHEAD_DAYS } from './schema-location.js';

export interface StoredSettings {
  data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export interface ClosingRow {
  id: string;
  location_id: string;
  starts_at: Date;
  ends_at: Date;
  reason: string;
  created_at: Date;
  updated_at: Date;
}

export interface MenuRow {
  document: MenuDocument;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export interface LocationData {
  row: LocationRow;
  settings: Map<SettingsKind, StoredSettings>;
  /** Not over at `now` and starting within the lookahead, earliest first. */
  closings: ClosingRow[];
  menu: MenuRow | null;
  /** The switches holding an item off at `now`. */
  switches: Map<string, AvailabilitySwitch>;
}

const DAY = 86_400_000;

const LOCATIONS = `SELECT l.*,
  (SELECT json_agg(json_build_object('kind', s.kind, 'data', s.data, 'created_at', s.created_at,
      'updated_at', s.updated_at)) FROM location_settings s WHERE s.location_id = l.id) AS settings_json,
  (SELECT json_build_object('document', m.document, 'version', m.version, 'created_at', m.created_at,
      'updated_at', m.updated_at) FROM menus m WHERE m.location_id = l.id) AS menu_json,
  (SELECT json_agg(c ORDER BY c.starts_at, c.id) FROM special_closings c
    WHERE c.location_id = l.id AND c.ends_at > $2 AND c.starts_at < $3) AS closings_json,
  (SELECT json_agg(json_build_object('item_id', w.item_id, 'until', w.unavailable_until))
    FROM menu_item_availability w
    WHERE w.location_id = l.id AND (w.unavailable_until IS NULL OR w.unavailable_until > $2)) AS switches_json
FROM conversations v JOIN locations l ON l.id = v.location_id
  -- NULL in location mode, so that the organization's other locations are not even read.
  OR (l.organization_id = CASE WHEN v.mode = 'businessOrganization' THEN v.organization_id END AND l.active)
WHERE v.id = $1
ORDER BY l.created_at, l.id`;

type Json = Record<string, any>;
const date = (v: string | null) => (v === null ? null : new Date(v));

/**
 * The conversation's location and, in businessOrganization mode, its organization's active ones: chosen
 * from the conversation's row by the query itself, so that it runs beside the conversation's own reads.
 */
export async function loadLocations(db: Queryable, conversationId: string, now: Date): Promise<LocationData[]> {
  const until = new Date(now.getTime() + LOOKAHEAD_DAYS * DAY);
  const rows = await db.query<LocationRow & Json>(LOCATIONS, [conversationId, now, until], PREPARED);
  return rows.map(({ settings_json, menu_json, closings_json, switches_json, ...row }) => ({
    row: row as LocationRow,
    settings: new Map(
      ((settings_json ?? []) as Json[]).map((s) => [
        s.kind as SettingsKind,
        { data: s.data, created_at: new Date(s.created_at), updated_at: new Date(s.updated_at) },
      ]),
    ),
    menu: menu_json && {
      document: menu_json.document,
      version: menu_json.version,
      created_at: new Date(menu_json.created_at),
      updated_at: new Date(menu_json.updated_at),
    },
    closings: ((closings_json ?? []) as Json[]).map((c) => ({
      ...(c as ClosingRow),
      starts_at: new Date(c.starts_at),
      ends_at: new Date(c.ends_at),
      created_at: new Date(c.created_at),
      updated_at: new Date(c.updated_at),
    })),
    switches: new Map(((switches_json ?? []) as Json[]).map((w) => [w.item_id as string, { until: date(w.until) }])),
  }));
}
