/**
 * The README's "First steps with curl", step by step, with the typed client against the app on a real
 * port: what an integrator following the README with the client would do. Each step's types come from
 * openapi.json, so a README body the document does not describe fails to compile here.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import {
  type AdminClient,
  ApiError,
  createAdminClient,
  createPublicClient,
  type PublicClient,
  unwrap,
} from '../../client/index.js';
import { getHarness } from '../helpers/app.js';

let admin: AdminClient;
let base: string;
const retries: string[] = [];

before(async () => {
  const h = await getHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
  admin = createAdminClient({ baseUrl: base, apiKey: h.adminKey, onRetry: (e) => retries.push(e.reason) });
});

test("the README's walk-through, with the typed client", async () => {
  // Create an organization and a location in it (the client sends the Idempotency-Keys).
  const org = await unwrap(admin.POST('/admin/v1/organizations', { body: { name: 'Pizzeria Group' } }));
  assert.match(org.id, /^org_/);
  const location = await unwrap(
    admin.POST('/admin/v1/organizations/{organization_id}/locations', {
      params: { path: { organization_id: org.id } },
      body: {
        name: 'Pizzeria Mitte',
        currency: 'EUR',
        country: 'DE',
        timezone: 'Europe/Berlin',
        default_language: 'de',
        address: {
          line1: 'Torstraße 1',
          postal_code: '10119',
          city: 'Berlin',
          country: 'DE',
          latitude: 52.529,
          longitude: 13.401,
        },
      },
    }),
  );
  const loc = { params: { path: { location_id: location.id } } };

  // Issue a key for the organization's integrator and use the public surface with it.
  const key = await unwrap(
    admin.POST('/admin/v1/api_keys', { body: { name: 'POS', organization_id: org.id, permissions: ['*'] } }),
  );
  assert.ok(key.secret);
  const pub: PublicClient = createPublicClient({ baseUrl: base, apiKey: key.secret });

  const locations = await unwrap(pub.GET('/v1/locations'));
  assert.deepEqual(
    locations.data.map((l) => l.id),
    [location.id],
  );

  const closing = await unwrap(
    pub.POST('/v1/locations/{location_id}/special_closings', {
      ...loc,
      body: { starts_at: '2026-12-24T14:00:00Z', ends_at: '2026-12-26T23:00:00Z', reason: 'Christmas holidays' },
    }),
  );
  assert.match(closing.id, /^scl_|^[a-z]+_/);

  const hours = await unwrap(
    pub.PUT('/v1/locations/{location_id}/opening_hours', {
      ...loc,
      body: {
        periods: [
          { day: 'friday', opens: '11:30', closes: '14:30' },
          { day: 'friday', opens: '17:00', closes: '02:00' },
        ],
      },
    }),
  );
  assert.equal(hours.periods.length, 2);

  // Settings: read, change one field, read back.
  const orderSettings = await unwrap(pub.GET('/v1/locations/{location_id}/order_settings', loc));
  assert.equal(orderSettings.object, 'order_settings');
  await unwrap(
    pub.PATCH('/v1/locations/{location_id}/order_settings', { ...loc, body: { preparation_time_minutes: 25 } }),
  );
  const changed = await unwrap(pub.GET('/v1/locations/{location_id}/order_settings', loc));
  assert.equal(changed.preparation_time_minutes, 25);

  // A menu, and the kitchen switching an item off.
  await unwrap(
    pub.PUT('/v1/locations/{location_id}/menu', {
      ...loc,
      body: {
        categories: [{ id: 'pizzas', name: 'Pizzas', item_ids: ['margherita'] }],
        products: [
          {
            id: 'margherita',
            name: 'Margherita',
            price: { amount: 900, currency: 'EUR' },
            ingredients: [{ id: 'basil', name: 'Basil' }],
            allergens: ['gluten', 'milk'],
          },
        ],
        promotions: [{ id: 'welcome10', name: '10 % off', type: 'percentage', percent_off: 10, code: 'WELCOME10' }],
      },
    }),
  );
  await unwrap(
    pub.PATCH('/v1/locations/{location_id}/menu/availability', {
      ...loc,
      body: { items: [{ id: 'margherita', available: false }] },
    }),
  );

  // A quote for a draft: 200 with problems listed (the margherita is switched off).
  const quote = await unwrap(
    pub.POST('/v1/locations/{location_id}/order_quotes', {
      ...loc,
      body: {
        service_type: 'collection',
        payment_method: 'cash',
        discount_code: 'welcome10',
        items: [{ type: 'product', product_id: 'margherita', quantity: 2, without: ['basil'] }],
      },
    }),
  );
  assert.equal(quote.valid, false);

  // An order from another channel on the admin surface; the restaurant accepts it.
  const order = await unwrap(
    admin.POST('/admin/v1/locations/{location_id}/orders', {
      ...loc,
      body: {
        channel: 'web',
        service_type: 'collection',
        items: [{ type: 'product', name: 'Margherita', quantity: 2, unit_price: { amount: 900, currency: 'EUR' } }],
        payment: { status: 'captured', amount: { amount: 1800, currency: 'EUR' } },
        total: { amount: 1800, currency: 'EUR' },
      },
    }),
  );
  const accepted = await unwrap(
    pub.PATCH('/v1/locations/{location_id}/orders/{order_id}', {
      params: { path: { location_id: location.id, order_id: order.id } },
      body: { status: 'accepted', status_version: 0 },
    }),
  );
  assert.equal(accepted.status, 'accepted');
  const orders = await unwrap(
    pub.GET('/v1/locations/{location_id}/orders', { params: { ...loc.params, query: { status: 'accepted' } } }),
  );
  assert.deepEqual(
    orders.data.map((o) => o.id),
    [order.id],
  );
  const financials = await unwrap(
    pub.GET('/v1/organizations/{organization_id}/orders/financials', {
      params: { path: { organization_id: org.id } },
    }),
  );
  assert.equal(financials.object, 'list');
  const analytics = await unwrap(pub.GET('/v1/locations/{location_id}/analytics/products', loc));
  assert.ok(analytics);

  // Being the customer through a test channel account: a message in, a reply, a note about the customer.
  const account = await unwrap(
    admin.POST('/admin/v1/channel_accounts', { body: { channel: 'test', location_id: location.id } }),
  );
  const inbound = await unwrap(
    admin.POST('/admin/v1/channel_accounts/{channel_account_id}/inbound_messages', {
      params: { path: { channel_account_id: account.id } },
      body: { from: { phone: '+49 170 1234567', name: 'Anna', language: 'de' }, text: 'Habt ihr heute offen?' },
    }),
  );
  const conversation = { params: { path: { conversation_id: inbound.conversation_id } } };
  await unwrap(
    admin.POST('/admin/v1/conversations/{conversation_id}/messages', {
      ...conversation,
      body: { text: 'Ja, bis 22 Uhr!', buttons: [{ id: 'menu', title: 'Speisekarte' }] },
    }),
  );
  const messages = await unwrap(pub.GET('/v1/conversations/{conversation_id}/messages', conversation));
  assert.deepEqual(
    messages.data.map((m) => m.text),
    ['Habt ihr heute offen?', 'Ja, bis 22 Uhr!'],
  );
  const customer = await unwrap(
    pub.PATCH('/v1/customers/{customer_id}', {
      params: { path: { customer_id: inbound.customer_id } },
      body: { notes: 'Nut allergy' },
    }),
  );
  assert.equal(customer.notes, 'Nut allergy');

  // The message webhook's deliveries and the signing secret.
  const deliveries = await unwrap(
    admin.GET('/admin/v1/webhook_deliveries', { params: { query: { conversation_id: inbound.conversation_id } } }),
  );
  assert.equal(deliveries.object, 'list');
  await unwrap(admin.GET('/admin/v1/webhook_settings'));

  // A receiver subscribes to the order events; the order moves; the event is there (docs/events.md).
  const endpoint = await unwrap(
    pub.POST('/v1/webhook_endpoints', { body: { url: 'https://pos.example.com/events', enabled_events: ['*'] } }),
  );
  assert.match(endpoint.secret, /^whsec_/);
  await unwrap(
    pub.PATCH('/v1/locations/{location_id}/orders/{order_id}', {
      params: { path: { location_id: location.id, order_id: order.id } },
      body: { status: 'in_preparation' },
    }),
  );
  const events = await unwrap(pub.GET('/v1/events', { params: { query: { limit: 5 } } }));
  assert.equal(events.data[0].type, 'order.status_changed');
  assert.equal((events.data[0].data.object as { status?: string }).status, 'in_preparation');

  assert.deepEqual(retries, [], 'a healthy server needed no retry');
});

test('errors come back typed; a call repeated with its key is replayed', async () => {
  const err = await unwrap(
    admin.GET('/admin/v1/organizations/{organization_id}', { params: { path: { organization_id: 'org_missing' } } }),
  ).catch((e) => e);
  assert.ok(err instanceof ApiError, String(err));
  assert.equal(err.status, 404);
  assert.deepEqual([err.type, err.code], ['not_found_error', 'resource_not_found']);
  assert.match(err.requestId ?? '', /^req_/);

  const key = `walk-replay-${process.pid}-${Date.now()}`;
  const first = await admin.POST('/admin/v1/organizations', {
    body: { name: 'Once' },
    headers: { 'Idempotency-Key': key },
  });
  const again = await admin.POST('/admin/v1/organizations', {
    body: { name: 'Once' },
    headers: { 'Idempotency-Key': key },
  });
  assert.equal(first.data?.id, again.data?.id);
  assert.equal(again.response.headers.get('idempotent-replayed'), 'true');
  const fresh = await unwrap(admin.POST('/admin/v1/organizations', { body: { name: 'Once' } }));
  assert.notEqual(fresh.id, first.data?.id, 'a call of its own (a fresh key) makes a new organization');
});
