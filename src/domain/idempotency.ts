import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/client.js';
import { PREPARED } from '../db/prepared.js';
import { ApiError } from './errors.js';
import { DEAD_AFTER_SECONDS } from './instances.js';

export const RETENTION_HOURS = 24;
/** A claim recorded before claims named their instance is taken for abandoned after this long. */
export const UNOWNED_ABANDONED_AFTER_SECONDS = 300;

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

/** A request's hold on a key: `token` is unique to this claim, so a request that lost it knows. */
export interface Claim {
  apiKeyId: string;
  key: string;
  token: string;
}

export type ClaimResult = { kind: 'claimed'; claim: Claim } | { kind: 'replay'; status: number; body: string };

interface Row {
  fingerprint: string;
  request_id: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_body: string | null;
}

/**
 * An in-flight claim whose instance is dead: its heartbeat is stale, or its row is gone (stopped, purged).
 * Parameters: $8 seconds to death, $9 the age rule for claims that name no instance.
 */
const ABANDONED = `k.state = 'in_flight' AND CASE
  WHEN k.instance_id IS NULL THEN k.created_at < now() - make_interval(secs => $9)
  ELSE NOT EXISTS (SELECT 1 FROM server_instances i
    WHERE i.id = k.instance_id AND i.heartbeat_at >= now() - make_interval(secs => $8)) END`;

const CLAIM_INSERT = `INSERT INTO idempotency_keys
       (api_key_id, key, fingerprint, request_id, instance_id, claim_token, state, created_at, expires_at)
     SELECT $1::text, $2::text, $3::text, $4::text, $5::text, $6::text, 'in_flight', now(),
       now() + make_interval(hours => $7::int)`;
const CLAIM_WHERE = `WHERE NOT EXISTS (SELECT 1 FROM idempotency_keys WHERE api_key_id = $1 AND key = $2)
     ON CONFLICT (api_key_id, key) DO NOTHING RETURNING 1`;
const CLAIM = `${CLAIM_INSERT} ${CLAIM_WHERE}`;
/**
 * The claim in a statement of its own (no transaction around it) commits without waiting for its WAL to
 * reach the disk: a flush spared on every idempotent POST (about 40 µs of PostgreSQL's CPU and 0.1 ms
 * of latency, bench/results/webhooks.md). Nothing is lost that mattered: the visibility of the claim to
 * other requests is the same, and every later commit of the request (its resource with the completion,
 * a stored 4xx, a release) flushes the WAL up to itself, the claim's record included. A crash of the
 * database before that can lose only a claim whose request had no outcome yet, which its retry claims
 * again. `set_config(…, true)` lasts for the statement's own transaction.
 */
const CLAIM_COMMITTED_LAZILY = `WITH lazy AS (SELECT set_config('synchronous_commit', 'off', true))
     ${CLAIM_INSERT} FROM lazy ${CLAIM_WHERE}`;

/**
 * Claims a key for this request, taking over an expired record or the claim of a dead process, or
 * says what to do instead (replay, or one of the two 409s). `instanceId` names this live process;
 * `token` marks this claim, so a caller that lost the answer can still release exactly what it made.
 */
