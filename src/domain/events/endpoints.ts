/**
 * Webhook endpoints (docs/events.md): where a tenant's events go. An organization key's endpoint receives
 * all the organization's events; a location key's (or an admin's with `location_id`) that location's only.
 * The secret signs every delivery, so it is stored readable; it is shown at creation and rotation.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client.js';
import { newId } from '../../lib/ids.js';
import { invalidParam, notFound } from '../errors.js';
import { listPage, type PageParams } from '../pagination.js';
import { assertPermission, type Principal } from '../principal.js';
import type { Owner } from './owners.js';
import { ALL_EVENTS, isMessageEvent, MESSAGE_EVENTS_PERMISSION, PREVIOUS_SECRET_HOURS } from './types.js';

export interface EndpointRow {
  id: string;
  organization_id: string | null;
  location_id: string | null;
  url: string;
  enabled_events: string[];
  description: string | null;
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface EndpointInput {
  url: string;
  enabled_events: string[];
  description?: string | null;
}

export interface EndpointPatch extends Partial<EndpointInput> {
  status?: 'enabled' | 'disabled';
}

/** Why a URL may not be an endpoint (null: it may); `param` `url` in the 400. */
export type UrlCheck = (url: string) => Promise<string | null>;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function toEndpoint(r: EndpointRow, withSecret = false) {
  return {
    id: r.id,
    object: 'webhook_endpoint' as const,
    url: r.url,
    enabled_events: r.enabled_events,
    description: r.description,
    status: r.status,
    disabled_reason: r.disabled_reason,
    organization_id: r.organization_id,
    location_id: r.location_id,
    previous_secret_expires_at: iso(r.previous_secret_expires_at),
    created_at: iso(r.created_at) as string,
    updated_at: iso(r.updated_at) as string,
    ...(withSecret ? { secret: r.secret } : {}),
  };
}

export const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** The rows a key reaches: an organization key its organization's (location endpoints too), a location key its location's. */
function reach(p: Principal): { where: string[]; params: unknown[] } {
  if (p.type === 'admin') return { where: [], params: [] };
  if (p.locationId !== null) return { where: ['location_id = $1'], params: [p.locationId] };
  return { where: ['organization_id = $1'], params: [p.organizationId] };
}

async function checkInput(input: Partial<EndpointInput>, checkUrl: UrlCheck, p: Principal) {
  if (input.enabled_events?.some(isMessageEvent)) {
    assertPermission(p, MESSAGE_EVENTS_PERMISSION, ', which message events (what customers write) need');
  }
  if (input.url !== undefined) {
    const why = await checkUrl(input.url);
    if (why) throw invalidParam('url', `The endpoint URL ${why}.`);
  }
  const events = input.enabled_events;
  if (events?.includes(ALL_EVENTS) && events.length > 1) {
    throw invalidParam('enabled_events', `'${ALL_EVENTS}' stands alone: it already means every event type.`);
  }
}

export async function createEndpoint(
  tx: Queryable,
  p: Principal,
  owner: Owner,
  input: EndpointInput,
  checkUrl: UrlCheck,
) {
  await checkInput(input, checkUrl, p);
  const now = new Date();
  const [row] = await tx.query<EndpointRow>(
    `INSERT INTO webhook_endpoints (id, organization_id, location_id, url, enabled_events, description, status,
       secret, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'enabled', $7, $8, $8) RETURNING *`,
    [
      newId('webhook_endpoint', now.getTime()),
      owner.organizationId,
      owner.locationId,
      input.url,
      [...new Set(input.enabled_events)],
      input.description ?? null,
      newSecret(),
      now,
    ],
  );
  return toEndpoint(row, true);
}

export interface EndpointListParams extends PageParams {
  organization_id?: string;
  location_id?: string;
}

export async function listEndpoints(db: Queryable, p: Principal, q: EndpointListParams) {
  const { where, params } = reach(p);
  const page = await listPage<EndpointRow>(
    db,
    {
      table: 'webhook_endpoints',
      where,
      params,
      filters: { organization_id: q.organization_id, location_id: q.location_id },
    },
    q,
  );
  return { has_more: page.has_more, data: page.data.map((r) => toEndpoint(r)) };
}

