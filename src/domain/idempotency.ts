import { createHash } from 'node:crypto';
import type { Queryable } from '../db/client.js';
import { ApiError } from './errors.js';

export const RETENTION_HOURS = 24;
/** A claim still in flight after this long belongs to a process that died; it may be taken over. */
export const ABANDONED_AFTER_SECONDS = 300;

/** JSON with object keys sorted at every depth, so key order does not change a fingerprint. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function fingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method}\n${path}\n${canonicalJson(body ?? null)}`)
    .digest('hex');
}

export interface Claim {
  apiKeyId: string;
  key: string;
}

export type ClaimResult = { kind: 'claimed'; claim: Claim } | { kind: 'replay'; status: number; body: string };

interface Row {
  fingerprint: string;
  request_id: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_body: string | null;
}

/** Claims a key for this request, or says what to do instead (replay, or one of the two 409s). */
export async function claim(
  db: Queryable,
  apiKeyId: string,
  key: string,
  print: string,
  requestId: string,
): Promise<ClaimResult> {
  await db.query(
    `DELETE FROM idempotency_keys WHERE api_key_id = $1 AND key = $2
       AND (expires_at < now() OR (state = 'in_flight' AND created_at < now() - make_interval(secs => $3)))`,
    [apiKeyId, key, ABANDONED_AFTER_SECONDS],
  );
  const inserted = await db.query(
    `INSERT INTO idempotency_keys (api_key_id, key, fingerprint, request_id, state, created_at, expires_at)
     VALUES ($1, $2, $3, $4, 'in_flight', now(), now() + make_interval(hours => $5))
     ON CONFLICT (api_key_id, key) DO NOTHING RETURNING 1`,
    [apiKeyId, key, print, requestId, RETENTION_HOURS],
  );
  if (inserted.length > 0) return { kind: 'claimed', claim: { apiKeyId, key } };

  const [row] = await db.query<Row>('SELECT * FROM idempotency_keys WHERE api_key_id = $1 AND key = $2', [
    apiKeyId,
    key,
  ]);
  // Deleted between our insert and select (expired just now): the caller may simply retry.
  if (!row) throw inFlight();
  if (row.fingerprint !== print) {
    throw new ApiError(
      'idempotency_error',
      'idempotency_key_reused',
      'This Idempotency-Key was used with a different request. Use a fresh key, or send the original request.',
      { details: { original_request_id: row.request_id } },
    );
  }
  if (row.state === 'in_flight') throw inFlight();
  return { kind: 'replay', status: row.response_status ?? 200, body: row.response_body ?? '' };
}

const inFlight = () =>
  new ApiError(
    'conflict_error',
    'request_in_flight',
    'A request with this Idempotency-Key is still being processed. Retry after a short wait.',
  );

export async function complete(db: Queryable, c: Claim, status: number, body: string): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET state = 'done', response_status = $3, response_body = $4
     WHERE api_key_id = $1 AND key = $2`,
    [c.apiKeyId, c.key, status, body],
  );
}

export async function release(db: Queryable, c: Claim): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE api_key_id = $1 AND key = $2 AND state = 'in_flight'`, [
    c.apiKeyId,
    c.key,
  ]);
}

export async function purgeExpired(db: Queryable): Promise<number> {
  const rows = await db.query('DELETE FROM idempotency_keys WHERE expires_at < now() RETURNING 1');
  return rows.length;
}
