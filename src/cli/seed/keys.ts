/**
 * `seed --with-keys`: keys to try the demo data with at once: one admin key, one key per organization and
 * one per standalone location (an organization key cannot reach a location outside its organization).
 */

import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client.js';
import { issueKey } from '../../domain/api-keys.js';
import { createUser } from '../../domain/users/users.js';
import type { Summary } from './index.js';

/** Every permission: a demo key should reach everything its scope holds. */
const PERMISSIONS = ['*'];

export interface SeedKey {
  variable: string;
  id: string;
  secret: string;
  describe: string;
}

export async function issueSeedKeys(db: Queryable, summary: Summary): Promise<SeedKey[]> {
  const keys: SeedKey[] = [];
  const admin = await issueKey(db, { type: 'admin', name: 'seed: admin' });
  keys.push({ variable: 'ADMIN_KEY', id: admin.id, secret: admin.secret as string, describe: 'admin, /admin/v1' });
  for (const [i, org] of summary.organizations.entries()) {
    const count = summary.locations.filter((l) => l.organization_id === org.id).length;
    const key = await issueKey(db, { name: `seed: ${org.name}`, organization_id: org.id, permissions: PERMISSIONS });
    keys.push({
      variable: `ORG_KEY_${i + 1}`,
      id: key.id,
      secret: key.secret as string,
      describe: `organization ${org.id} ${org.name} (${count} locations), /v1, permissions: ${key.permissions.join(',')}`,
    });
  }
  for (const [i, loc] of summary.locations.filter((l) => l.organization_id === null).entries()) {
    const key = await issueKey(db, { name: `seed: ${loc.name}`, location_id: loc.id, permissions: PERMISSIONS });
    keys.push({
      variable: `LOCATION_KEY_${i + 1}`,
      id: key.id,
      secret: key.secret as string,
      describe: `standalone location ${loc.id} ${loc.name}, /v1, permissions: ${key.permissions.join(',')}`,
    });
  }
  return keys;
}

/** Lines a shell can take as they are: `eval "$(npm run -s seed -- --with-keys | grep _KEY=)"`. */
export function keyLines(keys: SeedKey[]): string {
  return keys.map((k) => `# ${k.id}: ${k.describe}\n${k.variable}=${k.secret}`).join('\n');
}

/**
 * A demo owner of the first organization, to log in at /console (docs/console.md) with a password made
 * for this run: an address of the seed's own (`--seed`) so runs with other seeds do not clash.
 */
export async function createSeedOwner(db: Queryable, summary: Summary, seed: number) {
  const org = summary.organizations[0];
  if (!org) return null;
  const password = randomBytes(12).toString('base64url');
  const user = await createUser(db, {
    email: `owner+${seed}-${org.id.slice(-6)}@demo.example`,
    name: 'Demo owner',
    role: 'owner',
    password,
    organization_id: org.id,
  });
  return { user, password, organization: org.name };
}
