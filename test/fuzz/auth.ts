/** Who a fuzzed request claims to be: the right key, the wrong one, a broken one, or a key in the wrong place. */
import type { KeyPool, KeyWatch, Role } from './keys.js';
import type { Rng } from './random.js';

export interface Auth {
  headers: Record<string, string | string[]>;
  /** Query parameters to add (a key sent in the query string). */
  query: string[];
  tag: string;
}

export interface AuthTools {
  rng: Rng;
  pool: KeyPool;
  watch: KeyWatch;
  revokedKey: string;
}

/** A key-shaped or key-derived value that is not a valid key; watched, since it is what a caller sent as a key. */
function brokenKey({ rng, pool, watch, revokedKey }: AuthTools): [string, string] {
  const real = pool.use(rng.pick<Role>(['admin', 'org', 'location']));
  const body = real.replace(/^svc_(?:org|admin)_/, '');
  const [tag, value] = rng.pick<[string, string]>([
    ['unknown-org', `svc_org_${rng.chars(40)}`],
    ['unknown-admin', `svc_admin_${rng.chars(40)}`],
    ['too-short', `svc_org_${rng.chars(31)}`],
    ['too-long', `svc_org_${rng.chars(rng.pick([129, 5000]))}`],
    ['symbols', `svc_org_${rng.chars(20)}!@#$%^&*()${rng.chars(20)}`],
    ['truncated', real.slice(0, real.length - rng.between(1, 30))],
    ['extended', `${real}${rng.chars(1)}`],
    ['upper-prefix', real.replace(/^svc_/, 'SVC_')],
    ['swapped-prefix', real.startsWith('svc_admin_') ? `svc_org_${body}` : `svc_admin_${body}`],
    ['body-only', body],
    ['padded', `  ${real}\t`],
    ['nul', `${real}\u0000`],
    ['latin1', `${real.slice(0, 20)}é${real.slice(21)}`],
    ['bearer', `Bearer ${real}`],
    ['revoked', revokedKey],
    ['empty', ''],
    ['nonsense', rng.pick(['nope', 'null', 'undefined', '*', 'svc_', 'svc_org_', 'svc_session'])],
  ]);
  if (/svc_/i.test(value)) watch.add(value, `broken key (${tag})`);
  return [tag, value];
}

const RIGHT: Record<'admin' | 'public', readonly (readonly [number, Role])[]> = {
  admin: [[1, 'admin']],
  public: [
    [6, 'org'],
    [3, 'location'],
    [1, 'limited'],
  ],
};

export function chooseAuth(tools: AuthTools, surface: 'admin' | 'public'): Auth {
  const { rng, pool } = tools;
  const key = (role: Role) => ({ 'x-api-key': pool.use(role) });
  const mode = rng.weighted<string>([
    [70, 'right'],
    [8, 'broken'],
    [4, 'none'],
    [4, 'other-surface'],
    [3, 'foreign'],
    [2, 'duplicate'],
    [3, 'query'],
    [2, 'authorization'],
    [2, 'cookie'],
    [2, 'lowercase-header'],
  ]);
  switch (mode) {
    case 'right':
      return { headers: key(rng.weighted(RIGHT[surface])), query: [], tag: 'key:right' };
    case 'broken': {
      const [tag, value] = brokenKey(tools);
      return { headers: { 'x-api-key': value }, query: [], tag: `key:${tag}` };
    }
    case 'none':
      return { headers: {}, query: [], tag: 'key:none' };
    case 'other-surface':
      return { headers: key(surface === 'admin' ? 'org' : 'admin'), query: [], tag: 'key:other-surface' };
    case 'foreign':
      return { headers: key('foreign'), query: [], tag: 'key:foreign' };
    case 'duplicate':
      return {
        headers: { 'x-api-key': [pool.use(surface === 'admin' ? 'admin' : 'org'), brokenKey(tools)[1]] },
        query: [],
        tag: 'key:duplicate-header',
      };
    case 'query': {
      const name = rng.pick(['x-api-key', 'api_key', 'key']);
      const withHeader = rng.chance(0.5) ? key(surface === 'admin' ? 'admin' : 'org') : {};
      return { headers: withHeader, query: [`${name}=${pool.use('org')}`], tag: 'key:in-query' };
    }
    case 'authorization':
      return { headers: { authorization: `Bearer ${pool.use('admin')}` }, query: [], tag: 'key:authorization' };
    case 'cookie':
      return { headers: { cookie: `svc_key=${pool.use('org')}` }, query: [], tag: 'key:in-cookie' };
    default:
      return { headers: { 'X-API-KEY': pool.use(surface === 'admin' ? 'admin' : 'org') }, query: [], tag: 'key:upper' };
  }
}
