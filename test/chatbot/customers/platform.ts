/**
 * The platform's side for simulated customers, in memory: like ../simulator.ts, but on any menu (the demo
 * menus of `npm run seed`'s catalog or the test fixture's). Each body is a checked fixture body
 * (../body.ts) with the menu put in place and the stored draft priced by the server's own priceDraft on
 * that menu; an answer is carried out as the platform does (draft replaced, `place_order` → the order, or
 * the same message delivered again as `order_problems` when the server's pricing refuses it).
 */
import assert from 'node:assert/strict';
import type { Answer } from '../../../chatbot/answer.js';
import type { Engine } from '../../../chatbot/engine/types.js';
import { readPayload } from '../../../chatbot/payload.js';
import type { Cuisine } from '../../../src/cli/seed/catalog.js';
import { menuDocument } from '../../../src/cli/seed/menu-document.js';
import { fromCamelData, toCamelData } from '../../../src/contracts/message-webhook/camel.js';
import { OrderDraft, OrderQuote } from '../../../src/contracts/rest/drafts.js';
import { toOrderQuote } from '../../../src/domain/conversations/order-quote.js';
import { normalizeDraft } from '../../../src/domain/drafts/normalize.js';
import { priceDraft } from '../../../src/domain/drafts/price.js';
import type { MenuDocument } from '../../../src/domain/menus/types.js';
import { menuExcerpt } from '../../../src/webhooks/payload/menu-excerpt.js';
import { camelProblems } from '../../../src/webhooks/payload/problems.js';
import { type BodyOptions, body, type HistoryEntry } from '../body.js';
import { contractErrors } from '../contract-check.js';
import { ADDRESS, DELIVERY, MENU, ORDER_SETTINGS, PERIODS, UNAVAILABLE } from '../fixture-location.js';
import { type LocationOptions, NOW } from '../fixtures.js';
import { menuBody } from '../menu-body.js';

export type MenuName = Cuisine | 'fixture';

export interface Shop {
  name: MenuName;
  doc: MenuDocument;
  unavailable: string[];
}

export function shop(name: MenuName): Shop {
  if (name === 'fixture') return { name, doc: MENU, unavailable: UNAVAILABLE };
  return { name, doc: menuDocument(name, 'EUR'), unavailable: [] };
}

/** The menu as the body carries it (camelCase REST menu, availability included). */
const camelMenu = (s: Shop, locationId: string) => menuBody(s.doc, { locationId, unavailable: s.unavailable });

/** The server's pricing of a camelCase draft on this menu, as the body's `orderDraft`. */
export function price(s: Shop, draft: Record<string, unknown>, location: LocationOptions = {}, now = NOW) {
  const snake = normalizeDraft(fromCamelData(OrderDraft, draft));
  const priced = priceDraft({
    menu: s.doc,
    availability: new Map(s.unavailable.map((id) => [id, { available: false }])),
    settings: {
      order: { ...ORDER_SETTINGS, ...location.orderSettings },
      delivery: { ...DELIVERY, enabled: location.deliveryEnabled ?? true },
      openingHours: { periods: PERIODS },
    },
    specialClosings: [],
    location: { currency: 'EUR', timezone: 'Europe/Berlin', active: true, address: location.address ?? ADDRESS },
    draft: snake,
    now,
  });
  const quote = toOrderQuote({
    location_id: location.id ?? 'loc_roma',
    draft: snake,
    ...priced,
    quoted_at: now.toISOString(),
  });
  return {
    ...toCamelData<Record<string, any>>(OrderQuote, quote),
    problems: camelProblems(priced.problems),
    draft: toCamelData<Record<string, any>>(OrderDraft, snake),
  };
}

export type Message =
  | { text: string }
  | { reply: { id: string; title: string } }
  | { pin: { latitude: number; longitude: number } };

export class Platform {
  draft: Record<string, unknown> | null = null;
  history: HistoryEntry[] = [];
  language: string | null;
  chosen: string | null = null;
  last: Answer = {};
  /** The draft the platform placed, if any. */
  placed: Record<string, unknown> | null = null;