export async function claim(
  db: Queryable,
  apiKeyId: string,
  key: string,
  print: string,
  requestId: string,
  instanceId: string,
  token: string = randomUUID(),
): Promise<ClaimResult> {
  const values = [apiKeyId, key, print, requestId, instanceId, token, RETENTION_HOURS];
  const claimed = { kind: 'claimed', claim: { apiKeyId, key, token } } as const;
  // No statement here waits for a transaction that is storing an outcome (it may be frozen, holding
  // the row's lock): the insert only runs when no record is visible, since a conflict check would wait
  // on that lock, and the takeover skips a locked row, which stays in flight until that transaction ends.
  const inserted = await db.query(db.txn ? CLAIM : CLAIM_COMMITTED_LAZILY, values, PREPARED);
  if (inserted.length > 0) return claimed;

  const taken = await db.query(
    `WITH target AS (
       SELECT api_key_id, key FROM idempotency_keys k
       WHERE k.api_key_id = $1 AND k.key = $2 AND (k.expires_at < now() OR (${ABANDONED}))
       FOR UPDATE SKIP LOCKED)
     UPDATE idempotency_keys k SET fingerprint = $3, request_id = $4, instance_id = $5, claim_token = $6,
       state = 'in_flight', response_status = NULL, response_body = NULL,
       created_at = now(), expires_at = now() + make_interval(hours => $7)
     FROM target t WHERE k.api_key_id = t.api_key_id AND k.key = t.key RETURNING 1`,
    [...values, DEAD_AFTER_SECONDS, UNOWNED_ABANDONED_AFTER_SECONDS],
  );
  if (taken.length > 0) return claimed;

  const [row] = await db.query<Row>('SELECT * FROM idempotency_keys WHERE api_key_id = $1 AND key = $2', [
    apiKeyId,
    key,
  ]);
  // Released between our insert and select (a 5xx just now): the caller may simply retry.
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

/** For a request whose claim a retry took over (its process looked dead): its work must not commit. */
export const claimTakenOver = () =>
  new ApiError(
    'conflict_error',
    'request_in_flight',
    'A retry with this Idempotency-Key took this request over; this attempt was undone. Retry to get the outcome.',
  );

/**
 * The completion: the outcome stored if the claim is still this request's (one row returned), with its
 * parameters from `$first` and `also` (more conditions) appended. Run alone by `complete`, and as a CTE of
 * the statement that creates the resource by `completionClause`.
 */
function completion(c: Claim, status: number, body: string, first: number, also = '') {
  const $ = (i: number) => `$${first + i}`;
  return {
    sql: `UPDATE idempotency_keys SET state = 'done', response_status = ${$(3)}::int, response_body = ${$(4)}::text
       WHERE api_key_id = ${$(0)}::text AND key = ${$(1)}::text AND claim_token = ${$(2)}::text AND state = 'in_flight'${also}
       RETURNING 1`,
    params: [c.apiKeyId, c.key, c.token, status, body],
  };
}

/**
 * Stores the outcome if the claim is still this request's, and says whether it was. Inside the
 * transaction that created the resource, false means: roll back, another attempt owns the key.
 */
export async function complete(db: Queryable, c: Claim, status: number, body: string): Promise<boolean> {
  const { sql, params } = completion(c, status, body, 1);
  const rows = await db.query(sql, params, PREPARED);
  return rows.length > 0;
}

/**
 * The completion written by the statement that creates the resource, as one more of its CTEs, instead of
 * by a statement of its own after it: a round trip fewer on a creating request's path (issue 24). Offered
 * by sendCreated (src/http/plugins/idempotency.ts) to the code that creates; that code knows the resource
 * before its statement runs, and whether the statement created it (`guard`: a CTE of the statement that
 * is empty when nothing was created, as when a channel message id was seen before).
 */
export interface CarriedCompletion<R> {
  /** The CTE `completed` (one row when the claim was still this request's), its parameters from `first`. */
  clause(resource: R, first: number, guard: string): { sql: string; params: unknown[] };
  /** The statement ran: its `completed` row count (0 or 1), or null when it created nothing. */
  done(completed: number | null): void;
}

/** The same completion, for code that holds something the resource is made from. */
export function carriedAs<R, S>(carry: CarriedCompletion<R>, toResource: (source: S) => R): CarriedCompletion<S> {
  return { clause: (source, first, guard) => carry.clause(toResource(source), first, guard), done: carry.done };
}

/** The CTE of CarriedCompletion.clause: `complete` as part of another statement, guarded by its CTE `guard`. */
export function completionClause(c: Claim, status: number, body: string, first: number, guard: string) {
  const { sql, params } = completion(c, status, body, first, `\n         AND EXISTS (SELECT 1 FROM ${guard})`);
  return { sql: `completed AS (\n       ${sql})`, params };
}

/**
 * Rewrites the stored outcome of a claim completed by a carried completion whose body turned out other
 * than the one sent (the resource as read back differs from the one known before): the response wins.
 */
export async function restate(db: Queryable, c: Claim, status: number, body: string): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET response_status = $4, response_body = $5
     WHERE api_key_id = $1 AND key = $2 AND claim_token = $3 AND state = 'done'`,
    [c.apiKeyId, c.key, c.token, status, body],
  );
}

/** Frees the key for a retry, if the claim is still this request's. */
export async function release(db: Queryable, c: Claim): Promise<void> {
  await db.query(
    `DELETE FROM idempotency_keys WHERE api_key_id = $1 AND key = $2 AND claim_token = $3 AND state = 'in_flight'`,
    [c.apiKeyId, c.key, c.token],
  );
}

export async function purgeExpired(db: Queryable): Promise<number> {
  const rows = await db.query('DELETE FROM idempotency_keys WHERE expires_at < now() RETURNING 1');
  return rows.length;
}
