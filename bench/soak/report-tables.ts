/** The soak report's detail tables: responses by kind, faults, and the servers that died. */
import type { Fault, Run } from './run.js';

export const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const n = (x: number) => x.toLocaleString('en');

/** From the fault's end to the first successful write on each server, or undefined when none came. */
export function recoveries(run: Run, f: Fault): (number | undefined)[] {
  return run.nodes.map((node) => {
    if (f.end === undefined) return undefined;
    const first = run.attempts.find((a) => a.server === node.index && a.write && a.ok && a.t + a.ms >= (f.end ?? 0));
    return first ? Math.max(0, first.t + first.ms - f.end) : undefined;
  });
}

export function kindsTable(run: Run): string[] {
  const kinds = new Map<string, number[]>();
  for (const a of run.attempts) {
    const row = kinds.get(a.kind) ?? run.nodes.map(() => 0);
    row[a.server]++;
    kinds.set(a.kind, row);
  }
  const rows = [...kinds].sort((a, b) => b[1].reduce((x, y) => x + y) - a[1].reduce((x, y) => x + y));
  return [
    `| response | ${run.nodes.map((x) => x.name).join(' | ')} | total |`,
    `|---|${run.nodes.map(() => '---:|').join('')}---:|`,
    ...rows.map(([k, r]) => `| ${k} | ${r.map(n).join(' | ')} | ${n(r.reduce((x, y) => x + y))} |`),
  ];
}

export function faultDetail(run: Run): string[] {
  return run.faults.map((f) => {
    const rec = recoveries(run, f).filter((r): r is number => r !== undefined);
    const until = (f.end ?? f.start ?? 0) + (rec.length ? Math.max(...rec) : 0);
    const failed = run.attempts.filter((a) => !a.ok && a.t + a.ms >= (f.start ?? 0) && a.t <= until).length;
    const took = f.start !== undefined && f.end !== undefined ? s(f.end - f.start) : 'did not finish';
    return `| ${f.name} | ${f.start === undefined ? '–' : s(f.start)} | ${took} | ${n(failed)} | ${f.detail ?? ''} |`;
  });
}

export function deaths(run: Run): string[] {
  const all = run.nodes.flatMap((x) => x.deaths.map((d) => ({ node: x.name, ...d })));
  if (all.length === 0) return [];
  return [
    '',
    'Server deaths (the last lines each process wrote):',
    '',
    ...all.flatMap((d) => [
      `- ${d.node} at ${s(d.t)}, exit ${d.exit}:`,
      '',
      '  ```',
      ...d.tail.split('\n').map((l) => `  ${l}`),
      '  ```',
    ]),
  ];
}
