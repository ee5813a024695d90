/**
 * Where the server may send what a tenant asks it to (an integrator's webhook endpoint): never to itself,
 * its network or a cloud's metadata service (SSRF). A URL must be `https`, and every address its host
 * resolves to must be public unicast, as ipaddr.js classifies it (loopback, private, unique-local,
 * link-local with 169.254.169.254, carrier-grade NAT with 100.100.100.200, multicast, broadcast, reserved,
 * unspecified and the IPv6 forms that embed an IPv4 address are all refused). The check runs when the URL
 * is set and again at every send, on the addresses the connection then uses (`guardedLookup`), so a
 * name re-pointed at a private address later (DNS rebinding) is caught where it matters.
 *
 * `WEBHOOK_ALLOWED_HOSTS` (CONTRACT) opens named hosts, addresses and CIDR ranges, over `http` too: a
 * receiver on the developer's own machine, a test's local server.
 */

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { boundedMemo } from './bounded-memo.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

export interface AllowList {
  hosts: Set<string>;
  ranges: Range[];
}

export const NOTHING_ALLOWED: AllowList = { hosts: new Set(), ranges: [] };

/** Reads `WEBHOOK_ALLOWED_HOSTS`: comma-separated host names, addresses and CIDR ranges. Throws on a bad entry. */
export function parseAllowList(value: string | undefined): AllowList {
  const list: AllowList = { hosts: new Set(), ranges: [] };
  for (const raw of (value ?? '').split(',')) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[(.*)\]$/, '$1');
    if (entry === '') continue;
    if (/^[0-9a-f:.]+\/\d+$/.test(entry)) {
      try {
        list.ranges.push(ipaddr.parseCIDR(entry));
      } catch {
        throw new Error(`WEBHOOK_ALLOWED_HOSTS: '${raw.trim()}' is not a CIDR range`);
      }
    } else if (ipaddr.isValid(entry)) {
      const address = ipaddr.process(entry);
      list.ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(entry)) {
      list.hosts.add(entry);
    } else {
      throw new Error(`WEBHOOK_ALLOWED_HOSTS: '${raw.trim()}' is not a host name, an address or a CIDR range`);
    }
  }
  return list;
}

function inRanges(address: ipaddr.IPv4 | ipaddr.IPv6, ranges: Range[]): boolean {
  return ranges.some(([base, bits]) => address.kind() === base.kind() && address.match([base, bits] as never));
}

/** Why the server may not connect to `address` (null: it may). IPv4-mapped IPv6 counts as its IPv4. */
export function addressRefusal(address: string, allow: AllowList = NOTHING_ALLOWED): string | null {
  if (!ipaddr.isValid(address)) return `'${address}' is not an IP address`;
  const parsed = ipaddr.process(address);
  if (inRanges(parsed, allow.ranges)) return null;
  const range = parsed.range();
  return range === 'unicast' ? null : `${parsed.toString()} is a ${range} address`;
}

const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');

/** Why the URL itself is refused before any resolution (null: its form is fine). */
export function urlRefusal(text: string, allow: AllowList = NOTHING_ALLOWED): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not an absolute URL';
  }
  const host = hostOf(url);
  const named = allow.hosts.has(host) || (isIP(host) !== 0 && addressRefusal(host, allow) === null);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && named)) return 'must use https';
  if (url.username !== '' || url.password !== '') return 'may not carry a user name or password';
  if (url.hash !== '') return 'may not have a fragment';
  if (isIP(host) !== 0) {
    const why = addressRefusal(host, allow);
    if (why) return `points at a non-public address: ${why}`;
  } else if (!host.includes('.') && !allow.hosts.has(host)) {
    return 'must name a public host (a name with a domain)';
  }
  return null;
}

/**
 * urlRefusal for one allow list, remembered per URL (bounded): a worker checks its endpoints' few URLs
 * again before every attempt, and parsing them was a measurable part of an attempt's CPU.
 */
export function urlRefusals(allow: AllowList, max = 1_000): (text: string) => string | null {
  return boundedMemo((text) => urlRefusal(text, allow), max);
}

export type Lookup = (host: string) => Promise<LookupAddress[]>;

export const systemLookup: Lookup = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/**
 * The URL's refusal after resolving its host (null: every address is allowed). A host named in the allow
 * list is taken as it resolves; any other must resolve to public addresses only, all of them.
 */
export async function resolvedRefusal(
  text: string,
  allow: AllowList = NOTHING_ALLOWED,
  lookup: Lookup = systemLookup,
): Promise<string | null> {
  const form = urlRefusal(text, allow);
  if (form) return form;
  const host = hostOf(new URL(text));
  if (isIP(host) !== 0 || allow.hosts.has(host)) return null;
  let addresses: LookupAddress[];
  try {
    addresses = await lookup(host);
  } catch (err) {
    return `does not resolve: ${(err as NodeJS.ErrnoException).code ?? String(err)}`;
  }
  if (addresses.length === 0) return 'does not resolve';
  for (const a of addresses) {
    const why = addressRefusal(a.address, allow);
    if (why) return `resolves to a non-public address: ${why}`;
  }
  return null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for `http(s).Agent` or undici's `connect` option: resolves as the system does and refuses,
 * with an error the sender reports, a connection to any address `addressRefusal` refuses, unless the
 * host is on the allow list. The check happens on the very addresses the socket connects to.
 */
export function guardedLookup(allow: AllowList = NOTHING_ALLOWED, lookup: Lookup = systemLookup) {
  return (host: string, options: { all?: boolean }, callback: LookupCallback) => {
    const name = host.toLowerCase();
    lookup(name)
      .then((addresses) => {
        const refused = allow.hosts.has(name)
          ? null
          : addresses.map((a) => addressRefusal(a.address, allow)).find((why) => why !== null);
        if (refused) {
          const err: NodeJS.ErrnoException = new Error(`refused to connect to ${host}: ${refused}`);
          err.code = 'EADDRNOTALLOWED';
          return callback(err, []);
        }
        if (addresses.length === 0)
          return callback(Object.assign(new Error(`${host} does not resolve`), { code: 'ENOTFOUND' }), []);
        if (options.all) return callback(null, addresses);
        callback(null, addresses[0].address, addresses[0].family);
      })
      .catch((err) => callback(err, []));
  };
}
