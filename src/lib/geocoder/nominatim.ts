/**
 * The geocoder client: Nominatim's search API (or Photon's, when GEOCODER_URL ends in `/api`), one
 * request at a time and spaced (RequestSpacing), cut off after a timeout, and never throwing: whatever
 * goes wrong is `unavailable` with a reason, so the caller can say "could not check the address now"
 * instead of failing the request.
 */
import pkg from '../../../package.json' with { type: 'json' };
import { withDeadline } from '../deadline.js';
import { decide } from './decide.js';
import { parseSearchResponse } from './parse.js';
import { isEmptyQuery, nominatimParams, photonParams } from './query.js';
import { REFUSED, RequestSpacing } from './spacing.js';
import type { AddressQuery, GeocodeResult, Geocoder } from './types.js';

export interface GeocoderOptions {
  /** The service's base URL: Nominatim's (`…/search` is appended) or Photon's `…/api`. */
  url: string;
  /** Nominatim's policy asks for an application's own User-Agent, with a contact. */
  userAgent?: string;
  timeoutMs?: number;
  /** Least time between two request starts in this process. */
  minIntervalMs?: number;
  /** Longest wait for a turn; beyond it the search is `unavailable: rate_limited` at once. */
  maxWaitMs?: number;
  /** Sent as Accept-Language; without it (fetch then sends `*`) names come in the place's own language. */
  acceptLanguage?: string;
  now?: () => number;
}

export const DEFAULT_USER_AGENT = `${pkg.name}/${pkg.version} (delivery address geocoding; operators: set GEOCODER_USER_AGENT with a contact)`;
export const DEFAULT_TIMEOUT_MS = 3_000;
export const DEFAULT_MIN_INTERVAL_MS = 1_000;
export const DEFAULT_MAX_WAIT_MS = 3_000;
/** How long to send nothing after a 429 without Retry-After, in intervals; at most an hour with one. */
const HOLD_OFF_INTERVALS = 30;
const MAX_HOLD_OFF_MS = 3_600_000;

type Exchange = { ok: true; body: unknown } | { ok: false; status: number; retryAfter: string | null };

export function createGeocoder(options: GeocoderOptions): Geocoder {
  const base = options.url.replace(/\/+$/, '');
  const photon = /\/api$/.test(base);
  const interval = options.minIntervalMs ?? DEFAULT_MIN_INTERVAL_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const spacing = new RequestSpacing(interval, options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS, options.now);
  const headers: Record<string, string> = {
    'User-Agent': options.userAgent || DEFAULT_USER_AGENT,
    Accept: 'application/json',
  };
  if (options.acceptLanguage) headers['Accept-Language'] = options.acceptLanguage;

  const exchange = (url: string) =>
    withDeadline(timeoutMs, async (signal): Promise<Exchange> => {
      const res = await fetch(url, { headers, signal });
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        return { ok: false, status: res.status, retryAfter: res.headers.get('retry-after') };
      }
      return { ok: true, body: await res.json() };
    });

  return {
    async search(query: AddressQuery): Promise<GeocodeResult> {
      if (isEmptyQuery(query)) return { status: 'not_found' };
      const url = photon ? `${base}?${photonParams(query)}` : `${base}/search?${nominatimParams(query)}`;
      let answer: Exchange | typeof REFUSED;
      try {
        answer = await spacing.run(() => exchange(url));
      } catch (err) {
        const timedOut = (err as Error)?.name === 'TimeoutError';
        return { status: 'unavailable', reason: timedOut ? 'timeout' : 'error' };
      }
      if (answer === REFUSED) return { status: 'unavailable', reason: 'rate_limited' };
      if (!answer.ok) {
        if (answer.status !== 429) return { status: 'unavailable', reason: `http_${answer.status}` };
        const seconds = Number(answer.retryAfter);
        const ms = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : interval * HOLD_OFF_INTERVALS;
        spacing.holdOff(Math.min(ms, MAX_HOLD_OFF_MS));
        return { status: 'unavailable', reason: 'rate_limited' };
      }
      const places = parseSearchResponse(answer.body);
      if (places === null) return { status: 'unavailable', reason: 'error' };
      return decide(query, places);
    },
  };
}
