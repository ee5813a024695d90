/**
 * A request's idempotency claim seen and taken over from outside, as another process's retry would
 * (src/domain/idempotency.ts): for tests of what an owner that lost its claim may still do.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client.js';
import { type ClaimResult, claim, fingerprint } from '../../src/domain/idempotency.js';

/** The claim on `key` once a request has made it (asked every 20 ms, up to 5 s). */
export async function claimOf(db: Db, key: string): Promise<{ apiKeyId: string; instanceId: string }> {
  for (let i = 0; i < 250; i++) {
    const [row] = await db.query<{ api_key_id: string; instance_id: string | null }>(
      'SELECT api_key_id, instance_id FROM idempotency_keys WHERE key = $1',
      [key],
    );
    if (row?.instance_id) return { apiKeyId: row.api_key_id, instanceId: row.instance_id };
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.fail(`no request claimed the key ${key}`);
}

/**
 * A retry of `POST path` with `body` finds the owner of `key` dead and takes its claim over, for a live
 * instance of its own; in one transaction, so no heartbeat of the owner lands in between.
 */
export async function takeOver(db: Db, key: string, path: string, body: unknown): Promise<ClaimResult> {
  const owner = await claimOf(db, key);
  const taker = `ins_test_${randomUUID()}`;
  return db.transaction(async (tx) => {
    await tx.query("UPDATE server_instances SET heartbeat_at = now() - interval '1 hour' WHERE id = $1", [
      owner.instanceId,
    ]);
    await tx.query('INSERT INTO server_instances (id, started_at, heartbeat_at) VALUES ($1, now(), now())', [taker]);
    return claim(tx, owner.apiKeyId, key, fingerprint('POST', path, body), 'req_retry', taker);
  });
}
