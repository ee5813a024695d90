import { invalidParam } from '../errors.js';
import type { SettingsKind } from './kinds.js';

/** The stored facts a read-only field is compared with. */
export interface ReadOnlyContext {
  kind: SettingsKind;
  locationId: string;
  timezone: string;
  createdAt: Date;
}

interface Rule {
  accepts(value: unknown, ctx: ReadOnlyContext): boolean;
  /** What to send instead, for the message. */
  expected(ctx: ReadOnlyContext): string;
}

const equals = (current: (ctx: ReadOnlyContext) => string): Rule => ({
  accepts: (value, ctx) => value === current(ctx),
  expected: (ctx) => `its current value '${current(ctx)}'`,
});

const isInstant = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value));

const COMMON: Record<string, Rule> = {
  object: equals((ctx) => ctx.kind),
  location_id: equals((ctx) => ctx.locationId),
  created_at: {
    // The same instant in any RFC 3339 spelling a client may have re-serialised it to.
    accepts: (value, ctx) => isInstant(value) && Date.parse(value as string) === ctx.createdAt.getTime(),
    expected: (ctx) => `its current value '${ctx.createdAt.toISOString()}'`,
  },
  // Moves with every write: a value read before someone else's write is still a value read back, and a
  // lost update is not what a read-only field guards against.
  updated_at: { accepts: isInstant, expected: () => 'a date-time as read' },
};

const OPENING_HOURS: Record<string, Rule> = {
  ...COMMON,
  // The periods are read in this zone: hours written for another zone than the location's now are refused.
  timezone: equals((ctx) => ctx.timezone),
  // Properties of the instant, not of the object: they may change between the GET and the write.
  open_now: { accepts: (value) => typeof value === 'boolean', expected: () => 'a boolean as read' },
  current_special_closing_id: {
    accepts: (value) => value === null || typeof value === 'string',
    expected: () => 'an id or null as read',
  },
};

/**
 * The writable part of a settings write. A GET's answer written back unchanged is a valid write: each
 * read-only field that holds what it may hold is dropped; one with another value is refused.
 */
export function withoutReadOnly(input: Record<string, unknown>, ctx: ReadOnlyContext): Record<string, unknown> {
  const rules = ctx.kind === 'opening_hours' ? OPENING_HOURS : COMMON;
  const writable = { ...input };
  for (const [name, rule] of Object.entries(rules)) {
    if (!(name in input)) continue;
    if (!rule.accepts(input[name], ctx)) {
      const where = name === 'timezone' ? " (a location's time zone is changed on the location)" : '';
      throw invalidParam(name, `${name} is read-only${where}: leave it out, or send ${rule.expected(ctx)}.`);
    }
    delete writable[name];
  }
  return writable;
}
