/**
 * A simulated customer who wants one exact order and answers the bot as people do: the opening message
 * (everything at once, or only the food), then whatever the bot asks — a tap on the right button or row
 * by its id, or a typed word ("large", "pick up", "cash"), a shared pin when it asks where. More food is
 * said when the bot asks "anything else?". The right order shown for confirmation gets a yes; a wrong
 * one a "no, …". Success: the platform placed exactly the target draft; failure: anything else placed,
 * or nothing after 12 messages. A script may also say things at a given moment (`turns`): a change of mind
 * ("no wait, make it two"; until it is said the customer wants the order before the change and corrects
 * the bot by that one), or a question ("how long does delivery take?") after which the customer goes on.
 */
import type { Reply } from '../../../chatbot/answer.js';
import type { Engine } from '../../../chatbot/engine/types.js';
import type { LocationOptions } from '../fixtures.js';
import { type MenuName, type Message, Platform, shop } from './platform.js';

export interface TargetLine {
  product?: string;
  bundle?: string;
  quantity?: number;
  options?: string[];
  without?: string[];
  extra?: string[];
  /** Bundle picks: line id → product id. */
  picks?: Record<string, string>;
}

export interface Target {
  lines: TargetLine[];
  service: 'collection' | 'delivery' | 'eat_in';
  payment: 'cash' | 'card' | 'online';
  /** businessOrganization mode: where the customer orders. */
  location?: string;
}

/** When a turn is said: the customer's next message, or when the bot asks the service type, the payment, or to confirm. */
export type Moment = 'next' | 'service' | 'payment' | 'confirm';

/** Something the customer says once, mid-conversation, instead of answering what was asked. */
export interface Turn {
  say: string;
  /** The first moment it fits; a turn not said yet is said at the confirmation at the latest. */
  when: Moment;
  /** A change of mind: what the customer wanted until now (the target is what they want after). */
  before?: Partial<Target>;
  /** The lines of `before` in the customer's words, for a "no, …" before the change. */
  phrases?: string[];
}

export interface Script {
  name: string;
  language: 'en' | 'de';
  mode: 'location' | 'businessOrganization';
  menu: MenuName;
  target: Target;
  /** The first message. */
  open: string;
  /** Food said later, one message each, when the bot asks for more. */
  more?: string[];
  /** Each target line in the customer's words, for a "no, …" when the bot got it wrong. */
  phrases?: string[];
  /** How the customer answers a question with choices: tapping, or typing a word. */
  style: 'tap' | 'type';
  /**
   * Typed answers by option or product id ("large" for size-32), or by service type, payment method,
   * location id, `yes` or `done` ("I'll collect it", "EC-Karte", "yep go ahead"); else the choice's title
   * (or the standard word) is typed.
   */
  words?: Record<string, string>;
  /** Said once each, in order, at their moments (changes of mind, questions). */
  turns?: Turn[];
}

export interface Outcome {
  name: string;
  success: boolean;
  messages: number;
  reason: string;
  transcript: string[];
}

/** Where the customer is when asked for a pin: inside the first zone of the location (Mitte, the fixture's). */
export const PIN = { latitude: 52.531, longitude: 13.404 };
const PIN_KREUZBERG = { latitude: 52.501, longitude: 13.419 };

export const ORGANIZATION: { locations: LocationOptions[] } = {
  locations: [
    { id: 'loc_mitte', name: 'Roma Mitte' },
    {
      id: 'loc_kreuzberg',
      name: 'Roma Kreuzberg',
      address: {
        line1: 'Oranienstraße 10',
        line2: null,
        postal_code: '10997',
        city: 'Berlin',
        country: 'DE',
        latitude: 52.5,
        longitude: 13.42,
      },
    },
  ],
};

const sorted = (xs: string[]) => [...xs].sort();

/** A draft line in the target's terms, to compare. */
function lineKey(item: any): string {
  if (item.type === 'bundle' || item.bundleId) {
    const picks = (item.lines ?? [])
      .flatMap((l: any) => l.items.map((i: any) => `${l.lineId}=${i.productId}`))
      .sort()
      .join(',');
    return `B:${item.bundleId}x${item.quantity ?? 1}[${picks}]`;
  }
  const options = sorted((item.options ?? []).flatMap((o: any) => Array(o.quantity ?? 1).fill(o.optionId))).join(',');
  const without = sorted(item.without ?? []).join(',');
  const extra = sorted((item.extra ?? []).flatMap((e: any) => Array(e.quantity ?? 1).fill(e.ingredientId))).join(',');
  return `P:${item.productId}x${item.quantity ?? 1}[${options}|-${without}|+${extra}]`;
}

