/** Bytes to a real port and the HTTP/1.1 responses that come back, parsed without Node's HTTP client. */
import { connect } from 'node:net';
import type { Answer } from './checks.js';

/**
 * Writes `bytes` and collects what comes back until `expected` complete responses have arrived or the server
 * closes. Node's HTTP server drops requests in flight when the client half-closes, so the socket is ended
 * only when nothing has come for `quietMs` (a request that never completes, such as a truncated body).
 */
export function exchange(port: number, bytes: Buffer, expected = 1, quietMs = 1500): Promise<{ data: Buffer }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect({ port, host: '127.0.0.1' });
    let timer: NodeJS.Timeout | undefined;
    const wait = (ms: number, then: () => void) => {
      clearTimeout(timer);
      timer = setTimeout(then, ms);
    };
    socket.on('connect', () => {
      socket.write(bytes);
      wait(quietMs, () => {
        socket.end();
        wait(quietMs, () => socket.destroy());
      });
    });
    socket.on('data', (d) => {
      chunks.push(d);
      const parsed = parseResponses(Buffer.concat(chunks));
      if (parsed.length >= expected && parsed.at(-1)?.complete) socket.destroy();
    });
    // A reset after the answer is the server refusing the rest of a bad stream: what came before counts.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ data: Buffer.concat(chunks) });
    });
  });
}

function dechunk(buf: Buffer, start: number): [Buffer, number, boolean] {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const eol = buf.indexOf('\r\n', at);
    if (eol < 0) return [Buffer.concat(parts), buf.length, false];
    const size = Number.parseInt(buf.subarray(at, eol).toString('latin1'), 16);
    at = eol + 2;
    if (!(size > 0)) {
      const end = buf.indexOf('\r\n', at);
      return [Buffer.concat(parts), end < 0 ? buf.length : end + 2, end >= 0];
    }
    parts.push(buf.subarray(at, at + size));
    at += size + 2;
  }
}

/** Every final response in the stream (1xx interim responses skipped); unparsable bytes end the list. */
export function parseResponses(buf: Buffer): (Answer & { complete: boolean })[] {
  const out: (Answer & { complete: boolean })[] = [];
  let at = 0;
  while (at < buf.length) {
    const end = buf.indexOf('\r\n\r\n', at);
    if (end < 0) break;
    const [statusLine, ...lines] = buf.subarray(at, end).toString('latin1').split('\r\n');
    const m = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
    if (!m) break;
    const headers: Answer['headers'] = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      const held = headers[name];
      headers[name] = held === undefined ? value : [...(Array.isArray(held) ? held : [String(held)]), value];
    }
    at = end + 4;
    const status = Number(m[1]);
    if (status < 200) continue;
    let body: Buffer;
    let complete = true;
    if (/chunked/i.test(String(headers['transfer-encoding'] ?? ''))) {
      [body, at, complete] = dechunk(buf, at);
    } else if (headers['content-length'] !== undefined) {
      const n = Number(headers['content-length']);
      body = buf.subarray(at, at + n);
      complete = at + n <= buf.length;
      at += n;
    } else {
      // Without a length the body runs to the end of the connection.
      body = buf.subarray(at);
      at = buf.length;
      complete = false;
    }
    out.push({ status, headers, body: body.toString('utf8'), complete });
  }
  return out;
}
