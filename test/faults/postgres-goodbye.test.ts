/**
 * The race behind the crash on a PostgreSQL restart, made exact with a fake server: one read from the
 * socket holds a query's last reply and the server's goodbye (FATAL 57P01). The pool hands the client
 * to a waiting transaction while still parsing that read, so the goodbye lands on a checked-out client.
 * Without a listener in place by then, the 'error' event is unhandled and the process dies.
 * Needs nothing but a free port.
 */
import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import { after, test } from 'node:test';
import { postgresDb } from '../../src/db/client.js';
import { isConnectionFailure } from '../../src/db/errors.js';

const message = (type: string, body: Buffer) => {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};
const cstr = (s: string) => Buffer.from(`${s}\0`, 'utf8');
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const ready = message('Z', Buffer.from('I'));
const authOk = message('R', int32(0));
const complete = message('C', cstr('SELECT 0'));
const goodbye = message(
  'E',
  Buffer.concat([
    Buffer.from('S'),
    cstr('FATAL'),
    Buffer.from('C'),
    cstr('57P01'),
    Buffer.from('M'),
    cstr('terminating connection due to administrator command'),
    Buffer.from([0]),
  ]),
);

let connections = 0;
const sockets = new Set<Socket>();
/** Answers every query with an empty result; the first connection's first query gets the goodbye too. */
const server = createServer((socket) => {
  sockets.add(socket);
  const doomed = connections++ === 0;
  let buf = Buffer.alloc(0);
  let started = false;
  socket.on('error', () => {});
  socket.on('data', (chunk) => {
    buf = Buffer.concat([buf, chunk]);
    for (;;) {
      const head = started ? 1 : 0;
      if (buf.length < head + 4) return;
      const length = buf.readInt32BE(head);
      if (buf.length < head + length) return;
      const type = started ? String.fromCharCode(buf[0]) : 'startup';
      buf = buf.subarray(head + length);
      if (type === 'startup') {
        started = true;
        socket.write(Buffer.concat([authOk, ready]));
      } else if (type === 'Q' && doomed) {
        socket.end(Buffer.concat([complete, ready, goodbye]));
      } else if (type === 'Q') {
        socket.write(Buffer.concat([complete, ready]));
      }
    }
  });
});
const port = await new Promise<number>((resolve) =>
  server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
);
after(() => {
  for (const s of sockets) s.destroy();
  server.close();
});

test('a goodbye read together with the last reply fails the waiting transaction, not the process', async () => {
  const db = postgresDb(`postgres://postgres@127.0.0.1:${port}/x`, 1);
  try {
    // One connection: the transaction waits for the query's client and gets it in the same read.
    const [query, transaction] = await Promise.allSettled([
      db.query('SELECT 0'),
      db.transaction((tx) => tx.query('SELECT 0')),
    ]);
    assert.equal(query.status, 'fulfilled');
    assert.equal(transaction.status, 'rejected');
    assert.ok(isConnectionFailure(transaction.reason), String(transaction.reason));
    // The broken client was discarded: the next transaction gets a fresh connection.
    assert.deepEqual(await db.transaction((tx) => tx.query('SELECT 0')), []);
    assert.equal(connections, 2);
  } finally {
    await db.close();
  }
});
