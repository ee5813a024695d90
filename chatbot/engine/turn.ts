/**
 * One message being answered: what the payload says, and the answer being put together (replies, the
 * draft as it changes, an action). The operations (./ops/) act on a turn; both engines use them.
 */
import type { Answer, Reply } from '../answer.js';
import type { AddressQuery, Draft, DraftItem, Lang, LocationView, Money, Payload } from '../payload-types.js';
import { formatMoney, formatWhen } from './format.js';
import { type Texts, texts } from './i18n/index.js';
import { chooseLanguage } from './language.js';
import { type MenuIndex, menuIndex } from './menu/match.js';

export class Turn {
  lang: Lang;
  detected: Lang | null;
  location: LocationView | null;
  draft: Draft;
  /** The draft differs from the one the server priced for this message. */
  draftChanged = false;
  readonly replies: Reply[] = [];
  action: Answer['action'];
  orderId: string | undefined;
  locationId: string | undefined;
  notes: string | undefined;
  /** The customer has been shown a placeable, server-priced order in this answer (LLM engine). */
  confirmOffered = false;
  /** A location chosen in this turn needs its menu for the draft to come along (ops/locations.ts chooseLocation). */
  carryPending = false;
  /** location_chosen (LLM engine): the location was switched before the model reads the message; what came along. */
  switched: { kept: string[]; dropped: string[] } | null = null;
  /** The answer asks for this message again once `locationId` is chosen (see redeliver()). */
  private redelivering = false;
  /**
   * With that redeliver: the draft the message must find when it comes again, because it holds what only
   * this delivery knew (the point the server's lookup found for the typed address). Null: left as stored.
   */
  redeliverDraft: Draft | null = null;
  /** The answer only asks the server to look this address up (see lookUp()). */
  private lookup: Partial<AddressQuery> | null = null;
  /** The draft's point is the one the server found for the address typed now, not a pin the customer shared. */
  pointLookedUp = false;
  /** A step has acted on the tapped row (or the choice typed for it): it is not acted on again. */
  replyUsed = false;

  constructor(
    readonly p: Payload,
    readonly now: Date,
  ) {
    // location_chosen: the message is read again from where it was first read, the location the
    // conversation left (with the part of its menu the draft names); choosing again then finds the chosen
    // location's menu in `p.location` (useLocation).
    this.location = p.event.type === 'location_chosen' ? p.event.previousLocation : p.location;
    this.draft = structuredClone(p.draft ?? {});
    const { lang, detected } = chooseLanguage(p, p.location, this.text);
    this.lang = lang;
    this.detected = detected;
  }

  /** What is left to read of the customer's words once a part was taken (the location they named). */
  private rest: string | undefined;

  /** The customer's words: the text, or the title of the button or row they tapped. */
  get text(): string {
    return this.rest ?? this.p.lastMessage.text ?? this.p.lastMessage.reply?.title ?? '';
  }

  /** The words a step has understood are taken out, so that the next steps do not read them again. */
  set text(rest: string) {
    this.rest = rest;
  }

  get t(): Texts {
    return texts(this.lang);
  }

  money(m: Money): string {
    return formatMoney(m, this.lang);
  }

  /** "today at 18:30" in the location's time zone. */
  when(instant: Date | string): string {
    const tz = this.location?.timezone ?? 'UTC';
    return formatWhen(typeof instant === 'string' ? new Date(instant) : instant, this.now, tz, this.lang);
  }

  private indexed: MenuIndex | null = null;

  /** The index of the current location's menu, once per turn (the location may change within a turn). */
  get index(): MenuIndex | null {
    if (!this.location) return null;
    if (this.indexed?.menu !== this.location.menu) this.indexed = menuIndex(this.location.menu);
    return this.indexed;
  }

  get items(): DraftItem[] {
    this.draft.items ??= [];
    return this.draft.items;
  }

  /**
   * Switches the conversation to another location of the organization (businessOrganization mode). The
   * organization's list carries no menus: the location the body targets is taken in its own view, menu and all.
   */
  useLocation(given: LocationView) {
    const loc = this.p.location?.id === given.id ? this.p.location : given;
    if (this.location?.id !== loc.id) {
      this.locationId = loc.id;
      // A draft names one location's menu ids; it does not travel.
      if ((this.draft.items ?? []).length > 0 || this.p.draft) this.setDraft({});
    }
    this.location = loc;
    this.lang = chooseLanguage(this.p, loc, this.text).lang;
  }

  /**
   * The location chosen in this turn came without its menu, and the message needs it: it orders something,
   * or the draft must be carried over (`answered`: the message was answered without reading further).
   */
  lacksMenu(answered: boolean): boolean {
    return this.location !== null && !this.location.hasMenu && (this.carryPending || !answered);
  }

  /**
   * The answer is only "choose `locationId`, then send me this message again" (action redeliver): the
   * platform switches the location and delivers the message again as location_chosen, with that
   * location's menu, and this turn's replies and draft changes are dropped (the next one makes them).
   */
  redeliver() {
    this.redelivering = true;
  }

  /**
   * The answer is only "look this address up, then send me this message again" (businessOrganization mode,
   * issue 20): the platform delivers it again as address_looked_up, with what its geocoder found. Replies
   * and draft changes are dropped; the next delivery makes them.
   */
  lookUp(query: AddressQuery) {
    const set = Object.entries(query).filter(([, v]) => v !== null && v !== '');
    this.lookup = Object.fromEntries(set) as Partial<AddressQuery>;
  }

  setDraft(draft: Draft) {
    this.draft = draft;
    this.draftChanged = true;
  }

  changed() {
    this.draftChanged = true;
  }

  say(...replies: Reply[]) {
    this.replies.push(...replies);
  }

  /** The answer: replies (at most 10), the draft if it changed, and whatever else was decided. */
  finish(): Answer {
    if (this.lookup) return { lookUpAddress: this.lookup, action: 'redeliver', ...this.customerChanges() };
    if (this.redelivering && this.locationId) {
      const draft = this.redeliverDraft ? { orderDraft: this.redeliverDraft } : {};
      return { locationId: this.locationId, action: 'redeliver', ...draft };
    }
    const answer: Answer = { replies: this.replies.slice(0, 10) };
    if (this.draftChanged) answer.orderDraft = isEmpty(this.draft) ? null : this.draft;
    if (this.locationId) answer.locationId = this.locationId;
    Object.assign(answer, this.customerChanges());
    if (this.action) answer.action = this.action;
    if (this.orderId) answer.orderId = this.orderId;
    return answer;
  }

  /** What to keep about the customer: the notes changed, the language seen for one with none kept. */
  private customerChanges(): { customer?: NonNullable<Answer['customer']> } {
    const customer: NonNullable<Answer['customer']> = {};
    if (this.notes !== undefined) customer.notes = this.notes;
    if (!this.p.customer.language && this.detected) customer.language = this.detected;
    return Object.keys(customer).length > 0 ? { customer } : {};
  }
}

function isEmpty(d: Draft): boolean {
  return (
    (d.items ?? []).length === 0 &&
    !d.serviceType &&
    !d.deliveryAddress &&
    !d.requestedTime &&
    !d.paymentMethod &&
    !d.customerNotes &&
    !d.deliveryNotes &&
    !d.discountCode
  );
}
