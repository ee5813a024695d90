/** Paths and query strings: real ids, wrong ids, broken percent-encoding, repeated and array parameters. */
import type { Rng } from './random.js';
import { type Schema, sample } from './schema.js';
import { NASTY_STRINGS } from './values.js';

/** encodeURIComponent, except that a lone surrogate (which it refuses) becomes its CESU-8 bytes. */
export function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return s
      .split('')
      .map((c) => (/[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c)))
      .join('');
  }
}

const BAD_ESCAPES = ['%', '%G1', '%C0%80', '%ED%A0%80', '%FF', '%00', '%E2%82', '%25', '%2F', '%5C', '%0D%0A', '+'];

export interface UrlTools {
  rng: Rng;
  ids: Record<string, string[]>;
  foreign: Record<string, string[] | undefined>;
  /** A real key secret (watched): a caller who pasted the key into the URL. */
  realKey(): string;
}

function badId(tools: UrlTools, name: string): string {
  const { rng, ids } = tools;
  const real = rng.pick(ids[name] ?? ['org_x']);
  const otherKind = rng.pick(Object.values(ids).flat());
  return rng.pick([
    '',
    ' ',
    'x'.repeat(5000),
    rng.pick(BAD_ESCAPES),
    `${real}${rng.pick(BAD_ESCAPES)}`,
    '..',
    '.',
    '..%2F..',
    'loc_%27%3B--',
    real.toUpperCase(),
    `${real}x`,
    real.slice(0, -1),
    otherKind,
    enc(rng.pick(NASTY_STRINGS)),
    tools.realKey(),
    'null',
    '-1',
    '1e999',
    '*',
    'a/b',
    '%C3%A9%F0%9F%8D%95',
  ]);
}

/** The template with every `{param}` filled: mostly real in-scope ids, some foreign or broken ones. */
export function fillPath(tools: UrlTools, template: string): { path: string; tag?: string } {
  let tag: string | undefined;
  const path = template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const roll = tools.rng.next();
    if (roll < 0.75) return tools.rng.pick(tools.ids[name] ?? ['x']);
    const foreign = tools.foreign[name];
    if (roll < 0.83 && foreign) {
      tag = `path:foreign-${name}`;
      return tools.rng.pick(foreign);
    }
    tag = `path:bad-${name}`;
    return badId(tools, name);
  });
  return { path, tag };
}

/** Paths no route has, or nearly has. */
export function wildPath(tools: UrlTools, known: string[]): string {
  const { rng } = tools;
  const base = fillPath(tools, rng.pick(known)).path;
  return rng.pick([
    '/',
    '/v1',
    '/admin/v1',
    '/v2/locations',
    '/admin',
    '/admin/v1/',
    '*',
    `//${base.slice(1)}`,
    `${base}/`,
    `${base}//`,
    base.toUpperCase(),
    `${base}/extra`,
    `${base}/..`,
    `${base}/%2e%2e/%2e%2e`,
    `${base};jsessionid=1`,
    `${base}#fragment`,
    `${base}${rng.pick(BAD_ESCAPES)}`,
    `/${'a/'.repeat(2000)}`,
    `/v1/${'x'.repeat(20_000)}`,
    `/v1/locations/${enc('\u202e🍕')}`,
    `/v1/locations/\u00e9`,
    `/admin/v1/api_keys/${tools.realKey()}`,
    `/v1/${tools.realKey()}`,
  ]);
}

/** A plausible value of a query parameter, as its schema allows. */
function plausible(tools: UrlTools, name: string, schema: Schema): string {
  if (name === 'starting_after' || name === 'ending_before') {
    return tools.rng.pick(Object.values(tools.ids).flat());
  }
  const value = sample(schema, { rng: tools.rng, idFor: () => undefined }, name);
  return enc(Array.isArray(value) ? String(value[0] ?? 'locations') : String(value));
}

const HOSTILE_QUERY = (tools: UrlTools, names: string[]): string[] => {
  const { rng } = tools;
  const name = names.length > 0 ? rng.pick(names) : 'limit';
  return rng.pick([
    [`${name}=${enc(rng.pick(NASTY_STRINGS))}`],
    [`limit=${rng.pick(['0', '-1', '101', '1e2', '1.5', '', 'NaN', '99999999999999999999', '%205', '0x10', '5abc'])}`],
    [`${name}=1`, `${name}=2`],
    [`${name}[]=1`],
    ['expand[]=locations', 'expand[]=locations'],
    ['expand[]='],
    ['expand[0]=locations'],
    ['expand[][]=locations'],
    ['expand[]=%00'],
    ['expand=locations,locations'],
    ['expand[]=LOCATIONS', 'expand=locations'],
    [`expand[]=${'x'.repeat(3000)}`],
    ['starting_after=x', 'ending_before=y'],
    [`starting_after=${rng.pick(['', 'x'.repeat(65), 'org_00000000000000000000000000', '%00'])}`],
    [`created_after=${enc(rng.pick(['2026-13-45', 'yesterday', '0000-01-01T00:00:00Z', '2026-06-30T23:59:60Z']))}`],
    ['from=2027-01-01', 'to=2026-01-01'],
    ['from=2020-01-01T00:00:00Z', 'to=2026-01-01T00:00:00Z'],
    ['unknown=1'],
    ['__proto__=1'],
    ['constructor[prototype][polluted]=1'],
    [`${rng.pick(BAD_ESCAPES)}=${rng.pick(BAD_ESCAPES)}`],
    [`li%6Dit=${rng.pick(['5', '%'])}`],
    ['&&&', '=', '=x', 'x='],
    ['limit=5;limit=6'],
    [`${'q'.repeat(10_000)}=1`],
    [`${name}=${tools.realKey()}`],
  ]);
};

/** A query string (with its `?`) for an operation that takes the parameters `params`. */
export function queryFor(tools: UrlTools, params: Record<string, Schema>, extra: string[]): string {
  const { rng } = tools;
  const names = Object.keys(params);
  const parts: string[] = [];
  for (const name of names) if (rng.chance(0.25)) parts.push(`${name}=${plausible(tools, name, params[name])}`);
  if (rng.chance(0.3)) parts.push(...HOSTILE_QUERY(tools, names));
  parts.push(...extra);
  return parts.length > 0 ? `?${parts.join('&')}` : rng.chance(0.05) ? '?' : '';
}
