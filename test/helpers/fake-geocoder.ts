/**
 * A local geocoder for tests: Nominatim's `/search` in its jsonv2 format (or Photon's GeoJSON at `/api`)
 * over a small table of addresses, on a real port. It can be slow, fail with 500 or answer 429, and it
 * records every request (URL, headers, arrival time) so tests can check what was sent and how often.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jsonv2, photon, search } from './fake-geocoder-data.js';

export interface Recorded {
  url: URL;
  headers: IncomingHttpHeaders;
  at: number;
}

export interface FakeGeocoder {
  /** Nominatim's base URL (`/search` is appended); Photon's is `${url}/api`. */
  url: string;
  requests: Recorded[];
  /** What the next requests get: answers, a 500, a 429, or answers after `delayMs`. */
  mode: 'ok' | 'fail' | 'rate_limited';
  delayMs: number;
  close(): Promise<void>;
}

export async function startFakeGeocoder(): Promise<FakeGeocoder> {
  const fake = { requests: [] as Recorded[], mode: 'ok', delayMs: 0 } as FakeGeocoder;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.requests.push({ url, headers: req.headers, at: Date.now() });
    const answer = () => {
      if (fake.mode === 'fail')
        return res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal error</h1>');
      if (fake.mode === 'rate_limited') return res.writeHead(429, { 'retry-after': '1' }).end('Too Many Requests');
      let body: unknown;
      if (url.pathname === '/search') body = search(url.searchParams).map(jsonv2);
      else if (url.pathname === '/api')
        body = { type: 'FeatureCollection', features: search(url.searchParams).map(photon) };
      else return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    };
    if (fake.delayMs > 0) setTimeout(answer, fake.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
