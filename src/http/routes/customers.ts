import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, ListOf, surfaceOperationId } from '../../contracts/rest/common.js';
import { AdminCustomersQuery, CustomersQuery, CustomerUpdate } from '../../contracts/rest/customers.js';
import { IdParam } from '../../contracts/rest/ids.js';
import { OrdersQuery } from '../../contracts/rest/orders.js';
import type { Db } from '../../db/client.js';
import { listCustomerOrders } from '../../domain/conversations/customer-orders.js';
import * as customers from '../../domain/conversations/customers.js';
import { visibilityOf } from '../../domain/conversations/scope.js';
import { listEnvelope } from '../reply.js';

const tags = ['Customers'];
const params = IdParam('customer_id');
const one = { 200: Type.Ref('Customer'), ...errorResponses };

/** Both surfaces: an organization key sees its organization's customers, a location key those who chatted there. */
export const customerRoutes =
  (surface: 'public' | 'admin'): FastifyPluginAsyncTypebox<{ db: Db }> =>
  async (app, { db }) => {
    const op = (name: string) => surfaceOperationId(surface === 'admin' ? '/admin/' : '/', name);
    app.get('/customers', {
      schema: {
        tags,
        operationId: op('listCustomers'),
        summary: 'List customers',
        description: '`phone` finds one customer by number, written in any form the channels accept.',
        querystring: surface === 'admin' ? AdminCustomersQuery : CustomersQuery,
        response: { 200: ListOf(Type.Ref('Customer')), ...errorResponses },
      },
      config: { permission: 'customers.read' },
      handler: async (req) =>
        listEnvelope(req, await customers.listCustomers(db, visibilityOf(req.principal), req.query)),
    });

    app.get('/customers/:customer_id', {
      schema: { tags, operationId: op('getCustomer'), summary: 'Retrieve a customer', params, response: one },
      config: { permission: 'customers.read' },
      handler: async (req) => customers.getCustomer(db, visibilityOf(req.principal), req.params.customer_id),
    });

    app.patch('/customers/:customer_id', {
      schema: {
        tags,
        operationId: op('updateCustomer'),
        summary: 'Update what is kept about a customer: notes, name, language',
        description:
          'Notes are free text the chatbot reads with every message (allergies, usual order…); null clears a field.',
        params,
        body: CustomerUpdate,
        response: one,
      },
      config: { permission: 'customers.write' },
      handler: async (req) =>
        db.transaction((tx) =>
          customers.updateCustomer(tx, visibilityOf(req.principal), req.params.customer_id, req.body),
        ),
    });

    app.get('/customers/:customer_id/orders', {
      schema: {
        tags,
        operationId: op('listCustomerOrders'),
        summary: "List a customer's orders",
        description:
          'Oldest first, like every list; the same filters as a location’s orders. A location key sees the orders placed at its location.',
        params,
        querystring: OrdersQuery,
        response: { 200: ListOf(Type.Ref('Order')), ...errorResponses },
      },
      config: { permission: 'orders.read' },
      handler: async (req) =>
        listEnvelope(req, await listCustomerOrders(db, visibilityOf(req.principal), req.params.customer_id, req.query)),
    });
  };
