import type { Db } from '../db/client.js';
import { isConnectionFailure } from '../db/errors.js';
import { type Claim, release } from '../domain/idempotency.js';
import type { Log } from '../lib/log.js';

interface Entry {
  claim: Claim;
  attempt?: Promise<void>;
}

/**
 * Claims of requests that failed with a 5xx while the database was unreachable, so their release
 * failed too. Left alone they would answer the client's retry with 409 request_in_flight until they
 * are abandoned; instead they are released as soon as the database is back: by a sweep every second,
 * and before this process claims the same key again.
 *
 * Releasing is safe once the request answered, however late: release deletes only a claim that still
 * carries this request's token (a retry's new claim has its own), and the request's transaction either
 * never commits (no COMMIT was sent) or marked the record done, which release leaves alone.
 */
export function pendingReleases(db: Db, log: Log) {
  const pending = new Map<string, Entry>();
  const idOf = (c: Claim) => `${c.apiKeyId}\n${c.key}`;

  /** One attempt at a time per claim, so a late one never deletes a claim made after an earlier success. */
  async function settle(id: string, entry: Entry): Promise<void> {
    while (entry.attempt) await entry.attempt.catch(() => {});
    if (pending.get(id) !== entry) return;
    entry.attempt = release(db, entry.claim);
    try {
      await entry.attempt;
      pending.delete(id);
      if (pending.size === 0) log.info({}, 'database back: idempotency keys of failed requests released');
    } finally {
      entry.attempt = undefined;
    }
  }

  let sweeping = false;
  async function sweep() {
    if (sweeping || pending.size === 0) return;
    sweeping = true;
    try {
      for (const [id, entry] of [...pending]) {
        try {
          await settle(id, entry);
        } catch (err) {
          if (isConnectionFailure(err)) break; // still down: try again on the next sweep
          pending.delete(id);
          log.warn({ err }, 'could not release an idempotency key; it expires as abandoned');
        }
      }
    } finally {
      sweeping = false;
    }
  }
  const timer = setInterval(sweep, 1000);
  timer.unref();

  return {
    add(claim: Claim) {
      // Logged once per outage, not once per failed request.
      if (pending.size === 0) {
        log.warn({}, 'database unreachable: idempotency keys of failed requests will be released when it is back');
      }
      pending.set(idOf(claim), { claim });
    },
    /** Releases a pending claim on this key first; throws (a 503) while the database is still down. */
    async before(apiKeyId: string, key: string) {
      const id = `${apiKeyId}\n${key}`;
      const entry = pending.get(id);
      if (entry) await settle(id, entry);
    },
    close: () => clearInterval(timer),
  };
}
