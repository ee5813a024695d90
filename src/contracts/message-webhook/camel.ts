/**
 * The message webhook speaks camelCase (spec "Events"); the REST API speaks snake_case. One schema
 * describes each resource: the webhook's schemas are the REST schemas with camelCase property names,
 * and data crosses between the two guided by the schema. Keys of maps (`additionalProperties`, weekday
 * names, ids) are data, not names, and are kept as they are.
 */
import type { TSchema } from '@sinclair/typebox';

export const camelName = (snake: string) => snake.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

type Json = Record<string, any>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The same schema with every declared property (and `required`, and a discriminator) renamed to camelCase. */
export function camelSchema<T extends TSchema>(schema: T): T {
  return rename(schema) as T;
}

function rename(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(rename);
  if (!isObject(s)) return s;
  const out: Json = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'properties' && isObject(v)) {
      out[k] = Object.fromEntries(Object.entries(v).map(([name, p]) => [camelName(name), rename(p)]));
    } else if (k === 'required' && Array.isArray(v)) out[k] = v.map((n: string) => camelName(n));
    else if (k === 'discriminator' && isObject(v)) out[k] = { ...v, propertyName: camelName(v.propertyName) };
    else if (k === '$id')
      continue; // a renamed copy is another schema; it must not claim the original's id
    else out[k] = rename(v);
  }
  // TypeBox keeps its kind on a symbol, which Object.entries skips.
  for (const sym of Object.getOwnPropertySymbols(s)) out[sym as unknown as string] = (s as any)[sym];
  return out;
}

/** A union's object branches, each with its constant tags under both names (worked out once per union). */
const unions = new WeakMap<Json[], Array<{ branch: Json; tags: Array<[string, string, unknown]> }>>();

function objectBranches(branches: Json[]) {
  let found = unions.get(branches);
  if (!found) {
    found = branches
      .filter((b) => b.type === 'object' || b.properties || b.oneOf || b.anyOf)
      .map((branch) => ({
        branch,
        tags: Object.entries((branch.properties ?? {}) as Json)
          .filter(([, p]) => isObject(p) && 'const' in p)
          .map(([k, p]) => [k, camelName(k), (p as Json).const] as [string, string, unknown]),
      }));
    unions.set(branches, found);
  }
  return found;
}

/** The branch of a union that describes `value`: the one whose constant tags match, else the first object one. */
function branchFor(branches: Json[], value: unknown): Json | undefined {
  if (!isObject(value)) return branches.find((b) => b.type !== 'object' && b.type !== 'null') ?? branches[0];
  const objects = objectBranches(branches);
  const match = objects.find(({ tags }) => tags.every(([k, camel, c]) => value[k] === c || value[camel] === c));
  return (match ?? objects[0])?.branch;
}

/**
 * An object schema's property names as they arrive → as they leave, per direction. Built once per schema:
 * the body is converted at every delivery, and renaming each property with a regular expression every time
 * was a tenth of the server's work per message (bench/results/webhooks.md).
 */
const names = new WeakMap<Json, { toCamel: Map<string, string>; fromCamel: Map<string, string> }>();

function namesOf(schema: Json, props: Json) {
  let found = names.get(schema);
  if (!found) {
    found = { toCamel: new Map(), fromCamel: new Map() };
    for (const name of Object.keys(props)) {
      found.toCamel.set(name, camelName(name));
      found.fromCamel.set(camelName(name), name);
    }
    names.set(schema, found);
  }
  return found;
}

/**
 * Converts `value` between a snake_case schema's names and their camelCase form. `toCamel`: value has
 * the schema's own names; otherwise value has camelCase names and the result has the schema's.
 */
export function convert(schema: unknown, value: unknown, toCamel: boolean): unknown {
  if (!isObject(schema) || value === null || value === undefined) return value;
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (union) return convert(branchFor(union, value), value, toCamel);
  if (Array.isArray(value)) {
    const items = schema.items;
    return value.map((v, i) =>
      convert(Array.isArray(items) ? items[i] : (items ?? schema.prefixItems?.[i]), v, toCamel),
    );
  }
  if (!isObject(value)) return value;
  const props = (schema.properties ?? {}) as Json;
  const extra = schema.additionalProperties;
  const out: Json = {};
  const both = namesOf(schema, props);
  const known = toCamel ? both.toCamel : both.fromCamel; // name as it arrives → name it leaves with
  for (const [k, v] of Object.entries(value)) {
    const target = known.get(k);
    if (target !== undefined) out[target] = convert(props[toCamel ? k : target], v, toCamel);
    else out[k] = convert(isObject(extra) ? extra : undefined, v, toCamel);
  }
  return out;
}

export const toCamelData = <T = unknown>(schema: TSchema, value: unknown) => convert(schema, value, true) as T;
export const fromCamelData = <T = unknown>(schema: TSchema, value: unknown) => convert(schema, value, false) as T;
