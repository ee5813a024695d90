/** The bench's client of one server: a tenant with a test channel account, and admin keys to spread the load. */
import { randomBytes } from 'node:crypto';

export interface Delivery {
  id: string;
  message_id: string;
  status: string;
  created_at: string;
  completed_at: string | null;
}

export interface Api {
  /** A customer message; its id, 'refused' for a 503 (backpressure: nothing stored), or null for another failure. */
  say(phone: string, text: string): Promise<string | 'refused' | null>;
  /** The servers' db_statements_total (/metrics), summed. */
  statements(): Promise<number>;
  deliveries(): Promise<Delivery[]>;
}

/**
 * `keys` admin keys: each has 1000 requests a minute, so a run of N messages needs N / 1000 of them per
 * minute window it touches (the windows are aligned on the minute).
 */
export async function setUp(base: string, adminKey: string, keys: number, servers: string[] = [base]): Promise<Api> {
  const call = async (key: string, method: string, path: string, body?: unknown, to = base) => {
    const headers: Record<string, string> = { 'x-api-key': key };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method === 'POST') headers['idempotency-key'] = randomBytes(12).toString('hex');
    const res = await fetch(to + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const org = await call(adminKey, 'POST', '/admin/v1/organizations', { name: 'Bench' });
  const loc = await call(adminKey, 'POST', `/admin/v1/organizations/${org.body.id}/locations`, {
    name: 'Bench',
    currency: 'EUR',
    country: 'DE',
    timezone: 'Europe/Berlin',
    default_language: 'de',
  });
  const account = await call(adminKey, 'POST', '/admin/v1/channel_accounts', {
    channel: 'test',
    location_id: loc.body.id,
  });
  if (account.status !== 201) throw new Error(`set-up failed: ${JSON.stringify(account.body)}`);
  const secrets: string[] = [];
  for (let i = 0; i < keys; i++) {
    const k = await call(adminKey, 'POST', '/admin/v1/api_keys', { type: 'admin', name: `bench ${i}` });
    secrets.push(k.body.secret);
  }
  let n = 0;
  // Each customer writes to one of the servers (a load balancer's sticky choice), the customers spread evenly.
  const serverOf = new Map<string, string>();
  const server = (phone: string) => {
    let s = serverOf.get(phone);
    if (!s) {
      s = servers[serverOf.size % servers.length];
      serverOf.set(phone, s);
    }
    return s;
  };
  return {
    async say(phone, text) {
      try {
        const key = secrets[n++ % secrets.length];
        const path = `/admin/v1/channel_accounts/${account.body.id}/inbound_messages`;
        const res = await call(key, 'POST', path, { from: { phone }, text }, server(phone));
        if (res.status === 503) return 'refused';
        return res.status === 201 ? res.body.id : null;
      } catch {
        return null;
      }
    },
    async statements() {
      let sum = 0;
      for (const s of servers) {
        const text = await (await fetch(`${s}/metrics`)).text();
        sum += Number(/^db_statements_total (\d+)/m.exec(text)?.[1] ?? Number.NaN);
      }
      return sum;
    },
    async deliveries() {
      const all: Delivery[] = [];
      let after = '';
      for (let page = 0; ; page++) {
        const res = await call(secrets[page % secrets.length], 'GET', `/admin/v1/webhook_deliveries?limit=100${after}`);
        all.push(...res.body.data);
        if (!res.body.has_more) return all;
        after = `&starting_after=${res.body.data.at(-1).id}`;
      }
    },
  };
}
