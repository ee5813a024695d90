/**
 * The few admin API calls the terminal chat needs (docs/conversations.md): a test channel account, a
 * customer message on it, the conversation's messages and draft, and a quote to show the draft's total.
 */
import { randomUUID } from 'node:crypto';

export interface Message {
  id: string;
  direction: 'inbound' | 'outbound';
  type: string;
  text: string | null;
  buttons: { id: string; title: string }[] | null;
  list: {
    button: string;
    sections: { title?: string; rows: { id: string; title: string; description?: string }[] }[];
  } | null;
  status: string;
}

export class Platform {
  constructor(
    readonly baseUrl: string,
    private readonly adminKey: string,
  ) {}

  async call<T = any>(method: string, path: string, body?: unknown, idempotent = false): Promise<T> {
    const headers: Record<string, string> = { 'x-api-key': this.adminKey };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotent) headers['idempotency-key'] = `chat-${randomUUID()}`;
    const res = await fetch(`${this.baseUrl}/admin/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as any;
    if (!res.ok)
      throw new Error(`${method} ${path}: ${res.status} ${json?.error?.code ?? ''} ${json?.error?.message ?? ''}`);
    return json as T;
  }

  /** The test channel account named "npm run chat" for the location (or organization), created once. */
  async chatAccount(target: { locationId?: string; organizationId?: string }): Promise<{ id: string; mode: string }> {
    const filter = target.locationId ? `location_id=${target.locationId}` : `organization_id=${target.organizationId}`;
    const list = await this.call('GET', `/channel_accounts?channel=test&limit=100&${filter}`);
    const mine = (list.data as any[]).find(
      (a) =>
        a.name === 'npm run chat' && (target.locationId ? a.location_id === target.locationId : a.location_id === null),
    );
    if (mine) return mine;
    const body = target.locationId
      ? { channel: 'test', name: 'npm run chat', location_id: target.locationId }
      : { channel: 'test', name: 'npm run chat', organization_id: target.organizationId };
    return this.call('POST', '/channel_accounts', body, true);
  }

  /** A customer message, exactly as if it had come from a messaging app. */
  send(
    accountId: string,
    from: { phone: string; name?: string; language?: string },
    content: {
      text?: string;
      location?: { latitude: number; longitude: number };
      reply?: { id: string; title: string };
    },
  ) {
    return this.call<{ id: string; conversation_id: string }>(
      'POST',
      `/channel_accounts/${accountId}/inbound_messages`,
      { from, ...content },
      true,
    );
  }

  async messagesAfter(conversationId: string, afterId: string): Promise<Message[]> {
    const page = await this.call(
      'GET',
      `/conversations/${conversationId}/messages?limit=100&starting_after=${afterId}`,
    );
    return page.data as Message[];
  }

  conversation(conversationId: string) {
    return this.call<{ location_id: string | null; order_draft: Record<string, unknown> | null }>(
      'GET',
      `/conversations/${conversationId}`,
    );
  }

  quote(locationId: string, draft: Record<string, unknown>) {
    return this.call('POST', `/locations/${locationId}/order_quotes`, draft);
  }

  async locations(): Promise<{ id: string; name: string; organization_id: string | null }[]> {
    return (await this.call('GET', '/locations?limit=100')).data;
  }
}
