import type { Queryable } from '../db/client.js';
import { PREPARED } from '../db/prepared.js';
import { hashSecret, keyTypeOf } from '../lib/secrets.js';
import { lookupKey } from './api-keys.js';
import type { ChannelAccountRow } from './conversations/channel-accounts.js';
import type { Principal } from './principal.js';

/** The channel a trigger on api_keys notifies with a key's id (migration 0013). */
export const KEYS_CHANNEL = 'api_keys_changed';
/** The channel a trigger on channel_accounts notifies with an account's id (migration 0027). */
export const ACCOUNTS_CHANNEL = 'channel_accounts_changed';

/** A backstop for a notice lost without a reconnect to tell: no entry outlives this. */
const TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

/**
 * Keys and location scopes held in process, so a request's auth and scope checks cost no round trip.
 * Keys are dropped when their row changes (a NOTIFY from the trigger, on every process); a location's
 * organization never changes, so a scope once seen holds. Only hits are kept: an unknown key or a
 * foreign location is looked up every time (a new key or location works at once).
 */
export class AccessCache {
  private readonly keys = new Map<string, { principal: Principal; at: number }>();
  private readonly locations = new Map<string, string | null>();
  private readonly accounts = new Map<string, { row: ChannelAccountRow; at: number }>();
  /** Bumped by every invalidation: a lookup that raced one does not store what it read. */
  private generation = 0;
  private accountsGeneration = 0;

  async principal(db: Queryable, secret: string): Promise<Principal | null> {
    if (keyTypeOf(secret) === null) return null;
    const hash = hashSecret(secret);
    const hit = this.keys.get(hash);
    const now = Date.now();
    if (hit && now - hit.at < TTL_MS) return hit.principal;
    const generation = this.generation;
    const principal = await lookupKey(db, hash);
    if (principal && generation === this.generation) {
      if (this.keys.size >= MAX_ENTRIES) this.keys.clear();
      this.keys.set(hash, { principal, at: now });
    } else if (hit) this.keys.delete(hash);
    return principal;
  }

  /** The organization of a location (null when standalone), or undefined when there is no such location. */
  async organizationOf(db: Queryable, locationId: string): Promise<string | null | undefined> {
    if (this.locations.has(locationId)) return this.locations.get(locationId);
    const [row] = await db.query<{ organization_id: string | null }>(
      'SELECT organization_id FROM locations WHERE id = $1',
      [locationId],
    );
    if (!row) return undefined;
    if (this.locations.size >= MAX_ENTRIES) this.locations.clear();
    this.locations.set(locationId, row.organization_id);
    return row.organization_id;
  }

  /**
   * A channel account as stored, or undefined when there is none: every customer message names its
   * account, and reading it again for each would be a round trip of the message's few (issue 24). Held
   * until the account's row changes (a NOTIFY from the trigger, on every process) or for TTL_MS.
   */
  async channelAccount(db: Queryable, id: string): Promise<ChannelAccountRow | undefined> {
    const hit = this.accounts.get(id);
    const now = Date.now();
    if (hit && now - hit.at < TTL_MS) return hit.row;
    const generation = this.accountsGeneration;
    const [row] = await db.query<ChannelAccountRow>('SELECT * FROM channel_accounts WHERE id = $1', [id], PREPARED);
    if (row && generation === this.accountsGeneration) {
      if (this.accounts.size >= MAX_ENTRIES) this.accounts.clear();
      this.accounts.set(id, { row, at: now });
    } else this.accounts.delete(id);
    return row;
  }

  /** Drops one channel account (by id), or all of them when notices may have been lost (null). */
  forgetAccount(id: string | null) {
    this.accountsGeneration++;
    if (id === null) this.accounts.clear();
    else this.accounts.delete(id);
  }

  /** Drops one key (by id), or every key when notices may have been lost (null). */
  forget(keyId: string | null) {
    this.generation++;
    if (keyId === null) return this.keys.clear();
    for (const [hash, entry] of this.keys) if (entry.principal.keyId === keyId) this.keys.delete(hash);
  }
}
