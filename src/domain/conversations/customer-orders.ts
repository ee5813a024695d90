import type { Queryable } from '../../db/client.js';
import { type OrderRow, renderOrders } from '../orders/render.js';
import type { OrderListParams } from '../orders/service.js';
import { listPage } from '../pagination.js';
import { getCustomer } from './customers.js';
import type { Visibility } from './scope.js';

/**
 * A customer's orders, oldest first like every list. The customer must be visible to the key; a location
 * key then sees the orders placed at its own location only, as it sees no sibling's orders anywhere else.
 */
export async function listCustomerOrders(db: Queryable, v: Visibility, customerId: string, p: OrderListParams) {
  await getCustomer(db, v, customerId);
  const where = ['customer_id = $1'];
  const params: unknown[] = [customerId];
  if (v.kind === 'location') {
    params.push(v.id);
    where.push(`location_id = $${params.length}`);
  }
  const page = await listPage<OrderRow>(
    db,
    { table: 'orders', where, params, filters: { status: p.status, service_type: p.service_type } },
    p,
  );
  return { has_more: page.has_more, data: await renderOrders(db, page.data) };
}
