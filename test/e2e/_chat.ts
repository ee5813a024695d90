/** A customer writing on the test channel, and reading what came back (the chatbot's replies, notices). */
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { ok, type Platform } from './_platform.js';

const ENDED = new Set(['succeeded', 'failed']);

export const phoneNumber = () => `+49170${String(randomInt(10_000_000)).padStart(7, '0')}`;

/** What a customer reads of an outbound message: its text, and the titles of its buttons or list rows. */
function shown(m: any): string {
  const buttons = (m.buttons ?? []).map((b: any) => `[${b.title}]`);
  const rows = (m.list?.sections ?? []).flatMap((s: any) => s.rows.map((r: any) => `[${r.title}]`));
  return [m.text ?? '', ...buttons, ...rows].join('\n');
}

export class Customer {
  conversationId = '';
  /** The outbound messages that answered the last message, as stored. */
  replies: any[] = [];

  constructor(
    readonly p: Platform,
    readonly account: string,
    readonly from: { name?: string; language?: string } = {},
    readonly phone = phoneNumber(),
  ) {}

  /** Writes, waits until every delivery of the conversation has ended, and returns the answer as shown. */
  async say(text: string): Promise<string> {
    return this.send({ text });
  }

  /** Taps the button (or list row) of the last answer whose title matches. */
  async tap(title: string | RegExp): Promise<string> {
    const options = this.replies.flatMap((m) => [
      ...(m.buttons ?? []),
      ...(m.list?.sections ?? []).flatMap((s: any) => s.rows),
    ]);
    const hit = options.find((o: any) => (typeof title === 'string' ? o.title === title : title.test(o.title)));
    assert.ok(hit, `no button or row "${title}" in: ${options.map((o: any) => o.title).join(', ')}`);
    return this.send({ reply: { id: hit.id, title: hit.title } });
  }

  /** Shares a location pin. */
  async pin(latitude: number, longitude: number): Promise<string> {
    return this.send({ location: { latitude, longitude } });
  }

  private async send(content: object): Promise<string> {
    const m = await ok(this.p, 'POST', `/admin/v1/channel_accounts/${this.account}/inbound_messages`, {
      from: { phone: this.phone, ...this.from },
      ...content,
    });
    this.conversationId = m.conversation_id;
    const until = Date.now() + 20_000;
    for (;;) {
      const list = await ok(
        this.p,
        'GET',
        `/admin/v1/webhook_deliveries?limit=100&conversation_id=${m.conversation_id}`,
      );
      const mine = list.data.filter((d: any) => d.message_id === m.id);
      if (mine.length > 0 && list.data.every((d: any) => ENDED.has(d.status))) {
        assert.ok(
          mine.every((d: any) => d.status === 'succeeded'),
          `delivery failed: ${JSON.stringify(mine)}`,
        );
        break;
      }
      assert.ok(Date.now() < until, `no answer to "${JSON.stringify(content)}" within 20 s`);
      await new Promise((r) => setTimeout(r, 25));
    }
    const messages = (await ok(this.p, 'GET', `/admin/v1/conversations/${m.conversation_id}/messages?limit=100`)).data;
    this.replies = messages
      .slice(messages.findIndex((x: any) => x.id === m.id) + 1)
      .filter((x: any) => x.direction === 'outbound');
    return this.replies.map(shown).join('\n');
  }

  /** The conversation as the platform keeps it (draft, priced). */
  conversation() {
    return ok(this.p, 'GET', `/admin/v1/conversations/${this.conversationId}`);
  }
}

/** The orders of a location, newest first. */
export async function ordersAt(p: Platform, locationId: string, key: string): Promise<any[]> {
  const res = await ok(p, 'GET', `/v1/locations/${locationId}/orders?limit=100`, undefined, key);
  return [...res.data].reverse();
}

/** The orders of the conversation's customer at a location, newest first. */
export async function ordersOf(p: Platform, c: Customer, locationId: string, key: string) {
  const conv = await c.conversation();
  return (await ordersAt(p, locationId, key)).filter((o) => o.customer_id === conv.customer_id);
}