  constructor(
    readonly engine: Engine,
    readonly shop: Shop,
    readonly options: {
      language: string | null;
      location?: LocationOptions;
      organization?: { locations: LocationOptions[] };
    },
  ) {
    this.language = options.language;
  }

  private location(): LocationOptions | undefined {
    const org = this.options.organization;
    return org ? org.locations.find((l) => l.id === this.chosen) : (this.options.location ?? {});
  }

  private async ask(message: Message, extra: Partial<BodyOptions> = {}): Promise<Answer> {
    const org = this.options.organization;
    const b = body({
      ...message,
      location: this.options.location,
      language: this.language,
      draft: null,
      history: this.history,
      now: NOW,
      organization: org ? { name: 'Roma Group', locations: org.locations, chosen: this.chosen } : undefined,
      ...extra,
    }) as Record<string, any>;
    // As the platform sends them: the chosen location with its menu, the organization's list without
    // menus, and on a location_chosen delivery the location left with what of its menu the draft names.
    if (this.shop.name !== 'fixture') {
      if (b.location) b.location.menu = camelMenu(this.shop, b.location.id);
      const left = b.event?.previousLocation;
      if (left) {
        const stored = this.draft ? (fromCamelData(OrderDraft, this.draft) as Record<string, unknown>) : null;
        left.menu = menuExcerpt(camelMenu(this.shop, left.id), stored);
      }
    }
    const where = this.location();
    if (this.draft && where) b.orderDraft = price(this.shop, this.draft, where);
    const read = readPayload(b);
    assert.ok(read.ok, `body must be readable: ${read.ok ? '' : read.reason}`);
    const answer = await this.engine.answer(read.payload);
    assert.deepEqual(contractErrors(answer), [], 'the answer keeps the contract');
    return answer;
  }

  /** Sends a customer message and carries out the answer. */
  async send(message: Message): Promise<Answer> {
    let answer = await this.ask(message);
    if (answer.action === 'redeliver') answer = await this.redeliver(message, answer);
    this.last = answer;
    const inbound = 'text' in message ? message.text : 'reply' in message ? message.reply.title : '📍';
    this.history.push({ direction: 'inbound', text: inbound });
    this.apply(answer);
    if (answer.action === 'place_order') {
      const where = this.location();
      const quote = where ? price(this.shop, this.draft ?? {}, where) : null;
      if (!quote || quote.problems.length > 0) {
        // A refused placement never reaches the customer: its replies are dropped, the message comes again.
        this.history.splice(this.history.length - (answer.replies ?? []).length);
        const again = await this.ask(message, {
          event: {
            type: 'order_problems',
            problems: quote?.problems ?? [{ code: 'location_required', param: null, message: 'x' }],
          },
        });
        this.last = again;
        this.apply(again);
      } else {
        this.placed = this.draft;
        this.draft = null;
      }
    }
    return this.last;
  }

  /**
   * As the platform does with `redeliver`: the location switched (the draft stays as stored, written for
   * the location left), and the same message again as location_chosen, with the location left.
   */
  private async redeliver(message: Message, answer: Answer): Promise<Answer> {
    assert.ok(answer.locationId, 'redeliver comes with a locationId');
    const previous = this.location() ?? null;
    this.chosen = answer.locationId;
    const again = await this.ask(message, {
      event: { type: 'location_chosen', problems: null },
      previous: this.options.organization && previous?.id ? previous : null,
    });
    assert.notEqual(again.action, 'redeliver', 'a message is delivered again once');
    return again;
  }

  private apply(answer: Answer): void {
    for (const r of answer.replies ?? []) {
      this.history.push({
        direction: 'outbound',
        text: r.text,
        buttons: r.buttons,
        list: r.list ? { button: r.list.button, sections: r.list.sections } : undefined,
      });
    }
    if (answer.orderDraft !== undefined) this.draft = answer.orderDraft as Record<string, unknown> | null;
    if (answer.customer?.language !== undefined) this.language = answer.customer.language ?? null;
    if (answer.locationId) {
      if (this.chosen !== answer.locationId) this.draft = answer.orderDraft === undefined ? null : this.draft;
      this.chosen = answer.locationId;
    }
  }
}
