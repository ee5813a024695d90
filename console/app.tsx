/**
 * The staff console (docs/console.md): log in, then the live board of the user's orders. The server tells
 * the page when the board changed (server-sent events); a new order rings and shows a badge.
 */
import { render } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, currentSession, logIn, logOut, moveOrder, type Order, orders, type SessionInfo } from './api.js';
import { Account } from './account.js';
import { initialLang, type Lang, TEXTS, type Texts } from './i18n.js';
import { Conversations } from './conversations.js';
import { Kitchen } from './kitchen.js';
import { Summary } from './summary.js';
import { Users } from './users.js';

const money = (m: { amount: number; currency: string }, lang: Lang) =>
  new Intl.NumberFormat(lang, { style: 'currency', currency: m.currency }).format(m.amount / 100);
const time = (iso: string, lang: Lang) => new Date(iso).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });

/** A short two-tone chime; browsers allow sound once the page has been used (the login counts). */
function chime() {
  try {
    const ctx = new AudioContext();
    for (const [i, f] of [880, 1320].entries()) {
      const o = ctx.createOscillator();
      const g = ctx.createGain();
      o.frequency.value = f;
      g.gain.value = 0.15;
      o.connect(g).connect(ctx.destination);
      o.start(ctx.currentTime + i * 0.18);
      o.stop(ctx.currentTime + i * 0.18 + 0.15);
    }
  } catch {
    // No audio device: the badge and the title still tell.
  }
}

function Login({ t, onIn }: { t: Texts; onIn: (s: SessionInfo) => void }) {
  const [error, setError] = useState('');
  const submit = async (e: Event) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    try {
      onIn(await logIn(String(form.get('email')), String(form.get('password'))));
    } catch (err) {
      setError(err instanceof ApiFailure && err.status === 401 ? t.loginFailed : String((err as Error).message));
    }
  };
  return (
    <form class="login" onSubmit={submit} aria-labelledby="login-title">
      <h1 id="login-title">{t.title}</h1>
      <label>
        {t.email}
        <input name="email" type="email" autocomplete="username" required />
      </label>
      <label>
        {t.password}
        <input name="password" type="password" autocomplete="current-password" required />
      </label>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit">{t.logIn}</button>
    </form>
  );
}

/** Minutes and seconds left until `at`, ticking every second. */
function Countdown({ at, t, action }: { at: string; t: Texts; action: 'accept' | 'reject' }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.round((Date.parse(at) - now) / 1000));
  const mmss = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  return (
    <p class="countdown">
      {t.decideWithin} <time>{mmss}</time>, {action === 'accept' ? t.thenAccepted : t.thenRejected}
    </p>
  );
}

function OrderCard({ o, t, lang, onMove }: { o: Order; t: Texts; lang: Lang; onMove: (o: Order, s: string, reason?: string) => void }) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const name = [o.customer?.first_name, o.customer?.last_name].filter(Boolean).join(' ');
  // A new order is decided first (accept or reject); then it moves along its path.
  const forward =
    o.status === 'received'
      ? []
      : o.allowed_next_statuses.filter((s) => !['accepted', 'rejected', 'cancelled', 'delivery_failed'].includes(s));
  return (
    <li class={`order status-${o.status}`} data-order-id={o.id}>
      <header>
        <strong>#{o.short_id}</strong> <span>{time(o.created_at, lang)}</span> <span>{o.service_type}</span>{' '}
        <span class="badge">{t.status[o.status] ?? o.status}</span>
      </header>
      {name && <p>{name}</p>}
      <ul class="items">
        {o.items
          .filter((i) => i.type === 'product')
          .map((i) => (
            <li key={i.name}>
              {i.quantity} × {i.name}
            </li>
          ))}
      </ul>
      <p class="total">{money(o.total, lang)}</p>
      {o.acceptance_timeout && <Countdown at={o.acceptance_timeout.at} t={t} action={o.acceptance_timeout.action} />}
      <div class="actions">
        {o.allowed_next_statuses.includes('accepted') && (
          <button type="button" class="primary" onClick={() => onMove(o, 'accepted')}>
            {t.accept}
          </button>
        )}
        {o.allowed_next_statuses.includes('rejected') && !rejecting && (
          <button type="button" onClick={() => setRejecting(true)}>
            {t.reject}
          </button>
        )}
        {forward.map((s) => (
          <button type="button" key={s} onClick={() => onMove(o, s)}>
            {t.next} {t.status[s] ?? s}
          </button>
        ))}
      </div>
      {rejecting && (
        <form
          class="reject"
          onSubmit={(e) => {
            e.preventDefault();
            onMove(o, 'rejected', reason);
          }}
        >
          <label>
            {t.rejectReason}
            <input value={reason} required onInput={(e) => setReason((e.currentTarget as HTMLInputElement).value)} />
          </label>
          <button type="submit">{t.reject}</button>
        </form>
      )}
    </li>
  );
}

