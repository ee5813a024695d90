/**
 * A location's events besides its orders: its menu replaced, items switched off or on, a settings object
 * changed, the location itself changed. Written by the function that makes the change, in its transaction; `data.object` is what the
 * matching GET answers after it.
 */
import type { Queryable } from '../../db/client.js';
import { recordEvent } from './record.js';
import type { EventType } from './types.js';

async function organizationOf(tx: Queryable, locationId: string): Promise<string | null> {
  const [row] = await tx.query<{ organization_id: string | null }>(
    'SELECT organization_id FROM locations WHERE id = $1',
    [locationId],
  );
  return row?.organization_id ?? null;
}

export async function locationEvent(
  tx: Queryable,
  type: Extract<
    EventType,
    'menu.replaced' | 'menu.availability_changed' | 'location.settings_updated' | 'location.updated'
  >,
  locationId: string,
  object: Record<string, unknown>,
  previousAttributes: Record<string, unknown> | null = null,
): Promise<void> {
  await recordEvent(tx, {
    type,
    organizationId: await organizationOf(tx, locationId),
    locationId,
    // One location's menu events in order, each settings object's, and its own.
    subjectId: `${locationId}:${type.startsWith('menu.') ? 'menu' : String(object.object)}`,
    data: { object },
    previousAttributes,
  });
}

/** The top-level fields whose value changed, with their values before (timestamps left out). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changed: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === 'updated_at' || key === 'created_at') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = before[key] ?? null;
  }
  return changed;
}
