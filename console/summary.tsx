/** The day's summary (docs/console.md): today so far at each location, read again every 30 seconds. */
import { useEffect, useState } from 'preact/hooks';
import { type DaySummary, type Money, summary } from './api.js';
import type { Lang, Texts } from './i18n.js';

const REFRESH_MS = 30_000;

export function Summary({ t, lang }: { t: Texts; lang: Lang }) {
  const [data, setData] = useState<DaySummary[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const load = () =>
      summary()
        .then((d) => {
          setData(d);
          setError('');
        })
        .catch((err) => setError(String(err.message)));
    void load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const money = (m: Money) =>
    new Intl.NumberFormat(lang, { style: 'currency', currency: m.currency }).format(m.amount / 100);
  return (
    <section aria-label={t.summary}>
      <p role="status" aria-live="polite">
        {error}
      </p>
      {data?.map((s) => (
        <article key={s.location_id} class="kitchen summary" data-location-id={s.location_id}>
          <h2>
            {s.name} · {t.summaryOf} ({new Date(`${s.date}T12:00:00`).toLocaleDateString(lang)})
          </h2>
          <dl>
            {(
              [
                [t.ordersCount, String(s.orders), 'orders'],
                [t.itemsSold, String(s.items_sold), 'items'],
                [t.sales, money(s.order_value), 'order-value'],
                [t.paid, money(s.paid), 'paid'],
                [t.refunded, money(s.refunded), 'refunded'],
                [t.platformFees, money(s.platform_fees), 'fees'],
                [t.notCounted, String(s.not_counted), 'not-counted'],
              ] as const
            ).map(([label, value, key]) => (
              <div key={key} data-figure={key}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <h3>{t.topProducts}</h3>
          {s.top_products.length === 0 ? (
            <p>{t.noSales}</p>
          ) : (
            <ol class="top">
              {s.top_products.map((p) => (
                <li key={p.name}>
                  {p.quantity} × {p.name}
                </li>
              ))}
            </ol>
          )}
        </article>
      ))}
    </section>
  );
}
