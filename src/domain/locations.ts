import type { Queryable } from '../db/client.js';
import { PREPARED } from '../db/prepared.js';
import { newId } from '../lib/ids.js';
import type { Address } from './address.js';
import { normalizeNationalPhone, PhoneError } from './conversations/phone.js';
import { invalidParam, notFound } from './errors.js';
import { changedFields, locationEvent } from './events/locations.js';
import { listPage, type PageParams } from './pagination.js';
import { createDefaultSettings } from './settings/store.js';
import { canonicalTimezone } from './timezones.js';

export const CURRENCIES = ['CHF', 'EUR', 'GBP', 'BRL', 'USD', 'MXN'] as const;
export type Currency = (typeof CURRENCIES)[number];

export type { Address } from './address.js';

export interface LocationRow {
  id: string;
  organization_id: string | null;
  name: string;
  currency: Currency;
  country: string;
  timezone: string;
  default_language: string;
  address: Address | null;
  /** E.164; null when not set. */
  phone: string | null;
  email: string | null;
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

export function toLocation(r: LocationRow) {
  return {
    id: r.id,
    object: 'location' as const,
    organization_id: r.organization_id,
    name: r.name,
    currency: r.currency,
    country: r.country,
    timezone: r.timezone,
    default_language: r.default_language,
    address: r.address ? { ...r.address, line2: r.address.line2 ?? null } : null,
    phone: r.phone ?? null,
    email: r.email ?? null,
    active: r.active,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}
export type Location = ReturnType<typeof toLocation>;

const regions = new Intl.DisplayNames(['en'], { type: 'region' });

function checkCountry(param: string, code: string) {
  // DisplayNames echoes codes it does not know; a real ISO 3166 code gets a name.
  if (regions.of(code) === code) throw invalidParam(param, `'${code}' is not an ISO 3166-1 alpha-2 country code.`);
}

function checkLanguage(code: string): string {
  try {
    const [canonical] = Intl.getCanonicalLocales(code);
    return canonical;
  } catch {
    throw invalidParam('default_language', `'${code}' is not a language code (BCP 47, e.g. 'de' or 'pt-BR').`);
  }
}

/** The location's phone in E.164; a national number is read in the location's country. */
function checkPhone(phone: string, country: string): string {
  try {
    return normalizeNationalPhone(phone, country);
  } catch (err) {
    if (err instanceof PhoneError) throw invalidParam('phone', err.message);
    throw err;
  }
}

// One @, no spaces, a dotted domain without empty labels: what a mail client would accept as an address.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const EMAIL_MAX = 254;

/** Beyond the schema's `format: email`: a domain with a dot (`a@localhost` reaches no customer). */
export function checkEmail(email: string): string {
  if (email.length > EMAIL_MAX) throw invalidParam('email', `An e-mail address has at most ${EMAIL_MAX} characters.`);
  if (!EMAIL.test(email)) throw invalidParam('email', `'${email}' is not an e-mail address (e.g. info@example.com).`);
  return email;
}

/** An address as written by a caller: line2 may be left out. */
export type AddressInput = Omit<Address, 'line2'> & { line2?: string | null };

export interface LocationInput {
  name?: string;
  currency?: Currency;
  country?: string;
  timezone?: string;
  default_language?: string;
  address?: AddressInput | null;
  phone?: string | null;
  email?: string | null;
  active?: boolean;
}

/**
 * Semantic checks that a JSON schema cannot express; returns the normalized input. `country` is the
 * location's country after this write (a national phone number is read in it).
 */
function normalize(
  input: LocationInput,
  country: string,
): Omit<LocationInput, 'address'> & { address?: Address | null } {
  const out: Omit<LocationInput, 'address'> & { address?: Address | null } = { ...input, address: undefined };
  if (input.address === null) out.address = null;
  if (input.country !== undefined) checkCountry('country', input.country);
  if (input.timezone !== undefined) out.timezone = canonicalTimezone('timezone', input.timezone);
  if (input.default_language !== undefined) out.default_language = checkLanguage(input.default_language);
  if (input.address) {
    checkCountry('address.country', input.address.country);
    out.address = { ...input.address, line2: input.address.line2 ?? null };
  }
  if (typeof input.phone === 'string') out.phone = checkPhone(input.phone, country);
  if (typeof input.email === 'string') out.email = checkEmail(input.email);
  return out;
}

export async function createLocation(
  db: Queryable,
  organizationId: string | null,
  input: Required<Omit<LocationInput, 'address' | 'active' | 'phone' | 'email'>> &
    Pick<LocationInput, 'address' | 'active' | 'phone' | 'email'>,
): Promise<Location> {
  const v = normalize(input, input.country);
  if (organizationId !== null) {
    const org = await db.query('SELECT 1 FROM organizations WHERE id = $1', [organizationId]);
    if (org.length === 0) throw notFound('organization', organizationId);
  }
  const now = Date.now();
  const [row] = await db.query<LocationRow>(
    `INSERT INTO locations (id, organization_id, name, currency, country, timezone, default_language, address, active,
       phone, email, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $11, $12, $10, $10) RETURNING *`,
    [
      newId('location', now),
      organizationId,
      v.name,
      v.currency,
      v.country,
      v.timezone,
      v.default_language,
      v.address ? JSON.stringify(v.address) : null,
      v.active ?? true,
      new Date(now),
      v.phone ?? null,
      v.email ?? null,
    ],
  );
  await createDefaultSettings(db, row.id, new Date(now));
  return toLocation(row);
}

export async function getLocationRow(db: Queryable, id: string): Promise<LocationRow> {
  const [row] = await db.query<LocationRow>('SELECT * FROM locations WHERE id = $1', [id], PREPARED);
  if (!row) throw notFound('location', id);
  return row;
}

export async function getLocation(db: Queryable, id: string): Promise<Location> {
  return toLocation(await getLocationRow(db, id));
}

const UPDATABLE = ['name', 'country', 'timezone', 'default_language', 'address', 'phone', 'email', 'active'] as const;

/** Call it in the transaction that must commit with its event (`location.updated`, when something changed). */
export async function updateLocation(db: Queryable, id: string, input: LocationInput): Promise<Location> {
  const current = await getLocationRow(db, id);
  if (input.currency !== undefined && input.currency !== current.currency) {
    // Settings and orders hold amounts in the location's currency; changing it would silently re-denominate them.
    throw invalidParam('currency', "A location's currency cannot be changed. Create a new location instead.");
  }
  const v = normalize(input, input.country ?? current.country);
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const field of UPDATABLE) {
    if (v[field] === undefined) continue;
    params.push(field === 'address' ? (v.address ? JSON.stringify(v.address) : null) : v[field]);
    sets.push(`${field} = $${params.length}`);
  }
  if (sets.length === 0) return toLocation(current);
  const [row] = await db.query<LocationRow>(
    `UPDATE locations SET ${sets.join(', ')}, updated_at = now() WHERE id = $1 RETURNING *`,
    params,
  );
  const after = toLocation(row);
  const changed = changedFields(toLocation(current), after);
  if (Object.keys(changed).length > 0) await locationEvent(db, 'location.updated', id, after, changed);
  return after;
}

export interface LocationScope {
  organizationId?: string;
  locationId?: string;
}

export async function listLocations(db: Queryable, scope: LocationScope, page: PageParams) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (scope.organizationId !== undefined) {
    params.push(scope.organizationId);
    where.push(`organization_id = $${params.length}`);
  }
  if (scope.locationId !== undefined) {
    params.push(scope.locationId);
    where.push(`id = $${params.length}`);
  }
  const result = await listPage<LocationRow>(db, { table: 'locations', where, params }, page);
  return { ...result, data: result.data.map(toLocation) };
}