function targetKey(l: TargetLine): string {
  if (l.bundle) {
    const picks = Object.entries(l.picks ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join(',');
    return `B:${l.bundle}x${l.quantity ?? 1}[${picks}]`;
  }
  return `P:${l.product}x${l.quantity ?? 1}[${sorted(l.options ?? []).join(',')}|-${sorted(l.without ?? []).join(',')}|+${sorted(l.extra ?? []).join(',')}]`;
}

const itemsMatch = (draft: Record<string, any> | null, target: Target) =>
  sorted(((draft?.items ?? []) as any[]).map(lineKey)).join(';') === sorted(target.lines.map(targetKey)).join(';');

/** The placed (or shown) draft is the order the customer wants. */
export function draftMatches(draft: Record<string, any> | null, target: Target): boolean {
  if (!draft || !itemsMatch(draft, target)) return false;
  if (draft.serviceType !== target.service || draft.paymentMethod !== target.payment) return false;
  if (target.service === 'delivery') {
    const a = draft.deliveryAddress;
    if (a?.latitude == null || a?.longitude == null) return false;
  }
  return true;
}

const WORDS = {
  en: {
    collection: 'pick up',
    delivery: 'delivery please',
    eat_in: 'eat in',
    cash: 'cash',
    card: 'card',
    online: 'online',
    yes: 'yes',
    no: 'no',
    done: "that's all",
  },
  de: {
    collection: 'zum Abholen',
    delivery: 'Lieferung bitte',
    eat_in: 'hier essen',
    cash: 'bar',
    card: 'mit Karte',
    online: 'online',
    yes: 'ja',
    no: 'nein',
    done: 'das ist alles',
  },
};

/** What a person types for a choice: its title without a size or count ("San Pellegrino 0.5 l" → "San Pellegrino"). */
const short = (title: string) =>
  title
    .replace(/\s*\(\d+\)/g, '')
    .replace(/\s+\d+([.,]\d+)?\s*(l|ml|cl)$/i, '')
    .trim();

const choicesOf = (replies: Reply[]) =>
  replies.flatMap((r) => [...(r.buttons ?? []), ...(r.list?.sections.flatMap((s) => s.rows) ?? [])]);

const ASKS_WHERE = /share your location|deliver to\?|pin|Standort|Adresse|wohin|liefern wir/i;

export class Customer {
  readonly platform: Platform;
  private more: string[];
  private turns: Turn[];
  private said = 0;
  readonly transcript: string[] = [];

  constructor(
    engine: Engine,
    readonly script: Script,
  ) {
    this.more = [...(script.more ?? [])];
    this.turns = [...(script.turns ?? [])];
    this.platform = new Platform(engine, shop(script.menu), {
      language: null,
      ...(script.mode === 'businessOrganization' ? { organization: ORGANIZATION } : {}),
    });
  }

  private async send(m: Message): Promise<Reply[]> {
    this.said += 1;
    this.transcript.push(`> ${'text' in m ? m.text : 'reply' in m ? `[${m.reply.id}] ${m.reply.title}` : '📍 pin'}`);
    const answer = await this.platform.send(m);
    for (const r of answer.replies ?? []) {
      const buttons = choicesOf([r]).map((c) => c.id);
      this.transcript.push(`< ${r.text.replace(/\n/g, ' / ')}${buttons.length ? ` {${buttons.join(' ')}}` : ''}`);
    }
    return answer.replies ?? [];
  }

  /** A choice answered the customer's way: its id tapped, or a word typed. */
  private choose(c: { id: string; title: string }, word?: string): Message {
    const typed = this.script.words?.[c.id.split(':').pop() ?? ''] ?? word;
    if (this.script.style === 'type' && typed) return { text: typed };
    return { reply: { id: c.id, title: c.title } };
  }

  /** What the customer wants now: the order before a change of mind not said yet, else the target. */
  private wish(): { target: Target; phrases?: string[] } {
    const change = this.turns.find((turn) => turn.before);
    if (!change?.before) return { target: this.script.target, phrases: this.script.phrases };
    return {
      target: { ...this.script.target, ...change.before },
      phrases: change.before.lines ? change.phrases : this.script.phrases,
    };
  }

  /** The next turn, when its moment has come (a change of mind: once the order shown is the one wanted so far). */
  private turnDue(choices: { id: string }[], draft: Record<string, any> | null): Turn | undefined {
    const turn = this.turns[0];
    if (!turn) return undefined;
    if (turn.before?.lines && !itemsMatch(draft, this.wish().target)) return undefined;
    const asks = (prefix: string) => choices.some((c) => c.id.startsWith(prefix));
    const due =
      turn.when === 'next' ||
      asks('confirm_order') ||
      (turn.when === 'service' && asks('svc:')) ||
      (turn.when === 'payment' && asks('pay:'));
    return due ? turn : undefined;
  }

  /** What the customer says next, reading the bot's last replies. */
  private next(replies: Reply[]): Message {
    const s = this.script;
    const w = WORDS[s.language];
    const word = (key: keyof typeof w) => s.words?.[key] ?? w[key];
    const draft = this.platform.draft as Record<string, any> | null;
    const choices = choicesOf(replies);
    const turn = this.turnDue(choices, draft);
    if (turn) {
      this.turns.shift();
      return { text: turn.say };
    }
    const { target: t, phrases } = this.wish();
    const items = (draft?.items ?? []) as any[];
    const confirmation = choices.find((c) => c.id === 'confirm_order');
    if (confirmation && draftMatches(draft, t)) {
      return s.style === 'tap' ? { reply: { id: confirmation.id, title: confirmation.title } } : { text: word('yes') };
    }
    // The last question asked is answered first, as people do.
    for (const c of [...choices].reverse()) {
      const [kind, ...rest] = c.id.split(':');
      if (kind === 'opt') {
        const item = items[Number(rest[0])];
        const now = (item?.options ?? []).map((o: any) => o.optionId as string);
        const want = t.lines.find(
          (l) =>
            l.product === item?.productId &&
            l.options?.includes(rest[1]) &&
            now.every((o: string) => l.options?.includes(o)),
        );
        const has = (item?.options ?? []).some((o: any) => o.optionId === rest[1]);
        if (want && !has) return this.choose(c, short(c.title));
      }
      if (kind === 'pick') {
        const item = items[Number(rest[0])];
        const want = t.lines.find((l) => l.bundle === item?.bundleId && l.picks?.[rest[1]] === rest[2]);
        if (want) return this.choose(c, short(c.title));
      }
      if (kind === 'add') {
        const id = rest.join(':').split('|')[0];
        const want = t.lines.some((l) => l.product === id || l.bundle === id);
        if (want && !items.some((i) => i.productId === id || i.bundleId === id)) return this.choose(c, short(c.title));
      }
      if (kind === 'loc' && rest.join(':') === t.location) return this.choose(c, c.title);
      if (this.more.length > 0) continue;
      if (kind === 'svc' && rest[0] === t.service && draft?.serviceType !== t.service)
        return this.choose(c, word(t.service));
      if (kind === 'pay' && rest[0] === t.payment && draft?.paymentMethod !== t.payment)
        return this.choose(c, word(t.payment));
    }
    const where = draft?.deliveryAddress as Record<string, unknown> | undefined;
    const needsPin = t.service === 'delivery' && draft?.serviceType === 'delivery' && where?.latitude == null;
    if (needsPin && ASKS_WHERE.test(replies.map((r) => r.text).join(' '))) return { pin: this.pin() };
    if (this.more.length > 0) return { text: this.more.shift() as string };
    const confirm = choices.some((c) => c.id === 'confirm_order');
    if (confirm || !itemsMatch(draft, t)) {
      // The order shown is not the one wanted (or something is missing from it): say so.
      const missing = t.lines.find((l) => !((draft?.items ?? []) as any[]).some((i) => lineKey(i) === targetKey(l)));
      const dish = missing ? phrases?.[t.lines.indexOf(missing)] : undefined;
      if (!itemsMatch(draft, t)) return { text: dish ? `${w.no}, ${dish}` : w.no };
    }
    const checkout = choices.find((c) => c.id === 'checkout');
    if (checkout && itemsMatch(draft, t)) {
      return s.style === 'tap' ? { reply: { id: checkout.id, title: checkout.title } } : { text: word('done') };
    }
    // Nothing asked that fits, and something is still missing: the customer says it unasked.
    if (draft?.serviceType !== t.service) return { text: word(t.service) };
    if (needsPin) return { pin: this.pin() };
    if (draft?.paymentMethod !== t.payment) return { text: word(t.payment) };
    return { text: word('done') };
  }

  private pin() {
    return this.script.target.location === 'loc_kreuzberg' ? PIN_KREUZBERG : PIN;
  }

  async run(limit = 12): Promise<Outcome> {
    const s = this.script;
    let replies = await this.send({ text: s.open });
    while (!this.platform.placed && this.said < limit) replies = await this.send(this.next(replies));
    const placed = this.platform.placed as Record<string, any> | null;
    const success =
      !!placed && draftMatches(placed, s.target) && (!s.target.location || this.platform.chosen === s.target.location);
    const reason = success
      ? 'placed'
      : placed
        ? 'placed a different order'
        : `nothing placed after ${this.said} messages`;
    return { name: s.name, success, messages: this.said, reason, transcript: this.transcript };
  }
}