export async function getEndpointRow(db: Queryable, p: Principal, id: string, lock = false): Promise<EndpointRow> {
  const { where, params } = reach(p);
  const [row] = await db.query<EndpointRow>(
    `SELECT * FROM webhook_endpoints WHERE ${[...where, `id = $${params.length + 1}`].join(' AND ')}
     ${lock ? 'FOR UPDATE' : ''}`,
    [...params, id],
  );
  if (!row) throw notFound('webhook endpoint', id);
  return row;
}

export const getEndpoint = async (db: Queryable, p: Principal, id: string) =>
  toEndpoint(await getEndpointRow(db, p, id));

/** Open deliveries of a disabled endpoint fail at once (a resend by hand brings one back once it is enabled). */
export async function failOpenDeliveries(tx: Queryable, endpointId: string, why: string) {
  await tx.query(
    `UPDATE event_deliveries SET status = 'failed', last_error = $2, next_attempt_at = NULL, lease_owner = NULL,
       lease_until = NULL, completed_at = now(), updated_at = now()
     WHERE endpoint_id = $1 AND status IN ('pending', 'delivering')`,
    [endpointId, why],
  );
}

export async function updateEndpoint(tx: Queryable, p: Principal, id: string, patch: EndpointPatch, check: UrlCheck) {
  // The URL's DNS look-up before the row's lock, not while holding it.
  await checkInput(patch, check, p);
  const row = await getEndpointRow(tx, p, id, true);
  const status = patch.status ?? row.status;
  const [updated] = await tx.query<EndpointRow>(
    `UPDATE webhook_endpoints SET url = $2, enabled_events = $3, description = $4, status = $5,
       disabled_reason = CASE WHEN $5 = 'enabled' THEN NULL WHEN $6 THEN NULL ELSE disabled_reason END,
       failing_since = CASE WHEN $5 = 'enabled' AND status = 'disabled' THEN NULL ELSE failing_since END,
       updated_at = now()
     WHERE id = $1 RETURNING *`,
    [
      id,
      patch.url ?? row.url,
      patch.enabled_events ? [...new Set(patch.enabled_events)] : row.enabled_events,
      patch.description === undefined ? row.description : patch.description,
      status,
      // Disabled by the tenant: no reason of the server's is shown.
      patch.status === 'disabled' && row.status === 'enabled',
    ],
  );
  if (status === 'disabled' && row.status === 'enabled') await failOpenDeliveries(tx, id, 'the endpoint was disabled');
  return toEndpoint(updated);
}

/**
 * The endpoint goes with its deliveries and their attempts (no foreign key does it: migration 0030). A
 * delivery an event writes while this commits is left to the worker, which deletes it when it finds no
 * endpoint (src/webhooks/events/attempt.ts).
 */
export async function deleteEndpoint(tx: Queryable, p: Principal, id: string) {
  await getEndpointRow(tx, p, id, true);
  await tx.query('DELETE FROM webhook_endpoints WHERE id = $1', [id]);
  await tx.query('DELETE FROM event_deliveries WHERE endpoint_id = $1', [id]);
  return { id, object: 'webhook_endpoint' as const, deleted: true as const };
}

/** A new secret; the current one keeps signing beside it for PREVIOUS_SECRET_HOURS. */
export async function rotateSecret(tx: Queryable, p: Principal, id: string) {
  await getEndpointRow(tx, p, id, true);
  const [row] = await tx.query<EndpointRow>(
    `UPDATE webhook_endpoints SET previous_secret = secret, secret = $2,
       previous_secret_expires_at = now() + $3 * interval '1 hour', updated_at = now()
     WHERE id = $1 RETURNING *`,
    [id, newSecret(), PREVIOUS_SECRET_HOURS],
  );
  return toEndpoint(row, true);
}
