import { type AllowList, addressRefusal, type Lookup, NOTHING_ALLOWED, urlRefusal } from '../../lib/outbound-url.js';
import type { UrlCheck } from './endpoints.js';

/** A resolver that does not answer in time does not hold the request: the send checks again. */
const LOOKUP_TIMEOUT_MS = 2_000;

/**
 * The check of an endpoint URL when it is set: its form (https, a public host or address), then the
 * addresses its name resolves to now. A name that does not resolve yet is accepted: every send checks the
 * addresses it connects to again (src/lib/outbound-url.ts, guardedLookup), and fails if they are not public.
 */
export function endpointUrlCheck(allow: AllowList = NOTHING_ALLOWED, lookup?: Lookup): UrlCheck {
  return async (text) => {
    const form = urlRefusal(text, allow);
    if (form) return form;
    const host = new URL(text).hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
    if (!lookup || allow.hosts.has(host)) return null;
    let addresses: { address: string }[];
    let timer: NodeJS.Timeout | undefined;
    try {
      const slow = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('DNS timeout')), LOOKUP_TIMEOUT_MS);
      });
      addresses = await Promise.race([lookup(host), slow]);
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
    for (const a of addresses) {
      const why = addressRefusal(a.address, allow);
      if (why) return `resolves to a non-public address: ${why}`;
    }
    return null;
  };
}
