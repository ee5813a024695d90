/** Bytes on a real socket, for requests no HTTP client would send, and the answers read back by hand. */
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: any;
  raw: string;
}

/**
 * Writes `data` to a fresh connection and collects everything until the server closes it, or until
 * `responses` complete answers arrived (a kept-alive connection), or `timeoutMs` passed.
 */
export function exchange(
  port: number,
  data: string | Buffer,
  { responses = 1, timeoutMs = 10_000 } = {},
): Promise<RawResponse[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve(parseResponses(received.toString('latin1')));
    };
    const timer = setTimeout(
      () => finish(received.length ? undefined : new Error(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (parseResponses(received.toString('latin1')).length >= responses) finish();
    });
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    socket.on('error', (err) => (received.length ? finish() : finish(err)));
    socket.write(data);
  });
}

/** The complete responses in `text` (Content-Length framed, as every answer of this server is). */
export function parseResponses(text: string): RawResponse[] {
  const out: RawResponse[] = [];
  let rest = text;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (rest.length < end + 4 + length) break;
    const raw = rest.slice(end + 4, end + 4 + length);
    let body: unknown;
    try {
      body = JSON.parse(Buffer.from(raw, 'latin1').toString('utf8'));
    } catch {
      body = undefined;
    }
    out.push({ status: Number(statusLine.split(' ')[1]), headers, body, raw: `${statusLine}\n${raw}` });
    rest = rest.slice(end + 4 + length);
  }
  return out;
}
