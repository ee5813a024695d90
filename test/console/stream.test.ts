/**
 * The console's live stream is woken by its locations' events, not by its poll: with the poll set to
 * ten minutes, an order created (through the API, by another app on the same database) and a status
 * change still reach an open stream; another location's order does not wake it.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { type App, buildApp } from '../../src/app.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { createOrder } from '../orders/_support.js';
import { consoleUser } from './_support.js';

let h: Harness;
let t: Tenant;
let app: App;
let base: string;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  app = await buildApp({ db: await testDb(), store: memoryStore(), console: { streamPollMs: 600_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

after(async () => {
  await app?.close();
});

/** Opens the stream; `next()` resolves with the next `orders` event's data, `close()` ends it. */
function openStream(cookie: string) {
  const events: string[] = [];
  const waiters: Array<(data: string) => void> = [];
  let buffer = '';
  const req = http.get(`${base}/console/api/stream`, { headers: { cookie } }, (res) => {
    assert.equal(res.statusCode, 200);
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^event: orders\ndata: (.*)$/m.exec(frame)?.[1];
        if (data === undefined) continue;
        const waiter = waiters.shift();
        if (waiter) waiter(data);
        else events.push(data);
      }
    });
  });
  req.on('error', () => {});
  return {
    next: () =>
      new Promise<string>((resolve) => {
        const ready = events.shift();
        if (ready !== undefined) resolve(ready);
        else waiters.push(resolve);
      }),
    pending: () => events.length,
    close: () => req.destroy(),
  };
}

test('an open stream hears of a new order and of its status change at once, not at its next poll', async () => {
  const user = await consoleUser(h, { role: 'staff', location_id: t.locationIds[0] });
  const stream = openStream(user.cookie);
  try {
    const first = await stream.next();
    // Another location of the organization: not this user's, so not this stream's.
    await createOrder(h, t.locationIds[1]);
    const order = await createOrder(h, t.locationIds[0]);
    const created = await stream.next();
    assert.notEqual(created, first);
    const res = await h.call('PATCH', `/v1/locations/${t.locationIds[0]}/orders/${order.id}`, {
      key: t.orgKey,
      body: { status: 'accepted' },
    });
    assert.equal(res.status, 200, res.raw);
    const accepted = await stream.next();
    assert.notEqual(accepted, created);
    const board = await user.call('GET', '/console/api/orders');
    assert.equal(board.body.data.find((o: { id: string }) => o.id === order.id).status, 'accepted');
  } finally {
    stream.close();
  }
});
