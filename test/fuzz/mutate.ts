/** Mutations of a plausible JSON body: each one breaks a single thing somewhere in it. */
import type { Rng } from './random.js';
import { NASTY_STRINGS, nastyValue, ODD_NAMES, raw } from './values.js';

type Json = any;
type Path = (string | number)[];

/** Sets an own property, `__proto__` included, without touching the prototype chain. */
export function setOwn(target: Record<string | number, unknown>, key: string | number, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function paths(value: Json, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (value !== null && typeof value === 'object' && at.length < 8) {
    // The first few items of a long array are as good a target as any.
    for (const [k, v] of Object.entries(value).slice(0, 20))
      paths(v, [...at, Array.isArray(value) ? Number(k) : k], out);
  }
  return out;
}

/** Nested arrays or objects `depth` levels deep around `inner`. */
export function nest(depth: number, inner: Json, kind: 'array' | 'object'): Json {
  let v = inner;
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}

function hugeArray(rng: Rng): Json[] {
  const n = rng.pick([1000, 10_000, 100_000]);
  const item = rng.pick<Json>([0, 'x', null, {}, { name: 'x' }]);
  return new Array(n).fill(item);
}

/** What replaces one value of the body, and a word for it. */
function replacement(rng: Rng, bait: () => string): [Json, string] {
  return rng.weighted<() => [Json, string]>([
    [6, () => [nastyValue(rng), 'nasty']],
    [
      2,
      () => {
        const depth = rng.between(2, 300);
        return [nest(depth, rng.pick([1, 'x', null]), rng.pick(['array', 'object'] as const)), `deep ${depth}`];
      },
    ],
    [1, () => [hugeArray(rng), 'huge array']],
    [1, () => [rng.pick(NASTY_STRINGS) + 'z'.repeat(rng.pick([1000, 100_000])), 'long string']],
    [1, () => [bait(), 'bait key']],
    [1, () => [raw(rng.pick(['1e999', '-0', '1.0', '18446744073709551617'])), 'raw number']],
  ])();
}

export interface MutationTools {
  rng: Rng;
  /** A key-like secret allowed back in a 2xx body (stored caller data), never in an error or a log. */
  bait(): string;
  /** A real key secret that must never come back anywhere. */
  realKey(): string;
}

/** Applies one mutation in place (on a copy) and says which. */
export function mutate(body: Json, tools: MutationTools): { body: Json; what: string } {
  const { rng } = tools;
  // Through JSON, not structuredClone: a huge array's items share one object, and a mutation of one
  // would otherwise change them all (100,000 long strings at once).
  const copy = JSON.parse(JSON.stringify(body));
  const all = paths(copy);
  const at = rng.pick(all);
  if (at.length === 0) {
    const [value, word] = replacement(rng, tools.bait);
    return { body: value, what: `body = ${word}` };
  }
  const parent = at.slice(0, -1).reduce((v: Json, k) => v[k], copy);
  const key = at[at.length - 1];
  const where = at.join('.');
  const kind = rng.weighted<string>([
    [5, 'replace'],
    [2, 'delete'],
    [2, 'extra'],
    [1, 'key-name'],
    [1, 'key-value'],
  ]);
  if (kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
    return { body: copy, what: `delete ${where}` };
  }
  if (kind === 'extra' || kind === 'key-name' || kind === 'key-value') {
    const target = parent !== null && typeof parent === 'object' && !Array.isArray(parent) ? parent : copy;
    if (target === null || typeof target !== 'object' || Array.isArray(target)) return { body: copy, what: 'noop' };
    // A real key as an unknown field's name or value: an error may name the field, never show the key.
    const name = kind === 'key-name' ? tools.realKey() : kind === 'key-value' ? 'api_key' : rng.pick(ODD_NAMES);
    setOwn(target, name, kind === 'key-value' ? tools.realKey() : nastyValue(rng));
    return { body: copy, what: `${kind} ${JSON.stringify(name).slice(0, 40)}` };
  }
  const [value, word] = replacement(rng, tools.bait);
  setOwn(parent, key, value);
  return { body: copy, what: `${where} = ${word}` };
}
