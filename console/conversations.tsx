/** Conversations (docs/console.md): the inbox, one conversation's messages, take over, reply, hand back. */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { type ChatMessage, chat, handBack, type InboxRow, inbox, replyAsStaff, takeOver } from './api.js';
import type { Texts } from './i18n.js';

/** While the tab is open it reads again every two seconds: a customer's new message shows without reload. */
const REFRESH_MS = 2_000;

export function Conversations({ t }: { t: Texts }) {
  const [rows, setRows] = useState<InboxRow[] | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    setRows(await inbox());
    if (open) setMessages(await chat(open));
  }, [open]);
  useEffect(() => {
    void load().catch((err) => setError(String(err.message)));
    const timer = setInterval(() => void load().catch(() => {}), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);
  const run = async (change: () => Promise<unknown>) => {
    setError('');
    try {
      await change();
    } catch (err) {
      setError((err as Error).message);
    }
    await load();
  };
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
          <ol class="messages">
            {messages.map((m) => (
              <li key={m.id} class={m.direction}>
                {m.text ?? `[${m.type}]`}
              </li>
            ))}
          </ol>
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
