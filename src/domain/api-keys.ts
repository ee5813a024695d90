import type { Queryable } from '../db/client.js';
import { newId } from '../lib/ids.js';
import { generateSecret, hashSecret, KEY_PREFIX, type KeyType, keyTypeOf } from '../lib/secrets.js';
import { ApiError, invalidParam, notFound } from './errors.js';
import { listPage, type PageParams } from './pagination.js';
import type { Principal } from './principal.js';

export const PERMISSIONS = [
  'organizations.read',
  'organizations.write',
  'locations.read',
  'locations.write',
  'special_closings.read',
  'special_closings.write',
  'settings.read',
  'settings.write',
  'orders.read',
  'orders.write',
  'financials.read',
  'analytics.read',
  'menu.read',
  'menu.write',
  'customers.read',
  'customers.write',
  'conversations.read',
  'webhook_endpoints.read',
  'webhook_endpoints.write',
  'events.read',
] as const;

interface KeyRow {
  id: string;
  type: KeyType;
  name: string | null;
  prefix: string;
  last4: string;
  organization_id: string | null;
  location_id: string | null;
  permissions: string[];
  revoked_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface ApiKey {
  id: string;
  object: 'api_key';
  type: KeyType;
  name: string | null;
  prefix: string;
  last4: string;
  redacted_key: string;
  organization_id: string | null;
  location_id: string | null;
  permissions: string[];
  revoked: boolean;
  revoked_at: string | null;
  created_at: string;
  updated_at: string;
  secret?: string;
}

export function toApiKey(r: KeyRow, secret?: string): ApiKey {
  return {
    id: r.id,
    object: 'api_key',
    type: r.type,
    name: r.name,
    prefix: r.prefix,
    last4: r.last4,
    redacted_key: `${r.prefix}…${r.last4}`,
    organization_id: r.organization_id,
    location_id: r.location_id,
    permissions: r.permissions,
    revoked: r.revoked_at !== null,
    revoked_at: r.revoked_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    ...(secret !== undefined ? { secret } : {}),
  };
}

export interface IssueKeyInput {
  type?: KeyType;
  name?: string | null;
  organization_id?: string;
  location_id?: string;
  permissions?: string[];
}

async function insertKey(db: Queryable, type: KeyType, secret: string, input: IssueKeyInput, ifAbsent = false) {
  const now = Date.now();
  const rows = await db.query<KeyRow>(
    `INSERT INTO api_keys (id, type, name, secret_hash, prefix, last4, organization_id, location_id, permissions, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
     ${ifAbsent ? 'ON CONFLICT (secret_hash) DO NOTHING' : ''} RETURNING *`,
    [
      newId('api_key', now),
      type,
      input.name ?? null,
      hashSecret(secret),
      KEY_PREFIX[type],
      secret.slice(-4),
      input.organization_id ?? null,
      input.location_id ?? null,
      JSON.stringify(input.permissions ?? []),
      new Date(now),
    ],
  );
  return rows[0];
}

export async function issueKey(db: Queryable, input: IssueKeyInput): Promise<ApiKey> {
  const type = input.type ?? 'public';
  if (type === 'admin') {
    if (input.organization_id !== undefined) throw invalidParam('organization_id', 'Admin keys have no scope.');
    if (input.location_id !== undefined) throw invalidParam('location_id', 'Admin keys have no scope.');
  } else {
    if ((input.organization_id === undefined) === (input.location_id === undefined)) {
      throw new ApiError(
        'invalid_request_error',
        input.organization_id === undefined ? 'parameter_missing' : 'parameters_exclusive',
        'A public key is scoped to exactly one of organization_id or location_id.',
        { param: input.organization_id === undefined ? 'organization_id' : undefined },
      );
    }
    if (input.organization_id !== undefined) {
      const org = await db.query('SELECT 1 FROM organizations WHERE id = $1', [input.organization_id]);
      if (org.length === 0) throw invalidParam('organization_id', `No such organization: '${input.organization_id}'.`);
    }
    if (input.location_id !== undefined) {
      const loc = await db.query('SELECT 1 FROM locations WHERE id = $1', [input.location_id]);
      if (loc.length === 0) throw invalidParam('location_id', `No such location: '${input.location_id}'.`);
    }
  }
  const secret = generateSecret(type);
  return toApiKey(await insertKey(db, type, secret, input), secret);
}

/** Makes sure a given admin secret exists (ADMIN_API_KEY at start-up). Idempotent. */
export async function ensureAdminKey(db: Queryable, secret: string): Promise<void> {
  if (keyTypeOf(secret) !== 'admin')
    throw new Error('ADMIN_API_KEY is not a well-formed admin key (svc_admin_ + 32 or more base62 characters)');
  // Several processes may start with the same key at once: the unique hash settles who inserts it.
  await insertKey(db, 'admin', secret, { name: 'ADMIN_API_KEY' }, true);
}

export async function getKey(db: Queryable, id: string): Promise<ApiKey> {
  const rows = await db.query<KeyRow>('SELECT * FROM api_keys WHERE id = $1', [id]);
  if (rows.length === 0) throw notFound('api_key', id);
  return toApiKey(rows[0]);
}

export async function listKeys(db: Queryable, page: PageParams) {
  const result = await listPage<KeyRow>(db, { table: 'api_keys' }, page);
  return { ...result, data: result.data.map((r) => toApiKey(r)) };
}

export async function revokeKey(db: Queryable, id: string): Promise<ApiKey> {
  const rows = await db.query<KeyRow>(
    `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, now()), updated_at = now() WHERE id = $1 RETURNING *`,
    [id],
  );
  if (rows.length === 0) throw notFound('api_key', id);
  return toApiKey(rows[0]);
}

/** The principal for a presented secret, or null when it is malformed, unknown or revoked. */
export async function authenticate(db: Queryable, secret: string): Promise<Principal | null> {
  if (keyTypeOf(secret) === null) return null;
  return lookupKey(db, hashSecret(secret));
}

/** The principal of a live key by its secret's hash (./access-cache.ts holds the answers). */
export async function lookupKey(db: Queryable, secretHash: string): Promise<Principal | null> {
  const rows = await db.query<KeyRow>(
    'SELECT id, type, organization_id, location_id, permissions FROM api_keys WHERE secret_hash = $1 AND revoked_at IS NULL',
    [secretHash],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    keyId: r.id,
    type: r.type,
    organizationId: r.organization_id,
    locationId: r.location_id,
    permissions: r.permissions,
  };
}
