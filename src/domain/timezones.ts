import { invalidParam } from './errors.js';

/** The canonical IANA name of a zone (e.g. 'europe/zurich' → 'Europe/Zurich'), or a 400 naming param. */
export function canonicalTimezone(param: string, zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw invalidParam(param, `'${zone}' is not an IANA time zone name (e.g. 'Europe/Zurich').`);
  }
}
