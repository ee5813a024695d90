import type { Queryable } from '../../db/client.js';
import { newId } from '../../lib/ids.js';
import { invalidParam, notFound } from '../errors.js';
import { listPage, type PageParams } from '../pagination.js';
import { normalizePhone, type PhoneError } from './phone.js';
import { customerScope, scoped, type Visibility } from './scope.js';

export interface CustomerRow {
  id: string;
  scope_id: string;
  organization_id: string | null;
  location_id: string | null;
  phone: string;
  name: string | null;
  language: string | null;
  notes: string | null;
  created_at: Date;
  updated_at: Date;
}

export function toCustomer(r: CustomerRow) {
  return {
    id: r.id,
    object: 'customer' as const,
    organization_id: r.organization_id,
    location_id: r.location_id,
    phone: r.phone,
    name: r.name,
    language: r.language,
    notes: r.notes,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}
export type Customer = ReturnType<typeof toCustomer>;

/** A BCP 47 tag in its canonical form ('pt-br' → 'pt-BR'). */
export function canonicalLanguage(param: string, code: string): string {
  try {
    const [canonical] = Intl.getCanonicalLocales(code);
    if (canonical) return canonical;
  } catch {}
  throw invalidParam(param, `'${code}' is not a language code (BCP 47, e.g. 'de' or 'pt-BR').`);
}

/** The organization, or the standalone location, a customer of this channel account belongs to. */
export interface CustomerOwner {
  organization_id: string | null;
  location_id: string | null;
}

/**
 * The customer with this phone in the owner's scope, created on first contact. What the channel says
 * about them (name, language) fills gaps only: the restaurant or the chatbot may have corrected it.
 */
/** The customer upsert of findOrCreateCustomer, $1–$8 (customerUpsertParams), RETURNING *. */
export const CUSTOMER_UPSERT = `INSERT INTO customers (id, scope_id, organization_id, location_id, phone, name, language, notes,
     created_at, updated_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, $8, $8)
   ON CONFLICT (scope_id, phone) DO UPDATE SET
     name = COALESCE(customers.name, EXCLUDED.name),
     language = COALESCE(customers.language, EXCLUDED.language),
     updated_at = CASE
       WHEN (customers.name IS NULL AND EXCLUDED.name IS NOT NULL)
         OR (customers.language IS NULL AND EXCLUDED.language IS NOT NULL) THEN EXCLUDED.updated_at
       ELSE customers.updated_at END
   RETURNING *`;

export type CustomerFrom = { phone: string; name?: string | null; language?: string | null };

export function customerUpsertParams(owner: CustomerOwner, from: CustomerFrom, now = new Date()): unknown[] {
  return [
    newId('customer', now.getTime()),
    owner.organization_id ?? (owner.location_id as string),
    owner.organization_id,
    owner.organization_id ? null : owner.location_id,
    from.phone,
    from.name ?? null,
    from.language ?? null,
    now,
  ];
}

export async function findOrCreateCustomer(tx: Queryable, owner: CustomerOwner, from: CustomerFrom) {
  const [row] = await tx.query<CustomerRow>(CUSTOMER_UPSERT, customerUpsertParams(owner, from));
  return row;
}

function phoneParam(phone: string): string {
  try {
    return normalizePhone(phone);
  } catch (err) {
    throw invalidParam('phone', (err as PhoneError).message);
  }
}

async function getRow(db: Queryable, v: Visibility, id: string, lock = false): Promise<CustomerRow> {
  const { sql, params } = scoped(customerScope(v), 'customers', { column: 'id', value: id });
  const [row] = await db.query<CustomerRow>(`${sql} ${lock ? 'FOR UPDATE' : ''}`, params);
  if (!row) throw notFound('customer', id);
  return row;
}

export async function getCustomer(db: Queryable, v: Visibility, id: string) {
  return toCustomer(await getRow(db, v, id));
}

export interface CustomerUpdate {
  name?: string | null;
  language?: string | null;
  notes?: string | null;
}

/** Call inside a transaction. What is kept about a customer; null clears a field. */
export async function updateCustomer(tx: Queryable, v: Visibility, id: string, input: CustomerUpdate) {
  const current = await getRow(tx, v, id, true);
  const pick = <K extends keyof CustomerUpdate>(k: K) => (input[k] === undefined ? current[k] : input[k]);
  const language = input.language ? canonicalLanguage('language', input.language) : pick('language');
  const [row] = await tx.query<CustomerRow>(
    'UPDATE customers SET name = $2, language = $3, notes = $4, updated_at = now() WHERE id = $1 RETURNING *',
    [id, pick('name'), language, pick('notes')],
  );
  return toCustomer(row);
}

export interface CustomerFilters extends PageParams {
  phone?: string;
  organization_id?: string;
}

export async function listCustomers(db: Queryable, v: Visibility, q: CustomerFilters) {
  const scope = customerScope(v);
  const result = await listPage<CustomerRow>(
    db,
    {
      table: 'customers',
      where: scope.where,
      params: scope.params,
      filters: { phone: q.phone === undefined ? undefined : phoneParam(q.phone), organization_id: q.organization_id },
    },
    q,
  );
  return { ...result, data: result.data.map(toCustomer) };
}
