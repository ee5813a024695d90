/** One autocannon run over a list of page requests, in the same order for every server. */
import autocannon from 'autocannon';
import type { PageRequest } from './data.js';

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export type PathOf = (r: PageRequest) => { path: string; headers: Record<string, string> };

export const realPath: PathOf = (r) => ({
  path: `/v1/locations/${r.locationId}/orders?limit=10&starting_after=${r.cursor}`,
  headers: { 'x-api-key': r.key },
});

export const barePath: PathOf = (r) => ({ path: `/orders/${r.locationId}?after=${r.cursor}`, headers: {} });

export async function load(url: string, requests: PageRequest[], pathOf: PathOf, seconds: number, connections = 50) {
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const r = requests[next++ % requests.length];
          const { path, headers } = pathOf(r);
          return { ...req, path, headers };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  } satisfies Figures;
}
