/** The soak's figures, as Markdown: printed at the end and kept in bench/results/soak.md. */

import type { Node } from './fleet.js';
import { deaths, faultDetail, kindsTable, n, recoveries, s } from './report-tables.js';
import type { Run } from './run.js';

export type { Fault, Run } from './run.js';

const RECOVERY_GOAL_S = 5;
const mb = (kb?: number) => (kb ? `${(kb / 1024).toFixed(0)} MB` : '–');

function pct(xs: number[], p: number): string {
  if (xs.length === 0) return '–';
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))].toFixed(0);
}

function faultRows(run: Run, goals: string[]): string[] {
  return run.faults.map((f) => {
    const rec = recoveries(run, f);
    const text = rec.map((r, i) => `${run.nodes[i].name} ${r === undefined ? 'never' : s(r)}`).join(', ');
    if (rec.some((r) => r === undefined || r > RECOVERY_GOAL_S * 1000)) goals.push(`recovery after ${f.name}`);
    return `| recovery after ${f.name} at ${Math.round(f.at * 100)} % | ${text} | < ${RECOVERY_GOAL_S} s |`;
  });
}

function survival(node: Node): string {
  if (node.deaths.length === 0) return `${node.name}: yes`;
  const back = node.deaths.map((d) => `${s(d.t)}${d.back ? ` (back at ${s(d.back)})` : ''}`).join(', ');
  return `${node.name}: **no**, died ${node.deaths.length}× at ${back}`;
}

export function render(run: Run): { markdown: string; goalsMissed: string[] } {
  const { workload: w, verdict: v, attempts } = run;
  const goals: string[] = [];
  const ops = [...w.ops.values()].reduce(
    (t, o) => ({ ok: t.ok + o.ok, failed: t.failed + o.failed, gaveUp: t.gaveUp + o.gaveUp }),
    { ok: 0, failed: 0, gaveUp: 0 },
  );
  const lost = v.lostCreates.length + v.lostStatusMoves.length;
  if (lost > 0) goals.push('lost acknowledged writes');
  if (v.duplicates.length > 0) goals.push('duplicates');
  if (run.nodes.some((x) => x.deaths.length > 0)) goals.push('server processes survive');
  const okMs = (write: boolean) => attempts.filter((a) => a.ok && a.write === write).map((a) => a.ms);
  const lat = (write: boolean) => `${pct(okMs(write), 0.5)} / ${pct(okMs(write), 0.95)} / ${pct(okMs(write), 0.99)}`;
  const faults = faultRows(run, goals);
  const lines = [
    `${new Date().toISOString().slice(0, 10)}. ${run.machine}`,
    '',
    '```',
    run.command,
    '```',
    '',
    `${run.minutes} min of load (${s(run.loadMs)}), paced at ${run.rate} requests/s with at most ${run.concurrency} ` +
      `operations in flight, over ${run.nodes.length} server processes.`,
    '',
    '| figure | value | goal |',
    '|---|---|---|',
    `| HTTP requests (every attempt) | ${n(attempts.length)} (${(attempts.length / (run.loadMs / 1000)).toFixed(1)}/s) | |`,
    `| operations: ok / failed / given up | ${n(ops.ok)} / ${n(ops.failed)} / ${n(ops.gaveUp)} | |`,
    `| network errors | ${n(attempts.filter((a) => a.kind.startsWith('network')).length)} | |`,
    `| 5xx responses | ${n(attempts.filter((a) => /^5\d\d/.test(a.kind)).length)} | |`,
    `| acknowledged: orders, special closings, status moves | ${n(v.acked.orders)}, ${n(v.acked.closings)}, ${n(v.acked.statusMoves)} | |`,
    `| lost acknowledged writes | ${lost} | 0 |`,
    `| duplicates | ${v.duplicates.length} | 0 |`,
    ...faults,
    ...run.nodes.map(
      (x) =>
        `| RSS ${x.name}: start → end (peak) | ${mb(x.rssStartKb)} → ${mb(x.rssEndKb)}` +
        `${x.deaths.length ? ' (of its replacement)' : ''} (${mb(x.rssPeakKb)}) | |`,
    ),
    `| server processes survived | ${run.nodes.map(survival).join('; ')} | all |`,
    `| clean SIGTERM exit at the end | ${run.nodes.map((x) => `${x.name}: ${x.finalExit ?? '–'}`).join(', ')} | 0 |`,
    `| latency of ok reads, ms p50 / p95 / p99 | ${lat(false)} | |`,
    `| latency of ok writes, ms p50 / p95 / p99 | ${lat(true)} | |`,
    '',
    `Goals: ${goals.length === 0 ? 'all met' : `missed: ${goals.join(', ')}`}.`,
    '',
    '| fault | at | took | failed requests until both servers recovered | notes |',
    '|---|---:|---:|---:|---|',
    ...faultDetail(run),
    '',
    ...kindsTable(run),
    '',
    '| operation | ok | failed | given up |',
    '|---|---:|---:|---:|',
    ...[...w.ops].map(([k, o]) => `| ${k} | ${n(o.ok)} | ${n(o.failed)} | ${n(o.gaveUp)} |`),
    '',
    `Database at the end: ${n(v.rows.orders)} soak orders, ${n(v.rows.closings)} special closings; ` +
      `${v.storedUnacked} unacknowledged creates were stored anyway (their key protects a retry).`,
    `Late retry of the ${[...v.reconcile.values()].reduce((a, b) => a + b, 0)} creates never acknowledged: ` +
      ([...v.reconcile].map(([k, c]) => `${k} ${c}`).join(', ') || 'none') +
      '.',
    ...[...w.anomalies].map(([k, c]) => `- ${k}: ${c}`),
    ...v.lostCreates.slice(0, 10).map((id) => `- lost: ${id}`),
    ...v.lostStatusMoves.slice(0, 10).map((id) => `- lost status move: ${id}`),
    ...v.duplicates.slice(0, 10).map((k) => `- duplicate: ${k}`),
    ...deaths(run),
  ];
  return { markdown: lines.join('\n'), goalsMissed: goals };
}
