/**
 * The kitchen's switches (docs/console.md): pause or resume taking orders, today's special closing, and
 * dishes, deals and options off (now, or until a time) and on. Buttons the role may not use are not shown.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import {
  closeToday,
  endClosing,
  type KitchenItem,
  type KitchenLocation,
  kitchen,
  setAccepting,
  switchItem,
} from './api.js';
import type { Texts } from './i18n.js';
import { changeThenReload, type Run } from './run.js';

/** On the location's clock: the server also reads a typed `HH:MM` there (its next occurrence). */
const hhmm = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', timeZone });
const typed = (time: string) => (time === '' ? undefined : time);

function ItemRow({ l, i, t, run }: { l: KitchenLocation; i: KitchenItem; t: Texts; run: Run }) {
  const [until, setUntil] = useState('');
  return (
    <li data-item-id={i.id}>
      <span>{i.name}</span>{' '}
      <span class={i.available ? 'live' : 'offline'}>
        {i.available ? t.dishOn : i.unavailable_until ? `${t.offUntil} ${hhmm(i.unavailable_until, l.timezone)}` : t.dishOff}
      </span>{' '}
      {i.available && (
        <input
          type="time"
          class="until"
          value={until}
          aria-label={`${t.untilOptional}: ${i.name}`}
          onInput={(e) => setUntil((e.currentTarget as HTMLInputElement).value)}
        />
      )}
      <button
        type="button"
        aria-label={`${i.available ? t.switchOff : t.switchOn}: ${i.name}`}
        onClick={() => run(() => switchItem(l.location_id, i.id, !i.available, i.available ? typed(until) : undefined))}
      >
        {i.available ? t.switchOff : t.switchOn}
      </button>
    </li>
  );
}

function ClosingBox({ l, t, run, can }: { l: KitchenLocation; t: Texts; run: Run; can: boolean }) {
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  if (l.closing) {
    return (
      <p class="closing">
        <strong class="offline">
          {Date.parse(l.closing.starts_at) > Date.now() ? t.closedToday : t.closedUntil} {hhmm(l.closing.ends_at, l.timezone)}
        </strong>{' '}
        <span>{l.closing.reason}</span>{' '}
        {can && (
          <button type="button" onClick={() => run(() => endClosing(l.location_id, (l.closing as { id: string }).id))}>
            {t.reopen}
          </button>
        )}
      </p>
    );
  }
  if (!can) return null;
  return (
    <form
      class="closing"
      onSubmit={(e) => {
        e.preventDefault();
        void run(() => closeToday(l.location_id, reason, typed(until)));
      }}
    >
      <label>
        {t.closingReason}
        <input value={reason} required maxLength={500} onInput={(e) => setReason((e.currentTarget as HTMLInputElement).value)} />
      </label>
      <label>
        {t.untilOptional}
        <input type="time" value={until} onInput={(e) => setUntil((e.currentTarget as HTMLInputElement).value)} />
      </label>
      <button type="submit">{t.closeToday}</button>
    </form>
  );
}

export function Kitchen({ t, can }: { t: Texts; can: (ability: string) => boolean }) {
  const [locations, setLocations] = useState<KitchenLocation[] | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async () => setLocations(await kitchen()), []);
  useEffect(() => {
    void load().catch((err) => setError(String(err.message)));
  }, [load]);
  const run = changeThenReload(setError, load);
  if (!locations) return null;
  return (
    <section aria-label={t.kitchen}>
      <p role="status" aria-live="polite">
        {error}
      </p>
      {locations.map((l) => (
        <article key={l.location_id} class="kitchen" data-location-id={l.location_id}>
          <h2>{l.name}</h2>
          <p>
            <strong class={l.accepting_orders ? 'live' : 'offline'}>{l.accepting_orders ? t.takingOrders : t.paused}</strong>{' '}
            {can('kitchen.pause') && (
              <button type="button" onClick={() => run(() => setAccepting(l.location_id, !l.accepting_orders))}>
                {l.accepting_orders ? t.pause : t.resume}
              </button>
            )}
          </p>
          <ClosingBox l={l} t={t} run={run} can={can('kitchen.closing')} />
          <ul class="dishes">
            {l.items
              .filter((i) => i.kind !== 'option')
              .map((i) => (
                <ItemRow key={i.id} l={l} i={i} t={t} run={run} />
              ))}
          </ul>
          {l.items.some((i) => i.kind === 'option') && (
            <>
              <h3>{t.options}</h3>
              <ul class="dishes">
                {l.items
                  .filter((i) => i.kind === 'option')
                  .map((i) => (
                    <ItemRow key={i.id} l={l} i={i} t={t} run={run} />
                  ))}
              </ul>
            </>
          )}
        </article>
      ))}
    </section>
  );
}
