/**
 * The server's side of a conversation, in memory, for engine tests: it builds each body, asks the
 * engine, checks the answer against the contract's schema, and carries it out as the platform does
 * (draft replaced and priced again, place_order → an order or an order_problems delivery, cancel_order,
 * notes, location, redeliver → the same message again as location_chosen, or with `lookUpAddress` as
 * address_looked_up with what the test's geocoder says).
 */
import assert from 'node:assert/strict';
import type { Answer } from '../../chatbot/answer.js';
import type { Engine } from '../../chatbot/engine/types.js';
import { readPayload } from '../../chatbot/payload.js';
import { type BodyOptions, body, type HistoryEntry } from './body.js';
import { contractErrors } from './contract-check.js';
import { type LocationOptions, NOW, orderBody, pricedDraft } from './fixtures.js';

/** What the server's geocoder says about a query: `event.addressLookup` without the query. */
export interface Geocoded {
  status: 'found' | 'ambiguous' | 'not_found' | 'unavailable';
  place: Record<string, unknown> | null;
  candidates: Record<string, unknown>[];
}

export type Say = string | { reply: { id: string; title: string } } | { pin: { latitude: number; longitude: number } };

export class Conversation {
  draft: Record<string, unknown> | null = null;
  history: HistoryEntry[] = [];
  orders: Record<string, unknown>[] = [];
  notes: string | null = null;
  language: string | null;
  chosen: string | null;
  last: Answer = {};
  now: Date;
  /** Set to change the location between the answer and its placement (the kitchen pauses, say). */
  placeWith: LocationOptions | null = null;
  private placed = 0;
  /** The server's geocoder for the answers' `lookUpAddress`; null: it has none (status unavailable). */
  geocode: ((query: Record<string, string | null>) => Geocoded) | null = null;
  /** The queries looked up, in order. */
  lookups: Record<string, string | null>[] = [];

  constructor(
    readonly engine: Engine,
    readonly options: Partial<BodyOptions> & { language?: string | null } = {},
  ) {
    this.language = options.language ?? null;
    this.orders = options.orders ?? [];
    this.chosen = options.organization?.chosen ?? null;
    this.now = options.now ?? NOW;
  }

  private location(): LocationOptions | undefined {
    const org = this.options.organization;
    return org ? org.locations.find((l) => l.id === this.chosen) : this.options.location;
  }

  async ask(what: Say, extra: Partial<BodyOptions> = {}): Promise<Answer> {
    const message: Partial<BodyOptions> = typeof what === 'string' ? { text: what } : what;
    const org = this.options.organization;
    const b = body({
      ...this.options,
      ...message,
      language: this.language,
      notes: this.notes,
      draft: this.draft,
      orders: this.orders,
      history: this.history,
      now: this.now,
      organization: org ? { ...org, chosen: this.chosen } : undefined,
      ...extra,
    });
    const read = readPayload(b);
    assert.ok(read.ok, `fixture body must be readable: ${read.ok ? '' : read.reason}`);
    const answer = await this.engine.answer(read.payload);
    assert.deepEqual(contractErrors(answer), [], 'the answer keeps the contract');
    return answer;
  }

  /** Sends a message and carries out the answer; returns the texts of every reply it caused. */
  async say(what: Say): Promise<string> {
    let answer = await this.ask(what);
    if (answer.action === 'redeliver' && answer.lookUpAddress) answer = await this.lookUp(what, answer);
    if (answer.action === 'redeliver') answer = await this.redeliver(what, answer);
    this.last = answer;
    const inbound = typeof what === 'string' ? what : 'reply' in what ? what.reply.title : '📍';
    this.history.push({ direction: 'inbound', text: inbound });
    const texts = this.apply(answer);
    if (answer.action === 'place_order') {
      const draft = this.draft ?? {};
      const quote = pricedDraft(draft, this.placeWith ?? this.location() ?? {}, this.now);
      if (quote.problems.length > 0) {
        // A refused placement never reaches the customer as a confirmation (CONTRACT): the answer's
        // replies are dropped, and the platform delivers the same message again, with the problems.
        this.history.splice(this.history.length - (answer.replies ?? []).length);
        texts.length = 0;
        const again = await this.ask(what, {
          event: { type: 'order_problems', problems: quote.problems },
          ...(this.placeWith ? { location: this.placeWith } : {}),
        });
        this.last = again;
        texts.push(...this.apply(again));
      } else {
        this.placed += 1;
        const order = orderBody({
          id: `ord_${this.placed}`,
          shortId: String(100 + this.placed),
          status: 'received',
          createdAt: this.now.toISOString(),
          draft,
          location: this.location(),
        });
        this.orders = [order, ...this.orders];
        this.draft = null;
      }
    }
    if (answer.action === 'cancel_order') {
      const target = this.orders.find((o) => o.id === answer.orderId) ?? this.orders[0];
      if (target?.status === 'received') target.status = 'cancelled';
    }
    return texts.join('\n---\n');
  }

