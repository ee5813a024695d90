/** bench:flood's client of one server: a pizzeria the reference chatbot can talk about, on a test channel. */
import { randomBytes } from 'node:crypto';
import { MENU, ORDER_SETTINGS } from '../../test/chatbot/fixture-location.js';

export interface Sent {
  id: string;
  conversationId: string;
  /** Client clock (the same machine's as the server's) when the request left. */
  at: number;
}

export interface Delivery {
  id: string;
  message_id: string;
  conversation_id: string;
  status: string;
  created_at: string;
  completed_at: string | null;
}

export interface FloodApi {
  /** A customer message on the test channel; null when the server did not store it. */
  say(phone: string, text: string): Promise<Sent | null>;
  deliveries(conversationId: string): Promise<Delivery[]>;
  metrics(): Promise<string>;
}

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/**
 * An organization with one location (the chatbot tests' menu, open all week) and a test channel account.
 * `keys` admin keys spread the load: each has 1000 requests a minute (the API's own limit, not flood control).
 */
export async function setUpPizzeria(base: string, adminKey: string, keys: number): Promise<FloodApi> {
  const call = async (key: string, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { 'x-api-key': key };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method === 'POST') headers['idempotency-key'] = randomBytes(12).toString('hex');
    const res = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const ok = async (key: string, method: string, path: string, body?: unknown) => {
    const res = await call(key, method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const org = await ok(adminKey, 'POST', '/admin/v1/organizations', { name: 'Flood bench' });
  const loc = await ok(adminKey, 'POST', `/admin/v1/organizations/${org.id}/locations`, {
    name: 'Pizzeria Flood',
    currency: 'EUR',
    country: 'DE',
    timezone: 'Europe/Berlin',
    default_language: 'en',
    address: {
      line1: 'Hauptstraße 1',
      line2: null,
      postal_code: '10115',
      city: 'Berlin',
      country: 'DE',
      latitude: 52.532,
      longitude: 13.384,
    },
  });
  const orgKey = (await ok(adminKey, 'POST', '/admin/v1/api_keys', { organization_id: org.id, permissions: ['*'] }))
    .secret;
  const at = `/v1/locations/${loc.id}`;
  await ok(orgKey, 'PUT', `${at}/menu`, MENU);
  await ok(orgKey, 'PUT', `${at}/opening_hours`, {
    periods: DAYS.map((day) => ({ day, opens: '00:00', closes: '24:00' })),
  });
  await ok(orgKey, 'PATCH', `${at}/order_settings`, ORDER_SETTINGS);
  const account = await ok(adminKey, 'POST', '/admin/v1/channel_accounts', { channel: 'test', location_id: loc.id });
  const secrets: string[] = [];
  for (let i = 0; i < keys; i++) {
    secrets.push(
      (await ok(adminKey, 'POST', '/admin/v1/api_keys', { type: 'admin', name: `flood bench ${i}` })).secret,
    );
  }
  let n = 0;
  const key = () => secrets[n++ % secrets.length];
  return {
    async say(phone, text) {
      const at = Date.now();
      try {
        const res = await call(key(), 'POST', `/admin/v1/channel_accounts/${account.id}/inbound_messages`, {
          from: { phone, language: 'en' },
          text,
        });
        return res.status === 201 ? { id: res.body.id, conversationId: res.body.conversation_id, at } : null;
      } catch {
        return null;
      }
    },
    async deliveries(conversationId) {
      const all: Delivery[] = [];
      let after = '';
      for (;;) {
        const res = await call(
          key(),
          'GET',
          `/admin/v1/webhook_deliveries?conversation_id=${conversationId}&limit=100${after}`,
        );
        all.push(...res.body.data);
        if (!res.body.has_more) return all;
        after = `&starting_after=${res.body.data.at(-1).id}`;
      }
    },
    async metrics() {
      return (await fetch(`${base}/metrics`)).text();
    },
  };
}
