/** The rules every response obeys, however bad the request, and a compact record of the ones broken. */
import { ERROR_STATUS } from '../../src/domain/errors.js';
import type { KeyWatch } from './keys.js';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

const SAFE_CALLER_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const FRESH_ID = /^req_[A-Za-z0-9]+$/;

/** The x-request-id the server should answer with for what the caller sent. */
function expectedRequestId(sent: string | string[] | undefined): string | RegExp {
  const value = Array.isArray(sent) ? sent.join(', ') : sent;
  if (value !== undefined && SAFE_CALLER_ID.test(value) && !/svc_/i.test(value)) return value;
  return FRESH_ID;
}

/**
 * The broken rules, each as `kind: detail`; empty when the answer is right. `sentRequestId` is the
 * request's x-request-id (omit it to skip the echo check, for raw requests the test did not parse).
 */
export function checkAnswer(
  a: Answer,
  watch: KeyWatch,
  opts: { head?: boolean; sentRequestId?: string | string[] | null } = {},
): string[] {
  const broken: string[] = [];
  if (a.status >= 500) broken.push(`status ${a.status}`);
  else if (a.status < 200 || (a.status >= 300 && a.status < 400)) broken.push(`unexpected status ${a.status}`);
  const rid = a.headers['x-request-id'];
  if (typeof rid !== 'string' || rid === '') broken.push('no X-Request-Id');
  else if (opts.sentRequestId !== null) {
    const want = expectedRequestId(opts.sentRequestId);
    if (typeof want === 'string' ? rid !== want : !want.test(rid)) broken.push(`X-Request-Id not as sent: ${rid}`);
  }
  if (a.headers['x-ratelimit-limit'] === undefined) broken.push('no X-RateLimit-* headers');
  if (!opts.head && a.status >= 400) broken.push(...envelopeProblems(a, rid));
  if (!opts.head && a.status < 300 && a.body !== '' && !parses(a.body)) broken.push('2xx body is not JSON');
  const inBody = watch.find(a.body, a.status < 300);
  if (inBody) broken.push(`key part in ${a.status < 300 ? '2xx' : 'error'} body: ${inBody}`);
  for (const [name, value] of Object.entries(a.headers)) {
    const found = watch.find(String(value), false);
    if (found) broken.push(`key part in header ${name}: ${found}`);
  }
  return broken;
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function envelopeProblems(a: Answer, rid: unknown): string[] {
  let body: any;
  try {
    body = JSON.parse(a.body);
  } catch {
    return [`error body is not JSON: ${a.body.slice(0, 80)}`];
  }
  const e = body?.error;
  if (!e || typeof e !== 'object' || Object.keys(body).length !== 1) {
    return [`error body is no envelope: ${a.body.slice(0, 80)}`];
  }
  const broken: string[] = [];
  for (const field of ['type', 'code', 'message', 'request_id']) {
    if (typeof e[field] !== 'string') broken.push(`error.${field} missing`);
  }
  const mapped = ERROR_STATUS[e.type as keyof typeof ERROR_STATUS];
  if (typeof e.type === 'string' && mapped !== a.status) broken.push(`type ${e.type} on status ${a.status}`);
  if (typeof e.request_id === 'string' && e.request_id !== rid) broken.push('error.request_id ≠ X-Request-Id');
  if (e.param !== undefined && typeof e.param !== 'string') broken.push('error.param not a string');
  if (!/^application\/json/.test(String(a.headers['content-type']))) broken.push('error without JSON content type');
  return broken;
}

/** Failures grouped by kind, each with how often it happened and the first few reproducers. */
export class Findings {
  private readonly kinds = new Map<string, { count: number; examples: string[] }>();
  total = 0;

  add(kind: string, reproducer: string) {
    this.total++;
    const entry = this.kinds.get(kind) ?? { count: 0, examples: [] };
    entry.count++;
    if (entry.examples.length < 1) entry.examples.push(reproducer);
    this.kinds.set(kind, entry);
  }

  get size() {
    return this.kinds.size;
  }

  summary(limit = 40): string {
    const sorted = [...this.kinds].sort((a, b) => b[1].count - a[1].count);
    const lines = sorted.slice(0, limit).map(([kind, { count, examples }]) => {
      return [`• ${kind} ×${count}`, ...examples.map((e) => `    ${e}`)].join('\n');
    });
    if (sorted.length > limit) lines.push(`… and ${sorted.length - limit} more kinds`);
    return `${this.total} failures in ${sorted.length} kinds:\n${lines.join('\n')}`;
  }
}
