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

/** The branch of a union that describes `value`: the one whose constant tags match, else the first object one. */
function branchFor(branches: Json[], value: unknown): Json | undefined {
  if (!isObject(value)) return branches.find((b) => b.type !== 'object' && b.type !== 'null') ?? branches[0];
  const objects = branches.filter((b) => b.type === 'object' || b.properties || b.oneOf || b.anyOf);
  return (
    objects.find((b) =>
      Object.entries((b.properties ?? {}) as Json).every(([k, p]) => {
        if (!isObject(p) || !('const' in p)) return true;
        return value[k] === p.const || value[camelName(k)] === p.const;
      }),
    ) ?? objects[0]
  );
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
  const known = new Map<string, string>(); // name as it arrives → name it leaves with
  for (const name of Object.keys(props)) known.set(toCamel ? name : camelName(name), toCamel ? camelName(name) : name);
  for (const [k, v] of Object.entries(value)) {
    const target = known.get(k);
    if (target !== undefined) {
      const own = toCamel ? k : (target as string);
      out[target] = convert(props[own], v, toCamel);
    } else out[k] = convert(isObject(extra) ? extra : undefined, v, toCamel);
  }
  return out;
}

export const toCamelData = <T = unknown>(schema: TSchema, value: unknown) => convert(schema, value, true) as T;
export const fromCamelData = <T = unknown>(schema: TSchema, value: unknown) => convert(schema, value, false) as T;
