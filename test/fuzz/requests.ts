/** One fuzzed request for Fastify's inject: an operation of the live OpenAPI document, bent in a few places. */
import { type AuthTools, chooseAuth } from './auth.js';
import { bodyFor } from './bodies.js';
import type { MutationTools } from './mutate.js';
import type { SampleContext, Schema } from './schema.js';
import { fillPath, queryFor, type UrlTools, wildPath } from './urls.js';

export interface Operation {
  method: string;
  template: string;
  surface: 'admin' | 'public';
  query: Record<string, Schema>;
  body?: Schema;
}

/** Every operation of the app's own OpenAPI document (so a new route is fuzzed without editing this test). */
export function operationsOf(spec: any): Operation[] {
  const ops: Operation[] = [];
  // Request bodies are named components: the body itself, not the reference to it.
  const deref = (s: any) => (typeof s?.$ref === 'string' ? spec.components.requestBodies[s.$ref.split('/').pop()] : s);
  for (const [template, methods] of Object.entries<any>(spec.paths)) {
    for (const [method, op] of Object.entries<any>(methods)) {
      const query: Record<string, Schema> = {};
      for (const p of op.parameters ?? []) if (p.in === 'query') query[p.name] = p.schema ?? {};
      ops.push({
        method: method.toUpperCase(),
        template,
        surface: template.startsWith('/admin/') ? 'admin' : 'public',
        query,
        body: deref(op.requestBody)?.content?.['application/json']?.schema,
      });
    }
  }
  return ops;
}

export interface FuzzRequest {
  index: number;
  method: string;
  url: string;
  headers: Record<string, string | string[]>;
  payload?: string | Buffer;
  remoteAddress: string;
  template: string;
  tags: string[];
}

export interface Tools extends AuthTools, UrlTools, MutationTools, SampleContext {
  ops: Operation[];
  seed: number;
  /** A plausible body for an operation whose rules go beyond its schema, or undefined. */
  plausible(op: Operation): unknown;
  addresses: string[];
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND', 'SEARCH', 'PURGE'];

const CONTENT_TYPES = [
  'text/plain',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json;;;',
  'application/vnd.api+json',
  'application/merge-patch+json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json, text/plain',
  'application/xml',
  '',
  'json',
  '*/*',
];

const REQUEST_IDS = [
  'fuzz-1',
  'a'.repeat(128),
  'a'.repeat(129),
  'has space',
  'é',
  '',
  'req_',
  'SVC_x',
  'x\u0000y',
  'x\ry',
];
const SESSIONS = [
  'svc_session=1',
  'a=b; svc_session=x',
  ' svc_session =1',
  'svc_session',
  'svc_sessionx=1',
  'SVC_SESSION=1',
];

function headersFor(t: Tools, method: string, index: number, hasBody: boolean): [Record<string, string>, string[]] {
  const { rng } = t;
  const h: Record<string, string> = {};
  const tags: string[] = [];
  const set = (name: string, value: string, tag: string) => {
    h[name] = value;
    tags.push(tag);
  };
  if (hasBody) h['content-type'] = rng.chance(0.85) ? 'application/json' : rng.pick(CONTENT_TYPES);
  if (h['content-type'] !== 'application/json' && hasBody) tags.push(`ct:${h['content-type']}`);
  const wantsKey = method === 'POST' ? 0.95 : 0.05;
  if (rng.chance(wantsKey)) {
    const fresh = `fz-${t.seed}-${index}`;
    const odd = ['', ' ', 'x'.repeat(256), 'x'.repeat(255), 'ключ', 'a\tb', 'a\u0000b', `fz-${t.seed}-${index - 1}`];
    if (rng.chance(0.85)) h['idempotency-key'] = fresh;
    else set('idempotency-key', rng.chance(0.15) ? t.realKey() : rng.pick(odd), 'idempotency-key:odd');
  }
  if (rng.chance(0.2)) set('x-request-id', rng.chance(0.1) ? t.realKey() : rng.pick(REQUEST_IDS), 'request-id');
  if (rng.chance(0.04)) set('cookie', rng.pick(SESSIONS), 'cookie:session');
  if (rng.chance(0.03)) set('content-encoding', rng.pick(['gzip', 'br', 'identity', 'x-unknown']), 'content-encoding');
  if (rng.chance(0.02)) set('content-length', rng.pick(['0', '5', '-1', 'abc', '99999999999']), 'content-length');
  if (rng.chance(0.02)) set('transfer-encoding', rng.pick(['chunked', 'gzip, chunked', 'identity']), 'te');
  if (rng.chance(0.03)) set('accept', rng.pick(['text/html', 'application/xml', '*/*;q=0', '']), 'accept');
  if (rng.chance(0.02)) set('host', rng.pick(['', 'evil.example', 'a b', 'x'.repeat(300)]), 'host');
  if (rng.chance(0.02)) set('x-fuzz', rng.pick(['a\r\nb', 'a\u0000b', 'é', 'a\nx-api-key: x']), 'header:control');
  if (rng.chance(0.01)) {
    for (let i = 0; i < 200; i++) h[`x-fuzz-${i}`] = 'y'.repeat(50);
    tags.push('header:many');
  }
  return [h, tags];
}

export function nextRequest(t: Tools, index: number): FuzzRequest {
  const { rng } = t;
  let op = rng.pick(t.ops);
  let method = op.method;
  const tags: string[] = [];
  let path: string;
  const roll = rng.next();
  if (roll < 0.06) {
    path = wildPath(
      t,
      t.ops.map((o) => o.template),
    );
    method = rng.pick(METHODS);
    op = { ...op, template: 'wild', query: {}, body: method === 'GET' ? undefined : op.body };
    tags.push('path:wild');
  } else {
    const filled = fillPath(t, op.template);
    path = filled.path;
    if (filled.tag) tags.push(filled.tag);
    if (roll < 0.14) {
      method = rng.pick(METHODS);
      tags.push(`method:${method}`);
    }
  }
  const auth = chooseAuth(t, op.surface);
  tags.push(auth.tag);
  const body = bodyFor(t, t, method === 'GET' || method === 'HEAD' ? undefined : op.body, t.plausible(op));
  if (body) tags.push(body.tag);
  const [headers, headerTags] = headersFor(t, method, index, body !== undefined);
  tags.push(...headerTags);
  return {
    index,
    method,
    url: path + queryFor(t, op.query, auth.query),
    headers: { ...headers, ...auth.headers },
    payload: body?.payload,
    remoteAddress: rng.pick(t.addresses),
    template: `${op.method === method ? '' : `${method}→`}${op.method} ${op.template}`,
    tags,
  };
}
