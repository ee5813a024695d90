/**
 * The limits of a message to the customer, as data, and the reshaping that keeps every stored message
 * within them. They are WhatsApp's Cloud API limits (the tightest of the channels spoken; the test channel
 * takes anything), from Meta's references for text messages (body 4,096 characters), reply buttons (body
 * 1,024; at most 3 buttons, titles 20 characters, unique; ids 256) and list messages (body 4,096; button
 * label 20; at most 10 sections and 10 rows in all; a section title of 24 required when there are several;
 * row titles 24, descriptions 72, ids 200):
 * developers.facebook.com/documentation/business-messaging/whatsapp/messages/{text,interactive-reply-buttons,interactive-list}-messages
 *
 * Reshaping happens when a reply is stored (recordOutboundMessage), not when it is sent: a stored message is
 * then exactly what goes out, one message row for one channel message (whose id status notifications
 * name), and the conversation shows what the customer saw. Nothing is dropped: a long text becomes several
 * messages, split where a paragraph, line, sentence or word ends; a too-long text with buttons or a list
 * sends its start as text messages before the interactive one; titles are shortened (with "…") or made
 * unique (" 2"). Counts (buttons, rows, sections) and ids are not reshaped: an id comes back in the
 * customer's choice, and a count beyond the limit has no faithful reshape, so both are refused where the
 * reply enters (the API's schema, checkReply) with a 400 the caller sees.
 *
 * Lengths are UTF-16 code units (`string.length`), never fewer than the characters Meta counts, and a cut
 * never falls inside a surrogate pair.
 */
import type { Reply, ReplyButton, ReplyList } from './types.js';

export const REPLY_LIMITS = {
  textBody: 4096,
  buttons: { body: 1024, max: 3, title: 20, id: 256 },
  list: {
    body: 4096,
    button: 20,
    sections: 10,
    rows: 10,
    sectionTitle: 24,
    rowTitle: 24,
    rowDescription: 72,
    rowId: 200,
  },
} as const;

/** Where a text may be cut, best first: after a paragraph, a line, a sentence, a word. */
const BOUNDARIES: RegExp[] = [
  /\n[ \t]*\n\s*/g,
  /\n\s*/g,
  // Latin punctuation ends a sentence before a space; CJK full stops need none.
  /[.!?…;][)"'”’»\]]*\s+|[。！？][」』”’)）]*\s*/g,
  /\s+/g,
];

/** Start offsets of what follows each boundary of one kind. */
function cuts(text: string, kind: RegExp): number[] {
  return [...text.matchAll(new RegExp(kind.source, 'g'))].map((m) => (m.index ?? 0) + m[0].length);
}

const isHigh = (text: string, i: number) => /[\uD800-\uDBFF]/.test(text[i] ?? '');
const isLow = (text: string, i: number) => /[\uDC00-\uDFFF]/.test(text[i] ?? '');

/** Where the first part of `text` ends so that it holds at most `limit`; at least half the limit if a boundary allows. */
function headCut(text: string, limit: number): number {
  for (const [rank, kind] of BOUNDARIES.entries()) {
    const floor = rank === BOUNDARIES.length - 1 ? 1 : Math.ceil(limit / 2);
    const fit = cuts(text, kind).filter((p) => p >= floor && p <= limit && p < text.length);
    if (fit.length > 0) return fit[fit.length - 1];
  }
  return isHigh(text, limit - 1) ? limit - 1 : limit; // no boundary at all: a hard cut, never in a pair
}

/** Where the last part of `text` starts so that it holds at most `limit`, at the best boundary. */
function tailCut(text: string, limit: number): number {
  const from = text.length - limit;
  for (const kind of BOUNDARIES) {
    const fit = cuts(text, kind).filter((p) => p >= from && p > 0 && p < text.length);
    if (fit.length > 0) return fit[0];
  }
  return isLow(text, from) ? from + 1 : from;
}

