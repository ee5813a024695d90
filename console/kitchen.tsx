/** The kitchen's switches (docs/console.md): pause or resume taking orders, switch dishes off and on. */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { type KitchenLocation, kitchen, setAccepting, switchItem } from './api.js';
import type { Texts } from './i18n.js';

export function Kitchen({ t, can }: { t: Texts; can: (ability: string) => boolean }) {
  const [locations, setLocations] = useState<KitchenLocation[] | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async () => setLocations(await kitchen()), []);
  useEffect(() => {
    void load().catch((err) => setError(String(err.message)));
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
          <ul class="dishes">
            {l.products.map((p) => (
              <li key={p.id} data-item-id={p.id}>
                <span>{p.name}</span> <span class={p.available ? 'live' : 'offline'}>{p.available ? t.dishOn : t.dishOff}</span>{' '}
                <button
                  type="button"
                  aria-label={`${p.available ? t.switchOff : t.switchOn}: ${p.name}`}
                  onClick={() => run(() => switchItem(l.location_id, p.id, !p.available))}
                >
                  {p.available ? t.switchOff : t.switchOn}
                </button>
              </li>
            ))}
          </ul>
        </article>
      ))}
    </section>
  );
}