function Board({ t, lang, onOut }: { t: Texts; lang: Lang; onOut: () => void }) {
  const [list, setList] = useState<Order[] | null>(null);
  const [live, setLive] = useState(false);
  const [fresh, setFresh] = useState(0);
  const [notice, setNotice] = useState('');
  const known = useRef<Set<string> | null>(null);
  const load = useCallback(async () => {
    const next = await orders();
    const seen = known.current;
    const added = seen ? next.filter((o) => !seen.has(o.id)).length : 0;
    known.current = new Set(next.map((o) => o.id));
    if (added > 0) {
      setFresh((n) => n + added);
      chime();
    }
    setList(next);
  }, []);
  useEffect(() => {
    // The stream's first event loads the board; so does opening it, should that event be slow.
    void load().catch(() => {});
    const stream = new EventSource('/console/api/stream');
    stream.addEventListener('orders', () => void load().catch(() => {}));
    stream.onopen = () => setLive(true);
    stream.onerror = () => setLive(false);
    return () => stream.close();
  }, [load]);
  useEffect(() => {
    document.title = fresh > 0 ? `(${fresh}) ${t.orders}` : t.orders;
  }, [fresh, t]);
  const move = async (o: Order, status: string, reason?: string) => {
    setNotice('');
    try {
      await moveOrder(o, status, reason);
    } catch (err) {
      setNotice(err instanceof ApiFailure && err.status === 409 ? t.conflict : (err as Error).message);
    }
    await load();
  };
  return (
    <main onClick={() => setFresh(0)} onKeyDown={() => setFresh(0)}>
      <header class="bar">
        <h1>
          {t.orders}
          {fresh > 0 && (
            <span class="new" aria-label={`${fresh} ${t.newOrders}`}>
              {fresh}
            </span>
          )}
        </h1>
        <span class={live ? 'live' : 'offline'}>{live ? t.live : t.offline}</span>
        <button type="button" onClick={onOut}>
          {t.logOut}
        </button>
      </header>
      <p role="status" aria-live="polite">
        {notice}
      </p>
      {list === null ? null : list.length === 0 ? (
        <p>{t.noOrders}</p>
      ) : (
        <ul class="orders" aria-live="polite">
          {list.map((o) => (
            <OrderCard key={o.id} o={o} t={t} lang={lang} onMove={move} />
          ))}
        </ul>
      )}
    </main>
  );
}

type View = 'orders' | 'conversations' | 'kitchen' | 'summary' | 'users' | 'account';
/**
 * Each tab and the ability it needs: the page offers what the role allows (the server checks anyway).
 * One's own password needs none: every user has one.
 */
const TABS: [View, string | null][] = [
  ['orders', 'orders'],
  ['conversations', 'conversations'],
  ['kitchen', 'kitchen.items'],
  ['summary', 'summary'],
  ['users', 'users'],
  ['account', null],
];

function App() {
  const [lang, setLang] = useState<Lang>(initialLang());
  const [session, setSession] = useState<SessionInfo | null | undefined>(undefined);
  const [view, setView] = useState<View>('orders');
  const t = TEXTS[lang];
  useEffect(() => {
    void currentSession().then(setSession);
  }, []);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  if (session === undefined) return null;
  return (
    <>
      <nav class="lang">
        {(['en', 'de'] as const).map((l) => (
          <button type="button" key={l} aria-pressed={l === lang} onClick={() => setLang(l)}>
            {l.toUpperCase()}
          </button>
        ))}
      </nav>
      {session ? (
        <>
          <nav class="tabs" aria-label={t.title}>
            {TABS.filter(([, a]) => a === null || session.abilities.includes(a)).map(([v]) => (
              <button type="button" key={v} aria-pressed={v === view} onClick={() => setView(v)}>
                {t[v]}
              </button>
            ))}
          </nav>
          {view === 'orders' ? (
            <Board
              t={t}
              lang={lang}
              onOut={() => {
                void logOut().finally(() => setSession(null));
              }}
            />
          ) : view === 'conversations' ? (
            <Conversations t={t} lang={lang} />
          ) : view === 'kitchen' ? (
            <Kitchen t={t} can={(a) => session.abilities.includes(a)} />
          ) : view === 'summary' ? (
            <Summary t={t} lang={lang} />
          ) : view === 'users' ? (
            <Users t={t} me={session.user.id} orgWide={session.user.organization_id !== null} />
          ) : (
            <Account t={t} />
          )}
        </>
      ) : (
        <Login t={t} onIn={setSession} />
      )}
    </>
  );
}

render(<App />, document.getElementById('app') as HTMLElement);
