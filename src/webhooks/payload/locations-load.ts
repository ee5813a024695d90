/**
 * Everything about the locations a body describes, for one location or a whole organization, in one
 * query whatever their number: each location row with its settings, menu, the special closings ahead
 * and the availability switches in force, the latter as JSON (their timestamps revived here).
 */
import { LOOKAHEAD_DAYS } from '../../contracts/message-webhook/body-location.js';
import type { Queryable } from '../../db/client.js';
import { PREPARED } from '../../db/prepared.js';
import type { LocationRow } from '../../domain/locations.js';
import type { AvailabilitySwitch } from '../../domain/menus/availability.js';
import type { MenuDocument } from '../../domain/menus/types.js';
import type { SettingsKind } from '../../domain/settings/kinds.js';

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
  /** Held with its version (xmin), read again when that changed: a change to it (name, address…) shows in the next body. */
  row: LocationRow;
  settings: Map<SettingsKind, StoredSettings>;
  /** Not over at `now` and starting within the lookahead, earliest first. */
  closings: ClosingRow[];
  menu: MenuRow | null;
  /** The switches holding an item off at `now`. */
  switches: Map<string, AvailabilitySwitch>;
}

const DAY = 86_400_000;

/** What a location context holds beside the location's own row: the same for every message of the location. */
type LocationParts = Omit<LocationData, 'row'>;

// A few dozen locations chatting at once; an entry holds a menu document (up to a few MB for the largest).
const ENTRIES = 64;

/**
 * The locations a builder has read, by location: the row with its version (xmin), and its parts with the
 * fingerprint they were read under: the row versions of every settings row, the menu, and the closings
 * and switches the read selects. The conversation's read computes the fingerprints of the
 * locations its body describes (`locationFingerprints`, in the same statement as the conversation); when
 * every one matches what is held, nothing else is read. Otherwise the locations' statement computes them
 * again and reads the parts only where they differ, so any write (by any process, committed before the
 * statement's snapshot) is seen by the next body, with no notice to wait for. Least recently used dropped
 * first.
 */
export type LocationCache = Map<string, LocationEntry>;
interface LocationEntry {
  /** The parts' fingerprint. */
  fingerprint: string;
  /** The location row's own version (xmin): a change to it alone reads the row, not the parts. */
  version: string;
  row: LocationRow;
  parts: LocationParts;
}
export const locationCache = (): LocationCache => new Map();

const SETTINGS_OF = `SELECT json_agg(json_build_object('kind', s.kind, 'data', s.data, 'created_at', s.created_at,
      'updated_at', s.updated_at)) FROM location_settings s WHERE s.location_id = l.id`;
const MENU_OF = `SELECT json_build_object('document', m.document, 'version', m.version, 'created_at', m.created_at,
      'updated_at', m.updated_at) FROM menus m WHERE m.location_id = l.id`;
const CLOSINGS = 'FROM special_closings c WHERE c.location_id = l.id AND c.ends_at > $2 AND c.starts_at < $3';
const SWITCHES =
  'FROM menu_item_availability w WHERE w.location_id = l.id AND (w.unavailable_until IS NULL OR w.unavailable_until > $2)';

/** Fixed positions (an absent part is empty), so that no two different sets of rows print alike. */
const FINGERPRINT = `concat_ws('|',
    coalesce((SELECT string_agg(s.kind::text || ':' || s.xmin::text, ',' ORDER BY s.kind)
      FROM location_settings s WHERE s.location_id = l.id), ''),
    coalesce((SELECT m.xmin::text FROM menus m WHERE m.location_id = l.id), ''),
    coalesce((SELECT string_agg(c.id || ':' || c.xmin::text, ',' ORDER BY c.id) ${CLOSINGS}), ''),
    coalesce((SELECT string_agg(w.item_id || ':' || w.xmin::text, ',' ORDER BY w.item_id) ${SWITCHES}), ''))`;

/**
 * Which locations `l` a conversation's body describes, the conversation on alias `v`: its location and, in
 * businessOrganization mode, its organization's active ones (NULL in location mode, so that the
 * organization's other locations are not even read).
 */
const described = (v: string) => `l.id = ${v}.location_id
  OR (l.organization_id = CASE WHEN ${v}.mode = 'businessOrganization' THEN ${v}.organization_id END AND l.active)`;

/**
 * An expression for the version and parts' fingerprint of every location the body of conversation `v` (an
 * alias) describes, in the body's order, as JSON `[[id, version, fingerprint], …]`; `now` and `until` name
 * the statement's parameters for the time of the read and the end of the lookahead. The conversation's
 * read carries it (./conversation.ts).
 */
