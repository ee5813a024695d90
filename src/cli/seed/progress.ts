/** A one-line progress bar on stderr and the closing summary table. */
import type { Summary } from './index.js';

const duration = (s: number) =>
  !Number.isFinite(s) ? '--:--' : `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

export function progressBar(stream: NodeJS.WriteStream = process.stderr) {
  const began = performance.now();
  let lastDraw = 0;
  return (done: number, total: number) => {
    const t = performance.now();
    if (done < total && t - lastDraw < 100) return;
    lastDraw = t;
    const elapsed = (t - began) / 1000;
    const rate = done / Math.max(elapsed, 1e-3);
    const ratio = total === 0 ? 1 : done / total;
    const width = 30;
    const filled = Math.round(ratio * width);
    const bar = '█'.repeat(filled) + '░'.repeat(width - filled);
    const line = `${bar} ${(ratio * 100).toFixed(1).padStart(5)}%  ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} orders  ${Math.round(rate).toLocaleString('en-US')} orders/s  ETA ${duration((total - done) / rate)}`;
    stream.write(`\r${line}\x1b[K${done >= total ? '\n' : ''}`);
  };
}

export function summaryTable(s: Summary): string {
  const rows: [string, string][] = [
    ['organizations', String(s.organizations.length)],
    ['locations', `${s.locations.length} (${s.locations.filter((l) => l.organization_id === null).length} standalone)`],
    ['special closings', String(s.special_closings)],
    ['orders', s.orders.toLocaleString('en-US')],
    ['status history rows', s.status_history_rows.toLocaleString('en-US')],
    ['order product rows', s.order_product_rows.toLocaleString('en-US')],
    ['period', `${s.from} – ${s.to}`],
    ['elapsed', `${(s.elapsed_ms / 1000).toFixed(1)} s`],
    ['orders/s', s.orders_per_second.toLocaleString('en-US')],
  ];
  const w = Math.max(...rows.map(([k]) => k.length));
  const v = Math.max(...rows.map(([, x]) => x.length));
  const line = `+-${'-'.repeat(w)}-+-${'-'.repeat(v)}-+`;
  return [line, ...rows.map(([k, x]) => `| ${k.padEnd(w)} | ${x.padEnd(v)} |`), line].join('\n');
}

export function locationTable(s: Summary): string {
  return s.locations
    .map((l) => `  ${l.id}  ${l.currency}  ${String(l.orders).padStart(8)} orders  ${l.name}`)
    .join('\n');
}
