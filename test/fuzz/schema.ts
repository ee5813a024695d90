/** Plausible values from the routes' own JSON schemas, so mutations reach past the first validation error. */
import type { Rng } from './random.js';

export type Schema = Record<string, any>;

/** Strings for the patterns the API's schemas use. */
const BY_PATTERN: Record<string, readonly string[]> = {
  '^[A-Z]{2}$': ['DE', 'FR', 'US', 'ZZ'],
  '^[A-Z]{3}$': ['EUR', 'USD', 'CHF', 'XXX'],
  '^([01]\\d|2[0-3]):[0-5]\\d$': ['00:00', '11:30', '23:59'],
  '^(([01]\\d|2[0-3]):[0-5]\\d|24:00)$': ['14:30', '24:00'],
  '^[a-z0-9_.-]+$': ['fuzz', 'a.b-c_d'],
};

// Earlier for fields that open a period, later for fields that close it, so that most periods are valid.
const EARLY = ['2027-03-01T10:00:00Z', '2026-01-01T00:00:00.123+02:00', '2027-03-01T10:00:00Z', '0001-01-01T00:00:00Z'];
const LATE = ['2027-03-02T12:30:00Z', '2027-04-01T00:00:00-05:00', '2027-03-02T12:30:00Z', '9999-12-31T23:59:59.999Z'];
const CLOSES = /^(ends_at|to|.*_before|closes)$/;

/** Values for fields whose rules no schema keyword states (checked in code). */
const BY_FIELD: Record<string, readonly string[]> = {
  timezone: ['Europe/Berlin', 'america/new_york', 'UTC', 'Mars/Olympus'],
  default_language: ['de', 'pt-BR', 'en'],
  language: ['de', 'fr'],
  languages: ['de', 'fr', 'en-GB'],
  currency: ['EUR', 'EUR', 'EUR', 'USD'],
};

export interface SampleContext {
  rng: Rng;
  /** A real id for a field such as `organization_id`, or undefined. */
  idFor(field: string): string | undefined;
}

function sampleString(s: Schema, ctx: SampleContext, field: string): string {
  const { rng } = ctx;
  if (s.format === 'date-time') return rng.pick(CLOSES.test(field) ? LATE : EARLY);
  if (BY_FIELD[field] && !s.enum) return rng.pick(BY_FIELD[field]);
  if (s.format === 'email') return 'fuzz@example.com';
  if (s.pattern && BY_PATTERN[s.pattern]) return rng.pick(BY_PATTERN[s.pattern]);
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 24, 24);
  return 'fz' + rng.chars(Math.max(0, rng.between(min, Math.max(min, max)) - 2));
}

function sampleNumber(s: Schema, rng: Rng): number {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
  // The bounds themselves now and then: sums and products of maxima are where overflows live.
  if (rng.chance(0.15)) return rng.pick([min, s.maximum ?? Number.MAX_SAFE_INTEGER, s.maximum ?? 2 ** 31]);
  const max = Math.min(s.maximum ?? min + 1000, min + 1000);
  const n = rng.between(Math.ceil(min), Math.floor(max));
  return s.type === 'integer' ? n : n + (rng.chance(0.5) ? 0.25 : 0);
}

/** A value that the schema most likely accepts (formats and cross-field rules aside). */
export function sample(s: Schema, ctx: SampleContext, field = '', depth = 0): unknown {
  const { rng } = ctx;
  if (s.const !== undefined) return s.const;
  if (s.enum) return rng.pick(s.enum);
  const branches = s.oneOf ?? s.anyOf;
  if (branches) {
    const real = branches.filter((b: Schema) => b.type !== 'null');
    const chosen = real.length > 0 && (rng.chance(0.85) || real.length === branches.length) ? real : branches;
    return sample({ ...s, oneOf: undefined, anyOf: undefined, ...rng.pick(chosen) }, ctx, field, depth);
  }
  switch (s.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required: string[] = s.required ?? [];
      for (const [name, prop] of Object.entries<Schema>(s.properties ?? {})) {
        if (required.includes(name) || (depth < 4 && rng.chance(0.5))) out[name] = sample(prop, ctx, name, depth + 1);
      }
      return out;
    }
    case 'array': {
      const min = s.minItems ?? 0;
      const n = depth < 4 ? rng.between(min, Math.max(min, Math.min(s.maxItems ?? 3, 3))) : min;
      const items = Array.from({ length: n }, () => sample(s.items ?? {}, ctx, field, depth + 1));
      return s.uniqueItems ? [...new Map(items.map((i) => [JSON.stringify(i), i])).values()] : items;
    }
    case 'string':
      return ctx.idFor(field) ?? sampleString(s, ctx, field);
    case 'integer':
    case 'number':
      return sampleNumber(s, rng);
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    default:
      return 'fuzz';
  }
}
