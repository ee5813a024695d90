/** A receiver that answers `{}` at once and counts what arrives, by webhook-id and by message. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startReceiver() {
  const byId = new Map<string, { first: number; count: number }>();
  const byMessage = new Set<string>();
  /** Sizes of the bodies received, in bytes. */
  const sizes: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const body = Buffer.concat(chunks);
      sizes.push(body.length);
      const id = String(req.headers['webhook-id']);
      const seen = byId.get(id);
      if (seen) seen.count++;
      else byId.set(id, { first: at, count: 1 });
      try {
        byMessage.add(JSON.parse(body.toString('utf8')).lastMessage.id);
      } catch {}
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    byId,
    byMessage,
    sizes,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
