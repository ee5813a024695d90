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
  /** null for a WhatsApp business-scoped user who writes without a phone number (whatsapp_user_id then). */
  phone: string | null;
  whatsapp_user_id: string | null;
  name: string | null;
  language: string | null;
  notes: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Every column of customers, for reading a customer beside another row (src/db/prefixed.ts). */
export const CUSTOMER_COLUMNS = [
  'id',
  'scope_id',
  'organization_id',
  'location_id',
  'phone',
  'whatsapp_user_id',
  'name',
  'language',
  'notes',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof CustomerRow)[];

export function toCustomer(r: CustomerRow) {
  return {
    id: r.id,
    object: 'customer' as const,
    organization_id: r.organization_id,
    location_id: r.location_id,
    phone: r.phone,
    whatsapp_user_id: r.whatsapp_user_id ?? null,
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
 * The customer's row, created on first contact, WITHOUT locking an existing one: a row lock taken here,
 * before the conversation's, would reverse the order of the answer applier (conversation, then customer)
 * and deadlock with it (issue 19). A concurrent first contact is waited for (its insert), then seen.
 * $1–$8: customerUpsertParams.
 */
export const CUSTOMER_INSERT = `INSERT INTO customers (id, scope_id, organization_id, location_id, phone, name, language, notes,
     created_at, updated_at, whatsapp_user_id)
   VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, $8, $8, $9)
   ON CONFLICT DO NOTHING`;
// No conflict target: a customer is unique by phone and by WhatsApp user id, and either may clash.

/**
 * The customer a channel address names, within the scope ($1): by phone ($2) or by WhatsApp user id ($3),
 * the phone's customer first. A customer first seen by user id alone is found again when a later message
 * also carries a phone (the insert then clashes on the user id and inserts nothing). Two lookups, each on
 * the whole of its unique key: `phone = $2 OR whatsapp_user_id = $3` let the planner read every customer
 * of the scope through the key's first column and filter them (a cached generic plan did, on every message).
 */
export const customerByAddress = (columns: string) => `SELECT ${columns} FROM (
       (SELECT *, 0 AS by_rank FROM customers WHERE scope_id = $1 AND phone = $2::text)
       UNION ALL
       (SELECT *, 1 AS by_rank FROM customers WHERE scope_id = $1 AND whatsapp_user_id = $3::text)
     ) found ORDER BY by_rank LIMIT 1`;
export const CUSTOMER_BY_ADDRESS = customerByAddress('id');

/**
 * What the channel says about a customer (name, language, WhatsApp user id) fills gaps only: the restaurant or the chatbot
 * may have corrected it. Locks the row only when there is a gap to fill; returns the row either way.
 * $1 id, $2 name, $3 language, $4 now, $5 WhatsApp user id (not taken when another customer has it).
 */
export const CUSTOMER_FILL_GAPS = `WITH g AS (
     UPDATE customers SET name = COALESCE(name, $2), language = COALESCE(language, $3),
       whatsapp_user_id = COALESCE(whatsapp_user_id, $5), updated_at = $4
     WHERE id = $1 AND ((name IS NULL AND $2::text IS NOT NULL) OR (language IS NULL AND $3::text IS NOT NULL)
       OR (whatsapp_user_id IS NULL AND $5::text IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM customers o WHERE o.scope_id = customers.scope_id AND o.whatsapp_user_id = $5)))
     RETURNING *)
   SELECT * FROM g UNION ALL SELECT * FROM customers WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM g)`;

/** A channel address: a phone (E.164), or for a WhatsApp business-scoped user their user id, or both. */
export type CustomerFrom = {
  phone: string | null;
  whatsapp_user_id?: string | null;
  name?: string | null;
  language?: string | null;
};

/** The key of a customer's channel address (flood control, the per-customer queue): phone, or user id. */
export const addressKey = (from: CustomerFrom) => from.phone ?? `wa-user:${from.whatsapp_user_id ?? ''}`;

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
    from.whatsapp_user_id ?? null,
  ];
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
