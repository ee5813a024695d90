/** The bench's endpoints' receivers: healthy ones answering at once, a slow one, and a dead one (a closed port). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '../../test/helpers/services.js';

export interface Receiver {
  url: string;
  /** Per event id: when it first arrived, and how often. */
  byId: Map<string, { first: number; createdAt: number; count: number }>;
  close(): Promise<void>;
}

export async function startReceiver(delayMs = 0): Promise<Receiver> {
  const byId: Receiver['byId'] = new Map();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const id = String(req.headers['webhook-id']);
      const seen = byId.get(id);
      if (seen) seen.count++;
      else {
        const createdAt = Date.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')).created_at);
        byId.set(id, { first: at, createdAt, count: 1 });
      }
      setTimeout(() => res.writeHead(200).end(), delayMs);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`,
    byId,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** An endpoint nobody listens on: every attempt is refused. */
export async function deadUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}/events`;
}