export const locationFingerprints = (v: string, now: string, until: string) =>
  `(SELECT json_agg(json_build_array(l.id, l.xmin::text, ${FINGERPRINT.replace(/\$([23])\b/g, (_, n) => (n === '2' ? now : until))})
    ORDER BY l.created_at, l.id) FROM locations l WHERE ${described(v)})`;

/** The end of the lookahead for closings read at `now`. */
export const lookaheadEnd = (now: Date) => new Date(now.getTime() + LOOKAHEAD_DAYS * DAY);

const LOCATIONS = `SELECT l.*, l.xmin::text AS row_version, f.fingerprint, coalesce(k.fingerprint = f.fingerprint, false) AS parts_held,
  CASE WHEN k.fingerprint IS DISTINCT FROM f.fingerprint THEN (${SETTINGS_OF}) END AS settings_json,
  CASE WHEN k.fingerprint IS DISTINCT FROM f.fingerprint THEN (${MENU_OF}) END AS menu_json,
  CASE WHEN k.fingerprint IS DISTINCT FROM f.fingerprint THEN
    (SELECT json_agg(c ORDER BY c.starts_at, c.id) ${CLOSINGS}) END AS closings_json,
  CASE WHEN k.fingerprint IS DISTINCT FROM f.fingerprint THEN
    (SELECT json_agg(json_build_object('item_id', w.item_id, 'until', w.unavailable_until)) ${SWITCHES})
  END AS switches_json
FROM conversations v JOIN locations l ON ${described('v')}
  -- OFFSET 0: computed once per location, not pulled up into each of its six uses.
  CROSS JOIN LATERAL (SELECT ${FINGERPRINT} AS fingerprint OFFSET 0) f
  LEFT JOIN unnest($4::text[], $5::text[]) AS k (location_id, fingerprint) ON k.location_id = l.id
WHERE v.id = $1
ORDER BY l.created_at, l.id`;

type Json = Record<string, any>;
const date = (v: string | null) => (v === null ? null : new Date(v));

function revive({ settings_json, menu_json, closings_json, switches_json }: Json): LocationParts {
  return {
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
  };
}

/**
 * The conversation's location and, in businessOrganization mode, its organization's active ones: chosen
 * from the conversation's row by the query itself. With a cache, the parts it holds under the current
 * fingerprint are not read again; given the fingerprints the conversation's read computed (`seen`), and
 * every one of them held, nothing is read at all.
 */
export async function loadLocations(
  db: Queryable,
  conversationId: string,
  now: Date,
  cache: LocationCache = new Map(),
  seen?: Array<[string, string, string]> | null,
): Promise<LocationData[]> {
  const held = seen && heldAll(cache, seen);
  if (held) return held;
  const until = lookaheadEnd(now);
  const given = new Map(cache);
  const rows = await db.query<LocationRow & Json>(
    LOCATIONS,
    [conversationId, now, until, [...given.keys()], [...given.values()].map((e) => e.fingerprint)],
    PREPARED,
  );
  return rows.map((r) => {
    const { row_version, fingerprint, parts_held, settings_json, menu_json, closings_json, switches_json, ...rest } = r;
    const row = rest as LocationRow;
    // The parts the statement was given (another body's load may have replaced or dropped them since).
    const parts =
      (parts_held && given.get(row.id)?.parts) || revive({ settings_json, menu_json, closings_json, switches_json });
    remember(cache, row.id, { fingerprint, version: row_version, row, parts });
    return { row, ...parts };
  });
}

/** Every location of `seen` held in that version and under that fingerprint: their data, in order; else null. */
function heldAll(cache: LocationCache, seen: Array<[string, string, string]>): LocationData[] | null {
  const entries = seen.map(([id, version, fingerprint]) => {
    const e = cache.get(id);
    return e?.version === version && e.fingerprint === fingerprint ? e : undefined;
  });
  if (entries.some((e) => e === undefined)) return null;
  return entries.map((e) => {
    const entry = e as NonNullable<typeof e>;
    remember(cache, entry.row.id, entry);
    return { row: entry.row, ...entry.parts };
  });
}

/** Re-inserted last: the map's order is least recently used first. */
function remember(cache: LocationCache, id: string, entry: LocationEntry) {
  cache.delete(id);
  cache.set(id, entry);
  if (cache.size > ENTRIES) cache.delete(cache.keys().next().value as string);
}
