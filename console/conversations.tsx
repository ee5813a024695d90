/** Conversations (docs/console.md): the inbox, one conversation's messages, take over, reply, hand back. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import {
  type ChatMessage,
  chat,
  draft,
  handBack,
  type InboxRow,
  inbox,
  type Money,
  type Quote,
  replyAsStaff,
  takeOver,
} from './api.js';
import type { Lang, Texts } from './i18n.js';
import { changeThenReload } from './run.js';

/** While the tab is open it reads again every two seconds: a customer's new message shows without reload. */
const REFRESH_MS = 2_000;

/** What the customer has put together so far, priced by the server, and what still stops it. */
function Draft({ q, t, lang }: { q: Quote; t: Texts; lang: Lang }) {
  const money = (m: Money) => new Intl.NumberFormat(lang, { style: 'currency', currency: m.currency }).format(m.amount / 100);
  return (
    <section class="draft" aria-label={t.draft}>
      <h3>{t.draft}</h3>
      <ul class="items">
        {q.items.map((i, n) => (
          <li key={`${n}-${i.name}`}>
            {i.quantity} × {i.name}
            {q.item_totals[n] ? ` · ${money(q.item_totals[n] as Money)}` : ''}
          </li>
        ))}
      </ul>
      <p class="total">
        {t.total} {money(q.total)}
      </p>
      {q.valid ? (
        <p class="live">{t.draftReady}</p>
      ) : (
        <>
          <p class="offline">{t.draftProblems}</p>
          <ul>
            {q.problems.map((p) => (
              <li key={`${p.code}-${p.message}`}>{p.message}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function Conversations({ t, lang }: { t: Texts; lang: Lang }) {
  const [rows, setRows] = useState<InboxRow[] | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  /** Oldest first, as shown; `shown` mirrors it for the poll, which only asks for what came since. */
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const shown = useRef<{ id: string | null; list: ChatMessage[] }>({ id: null, list: [] });
  const [earlier, setEarlier] = useState(false);
  // The conversation open now: an answer for one left meanwhile is dropped.
  const openNow = useRef(open);
  openNow.current = open;
  const [quote, setQuote] = useState<Quote | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    setRows(await inbox());
    if (open) {
      // Another conversation than the one shown: its latest page; the same: only the messages after the
      // newest shown, so the earlier pages read with "Show earlier" stay and nothing falls in between.
      const same = shown.current.id === open ? shown.current.list : null;
      const newest = same?.at(-1);
      const [page, q] = await Promise.all([chat(open, newest ? { ending_before: newest.id } : {}), draft(open)]);
      if (openNow.current !== open) return;
      const list = [...(newest && same ? same : []), ...page.data.reverse()];
      if (!newest) setEarlier(page.has_more);
      shown.current = { id: open, list };
      setMessages(list);
      setQuote(q);
    }
  }, [open]);
  const showEarlier = async () => {
    const oldest = shown.current.list[0];
    if (!open || !oldest) return;
    const page = await chat(open, { starting_after: oldest.id });
    if (openNow.current !== open || shown.current.id !== open) return;
    const list = [...page.data.reverse(), ...shown.current.list];
    shown.current = { id: open, list };
    setMessages(list);
    setEarlier(page.has_more);
  };
  useEffect(() => {
    void load().catch((err) => setError(String(err.message)));
    const timer = setInterval(() => void load().catch(() => {}), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);
  const run = changeThenReload(setError, load);
  if (!rows) return null;
  const current = rows.find((r) => r.id === open);
  return (
    <section class="inbox" aria-label={t.conversations}>
      <p role="status" aria-live="polite">
        {error}
      </p>
      {rows.length === 0 && <p>{t.noConversations}</p>}
      <ul class="threads">
        {rows.map((r) => (
          <li key={r.id}>
            <button type="button" aria-pressed={r.id === open} data-conversation-id={r.id} onClick={() => setOpen(r.id)}>
              <strong>{r.customer.name ?? r.customer.phone ?? t.customer}</strong>{' '}
              <span class="badge">{r.taken_over ? t.staffBadge : t.botBadge}</span>
              <br />
              <span>{r.last_text ?? ''}</span>
            </button>
          </li>
        ))}
      </ul>
      {current && (
        <article class="thread" aria-live="polite">
          <p>
            <strong>{current.taken_over ? t.takenOver : t.botAnswers}</strong>{' '}
            <button type="button" onClick={() => run(() => (current.taken_over ? handBack(current.id) : takeOver(current.id)))}>
              {current.taken_over ? t.handBack : t.takeOver}
            </button>
          </p>
          {earlier && (
            <button type="button" onClick={() => void showEarlier().catch((err) => setError(String(err.message)))}>
              {t.showEarlier}
            </button>
          )}
          <ol class="messages">
            {messages.map((m) => (
              <li key={m.id} class={m.direction}>
                {m.text ?? `[${m.type}]`}
              </li>
            ))}
          </ol>
          {quote && <Draft q={quote} t={t} lang={lang} />}
          {current.taken_over && (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                const body = text;
                setText('');
                void run(() => replyAsStaff(current.id, body));
              }}
            >
              <label>
                {t.reply}
                <input value={text} required maxLength={4096} onInput={(e) => setText((e.currentTarget as HTMLInputElement).value)} />
              </label>
              <button type="submit">{t.send}</button>
            </form>
          )}
        </article>
      )}
    </section>
  );
}
