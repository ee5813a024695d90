/** How a failure is named (so one cause is one line of the summary) and reproduced. */
import type { Answer } from './checks.js';
import type { FuzzRequest } from './requests.js';

/** The deepest nesting of arrays and objects in a JSON text (strings skipped). */
export function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) max = Math.max(max, ++depth);
    else if (c === 93 || c === 125) depth--;
  }
  return max;
}

/** What most likely set the request apart: deep nesting, or else its route. */
export function triggerOf(req: FuzzRequest): string {
  const payload = req.payload === undefined ? '' : String(req.payload);
  const depth = nestingDepth(payload);
  if (depth >= 5000) return 'JSON nested ≥ 5000 levels';
  if (depth >= 1000) return 'JSON nested 1000–4999 levels';
  return req.template;
}

/** The problems of one answer without their details, so that equal answers group. */
export function kindOf(problems: string[], trigger: string): string {
  return `${problems.map((p) => p.replace(/:.*$/s, '')).join(' + ')} — ${trigger}`;
}

const short = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);

export function reproducer(seed: number, req: FuzzRequest, a: Answer): string {
  const headers = Object.entries(req.headers).map(([k, v]) => `${k}: ${short(JSON.stringify(v), 60)}`);
  const body = req.payload === undefined ? '' : ` body=${short(JSON.stringify(String(req.payload)), 160)}`;
  return (
    `seed ${seed} #${req.index} ${req.method} ${short(JSON.stringify(req.url), 160)} {${headers.join('; ')}}${body}` +
    ` [${req.tags.join(' | ')}] → ${a.status} ${short(a.body, 200)}`
  );
}

export function rawReproducer(name: string, sent: Buffer, received: Buffer): string {
  const text = (b: Buffer) => short(JSON.stringify(b.toString('latin1')), 160);
  return `raw "${name}": ${text(sent)} → ${text(received)}`;
}
