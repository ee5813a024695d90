/**
 * Opening hours as the customer asks about them: open now (and until when), when it next opens, a
 * day's periods. Periods are local wall-clock times (a period closing at or before it opens runs past
 * midnight); special closings override them.
 */
import type { LocationView, Period, SpecialClosing } from '../../payload-types.js';
import { addDays, localParts, minutesOf, zonedInstant } from './zone.js';

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

export interface Span {
  start: Date;
  end: Date;
}

export function periodsOn(loc: LocationView, weekday: number): Period[] {
  return loc.periods.filter((p) => p.day === DAYS[weekday]).sort((a, b) => minutesOf(a.opens) - minutesOf(b.opens));
}

/** The real spans of the periods starting on the local date `offset` days from the instant's date. */
export function spansOn(loc: LocationView, now: Date, offset: number): Span[] {
  const date = addDays(localParts(now, loc.timezone), offset);
  return periodsOn(loc, date.weekday).map((p) => {
    const opens = minutesOf(p.opens);
    let closes = minutesOf(p.closes);
    if (closes <= opens) closes += 1440;
    return { start: zonedInstant(date, opens, loc.timezone), end: zonedInstant(date, closes, loc.timezone) };
  });
}

export function closingAt(loc: LocationView, instant: Date): SpecialClosing | null {
  const t = instant.getTime();
  return loc.specialClosings.find((c) => Date.parse(c.startsAt) <= t && t < Date.parse(c.endsAt)) ?? null;
}

export interface OpenState {
  open: boolean;
  /** When open: when the current period ends. */
  until: Date | null;
  /** The special closing in force now, if any. */
  closing: SpecialClosing | null;
  /** When closed: the next instant it opens (within two weeks), after special closings. */
  next: Date | null;
}

/**
 * The server's `openNow` and `nextOpening` are what orders are checked against, so they decide; the
 * periods only add when the current period ends (and stand in when the body does not say).
 */
export function openState(loc: LocationView, now: Date): OpenState {
  const closing = closingAt(loc, now);
  const current = [...spansOn(loc, now, -1), ...spansOn(loc, now, 0)].find((s) => s.start <= now && now < s.end);
  const open = loc.openNow ?? (current !== undefined && !closing);
  if (open) return { open: true, until: current?.end ?? null, closing: null, next: null };
  return { open: false, until: null, closing, next: nextOpeningOf(loc, now) };
}

/** When it next opens: the body's `nextOpening`, or worked out from the periods. */
export function nextOpeningOf(loc: LocationView, now: Date): Date | null {
  if (loc.nextOpening && Date.parse(loc.nextOpening) > now.getTime()) return new Date(loc.nextOpening);
  return nextOpening(loc, now);
}

export function nextOpening(loc: LocationView, now: Date): Date | null {
  for (let d = -1; d <= 14; d++) {
    for (const span of spansOn(loc, now, d)) {
      if (span.end <= now) continue;
      let start = span.start < now ? now : span.start;
      // Walk past special closings that cover the start (they may end inside the period).
      for (let c = closingAt(loc, start); c; c = closingAt(loc, start)) start = new Date(c.endsAt);
      if (start < span.end && start > now) return start;
    }
  }
  return null;
}

/** Special closings that have not ended yet, soonest first. */
export function upcomingClosings(loc: LocationView, now: Date): SpecialClosing[] {
  return loc.specialClosings
    .filter((c) => Date.parse(c.endsAt) > now.getTime())
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}