  /**
   * As the platform does with `redeliver`: the location switched (the draft stays as stored, written for
   * the location left), and the same message again as location_chosen, with the location left.
   */
  private async redeliver(what: Say, answer: Answer): Promise<Answer> {
    assert.ok(answer.locationId, 'redeliver comes with a locationId');
    assert.deepEqual(answer.replies ?? [], [], 'the redelivered message is answered then');
    const previous = this.location() ?? null;
    // The answer's draft is stored first (src/webhooks/answer/apply.ts): the redelivery finds it.
    if (answer.orderDraft !== undefined) this.draft = answer.orderDraft as Record<string, unknown> | null;
    this.chosen = answer.locationId;
    const again = await this.ask(what, { event: { type: 'location_chosen', problems: null }, previous });
    assert.notEqual(again.action, 'redeliver', 'a message is delivered again once');
    return again;
  }

  /**
   * As the platform does with `lookUpAddress` (redeliver): the draft and customer changes kept, the address
   * looked up, and the same message again as address_looked_up; never a second lookup for the message.
   */
  private async lookUp(what: Say, answer: Answer): Promise<Answer> {
    assert.deepEqual(answer.replies ?? [], [], 'the looked-up message is answered then');
    assert.equal(answer.locationId, undefined, 'a lookup chooses no location');
    this.apply(answer);
    const query = { line1: null, postalCode: null, city: null, country: null, ...answer.lookUpAddress };
    this.lookups.push(query);
    const result = this.geocode?.(query) ?? { status: 'unavailable', place: null, candidates: [] };
    const event = { type: 'address_looked_up' as const, problems: null, addressLookup: { query, ...result } };
    const again = await this.ask(what, { event });
    assert.equal(again.lookUpAddress, undefined, 'an address is looked up once per message');
    return again;
  }

  private apply(answer: Answer): string[] {
    for (const r of answer.replies ?? []) {
      this.history.push({
        direction: 'outbound',
        text: r.text,
        buttons: r.buttons,
        list: r.list ? { button: r.list.button, sections: r.list.sections } : undefined,
      });
    }
    if (answer.orderDraft !== undefined) this.draft = answer.orderDraft as Record<string, unknown> | null;
    if (answer.customer?.notes !== undefined) this.notes = answer.customer.notes ?? null;
    if (answer.customer?.language !== undefined) this.language = answer.customer.language ?? null;
    if (answer.locationId) {
      if (this.chosen !== answer.locationId) this.draft = answer.orderDraft === undefined ? null : this.draft;
      this.chosen = answer.locationId;
    }
    return (answer.replies ?? []).map((r) => r.text);
  }

  /** The ids of the buttons and list rows of the last answer. */
  choices(): string[] {
    return (this.last.replies ?? []).flatMap((r) => [
      ...(r.buttons ?? []).map((b) => b.id),
      ...(r.list?.sections.flatMap((s) => s.rows.map((x) => x.id)) ?? []),
    ]);
  }

  /** Taps the button or row with this id (its title comes from the last answer). */
  async tap(id: string): Promise<string> {
    const all = (this.last.replies ?? []).flatMap((r) => [
      ...(r.buttons ?? []),
      ...(r.list?.sections.flatMap((s) => s.rows) ?? []),
    ]);
    const choice = all.find((c) => c.id === id);
    assert.ok(choice, `no choice ${id} in ${JSON.stringify(this.choices())}`);
    return this.say({ reply: { id: choice.id, title: choice.title } });
  }
}

export { NOW };

/** The draft's lines as [product, quantity, option ids, without, extra ingredient ids]: compact to assert on. */
export const draftLines = (c: Conversation) =>
  ((c.draft?.items ?? []) as any[]).map((i) => [
    i.productId,
    i.quantity,
    (i.options ?? []).map((o: any) => o.optionId),
    i.without ?? [],
    (i.extra ?? []).map((e: any) => e.ingredientId),
  ]);
