import type { Principal } from '../principal.js';

/**
 * What a key may read of customers and conversations: an admin key everything, an organization key its
 * organization's, a location key what touched its location (docs/conversations.md, "Who sees what").
 */
export type Visibility = { kind: 'all' } | { kind: 'organization'; id: string } | { kind: 'location'; id: string };

export function visibilityOf(p: Principal): Visibility {
  if (p.type === 'admin') return { kind: 'all' };
  if (p.locationId !== null) return { kind: 'location', id: p.locationId };
  return { kind: 'organization', id: p.organizationId as string };
}

export interface Scope {
  where: string[];
  params: unknown[];
}

/**
 * A location sees the customers who chatted with it or ordered there (an order ingested with their
 * customer_id counts), and those of its own scope when it is standalone.
 */
export function customerScope(v: Visibility): Scope {
  if (v.kind === 'all') return { where: [], params: [] };
  if (v.kind === 'organization') return { where: ['organization_id = $1'], params: [v.id] };
  return {
    where: [
      `(location_id = $1 OR EXISTS (SELECT 1 FROM conversation_locations cl
         WHERE cl.customer_id = customers.id AND cl.location_id = $1)
       OR EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = customers.id AND o.location_id = $1))`,
    ],
    params: [v.id],
  };
}

/** A location sees every conversation that has targeted it, even after the customer switched away. */
export function conversationScope(v: Visibility): Scope {
  if (v.kind === 'all') return { where: [], params: [] };
  if (v.kind === 'organization') return { where: ['organization_id = $1'], params: [v.id] };
  return {
    where: [
      `EXISTS (SELECT 1 FROM conversation_locations cl
         WHERE cl.conversation_id = conversations.id AND cl.location_id = $1)`,
    ],
    params: [v.id],
  };
}

/** The scope's conditions with a further parameter appended; returns the SQL and its parameters. */
export function scoped(scope: Scope, table: string, extra: { column: string; value: unknown }) {
  const params = [...scope.params, extra.value];
  const where = [...scope.where, `${extra.column} = $${params.length}`];
  return { sql: `SELECT * FROM ${table} WHERE ${where.join(' AND ')}`, params };
}