/** `text` in parts of at most `limit`, in order, cut at the best boundaries; the whitespace at a cut goes. */
export function splitText(text: string, limit: number = REPLY_LIMITS.textBody): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > limit) {
    const at = headCut(rest, limit);
    const head = rest.slice(0, at).trimEnd();
    if (head.length > 0) parts.push(head);
    rest = rest.slice(at).trimStart();
  }
  if (rest.length > 0 || parts.length === 0) parts.push(rest);
  return parts;
}

/** The first `max` code units of `text`, or one fewer rather than half a surrogate pair. */
const cut = (text: string, max: number) => text.slice(0, isHigh(text, max - 1) ? max - 1 : max);

/** `text` shortened to `max`, ending in "…" when shortened. */
export function fit(text: string, max: number): string {
  return text.length <= max ? text : `${cut(text, max - 1).trimEnd()}…`;
}

/** Each title fitted to `max` and unique (ignoring case and spaces around it): a repeat gets " 2", " 3"… */
export function uniqueTitles(titles: string[], max: number): string[] {
  const seen = new Set<string>();
  const key = (t: string) => t.trim().toLowerCase();
  return titles.map((raw) => {
    let title = fit(raw, max);
    for (let n = 2; seen.has(key(title)); n++) {
      const suffix = ` ${n}`;
      title = `${cut(raw, max - suffix.length).trimEnd()}${suffix}`;
    }
    seen.add(key(title));
    return title;
  });
}

function shapeButtons(buttons: ReplyButton[]): ReplyButton[] {
  const titles = uniqueTitles(
    buttons.map((b) => b.title),
    REPLY_LIMITS.buttons.title,
  );
  return buttons.map((b, i) => (b.title === titles[i] ? b : { ...b, title: titles[i] }));
}

function shapeList(list: ReplyList): ReplyList {
  const L = REPLY_LIMITS.list;
  const button = fit(list.button, L.button);
  // Meta requires a title on every section once there are several: a missing one is named after the list.
  const several = list.sections.length > 1;
  const sectionTitles = uniqueTitles(
    list.sections.map((s, i) => s.title ?? (several ? `${button} ${i + 1}` : '')),
    L.sectionTitle,
  );
  const rowTitles = uniqueTitles(
    list.sections.flatMap((s) => s.rows.map((r) => r.title)),
    L.rowTitle,
  );
  let n = 0;
  const sections = list.sections.map((s, i) => {
    const rows = s.rows.map((r) => {
      const row = { ...r, title: rowTitles[n++] };
      if (r.description !== undefined) row.description = fit(r.description, L.rowDescription);
      return row;
    });
    return s.title === undefined && !several ? { rows } : { title: sectionTitles[i], rows };
  });
  return { button, sections };
}

/**
 * A reply as the messages that carry it within the limits, in order: itself when it fits, else text
 * messages followed by the one with its buttons or list. Pure; the reply is not changed.
 */
export function shapeReply(reply: Reply): Reply[] {
  const body = reply.buttons ? REPLY_LIMITS.buttons.body : reply.list ? REPLY_LIMITS.list.body : REPLY_LIMITS.textBody;
  const choices: Pick<Reply, 'buttons' | 'list'> = reply.buttons
    ? { buttons: shapeButtons(reply.buttons) }
    : reply.list
      ? { list: shapeList(reply.list) }
      : {};
  if (!reply.buttons && !reply.list) {
    return reply.text.length <= body ? [reply] : splitText(reply.text).map((text) => ({ text }));
  }
  if (reply.text.length <= body) {
    const same = JSON.stringify(choices) === JSON.stringify({ buttons: reply.buttons, list: reply.list });
    return [same ? reply : { text: reply.text, ...choices }];
  }
  const at = tailCut(reply.text, body);
  const before = splitText(reply.text.slice(0, at).trimEnd()).filter((t) => t.length > 0);
  return [...before.map((text) => ({ text })), { text: reply.text.slice(at), ...choices }];
}
