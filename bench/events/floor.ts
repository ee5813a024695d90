/**
 * What a delivery costs at the least on this machine: the event webhooks' POST alone (src/webhooks/send.ts,
 * signed with the endpoints' HmacSigner, the worker's kind of kept-alive agent with its address check) to
 * the bench's 18 healthy receivers (bench/events/receivers.ts, in a process of their own), at a steady
 * rate, with no database, no queue and no API. bench:events' CPU per delivery includes this; the goal's
 * 4,000 deliveries a second need this much of the machine before anything else (bench/results/events.md,
 * "the budget").
 *
 *   npx tsx bench/events/floor.ts [--rate 4000] [--seconds 5]
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { guardedLookup, parseAllowList } from '../../src/lib/outbound-url.js';
import { post } from '../../src/webhooks/send.js';
import { HmacSigner } from '../../src/webhooks/signer.js';
import { startReceiver } from './receivers.js';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

if (process.argv.includes('--receivers')) {
  const receivers = await Promise.all(Array.from({ length: 18 }, () => startReceiver()));
  let from = cpuMs();
  process.on('message', (m) => {
    if (m === 'start') from = cpuMs();
    else process.send?.({ cpuMs: cpuMs() - from, received: receivers.reduce((s, r) => s + r.byId.size, 0) });
  });
  process.send?.({ urls: receivers.map((r) => r.url) });
} else {
  const RATE = Number(arg('rate', '4000'));
  const SECONDS = Number(arg('seconds', '5'));
  const child = fork(fileURLToPath(import.meta.url), ['--receivers'], { execArgv: process.execArgv });
  const ask = <T>(m?: string) =>
    new Promise<T>((resolve) => {
      child.once('message', (r) => resolve(r as T));
      if (m) child.send(m);
    });
  const { urls } = await ask<{ urls: string[] }>();
  const agentOptions = { keepAlive: true, timeout: 4_000, lookup: guardedLookup(parseAllowList('127.0.0.1')) as never };
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };
  const signer = new HmacSigner(`whsec_${Buffer.from('floor-bench-secret-0123456789').toString('base64')}`);
  const stop = new AbortController().signal;
  // An order event of the bench's size (one item), made once for the 18 receivers as the worker does.
  const bodies = new Map<number, string>();
  const body = (n: number) => {
    const event = Math.floor(n / urls.length);
    let made = bodies.get(event);
    if (made === undefined) {
      bodies.clear();
      made = eventBody(event);
      bodies.set(event, made);
    }
    return made;
  };
  const eventBody = (n: number) =>
    JSON.stringify({
      id: `evt_floor${n}`,
      type: 'order.status_changed',
      created_at: new Date().toISOString(),
      data: {
        object: {
          id: `ord_floor${n}`,
          object: 'order',
          status: 'accepted',
          status_version: 1,
          channel: 'web',
          service_type: 'pickup',
          currency: 'EUR',
          items: [{ type: 'product', name: 'Espresso', quantity: 1, unit_price: { amount: 250, currency: 'EUR' } }],
          total: { amount: 250, currency: 'EUR' },
          status_history: [
            { status: 'received', status_version: 0, reason: null, changed_at: new Date().toISOString() },
            { status: 'accepted', status_version: 1, reason: null, changed_at: new Date().toISOString() },
          ],
        },
        changed_by: 'staff',
        reason: null,
      },
      previous_attributes: { status: 'received', status_version: 0 },
    });
  const send = async (n: number, measure: number[] | null) => {
    const target = { url: urls[n % urls.length], signer, timeoutMs: 10_000, agents };
    const r = await post(target, `evt_floor${Math.floor(n / urls.length)}`, body(n), stop);
    if (r.status !== 200) throw new Error(`answer ${r.status ?? r.error}`);
    measure?.push(r.durationMs);
  };
  const run = async (seconds: number, measure: number[] | null) => {
    const t0 = performance.now();
    const pending: Promise<void>[] = [];
    for (let n = 0; performance.now() - t0 < seconds * 1000; ) {
      const due = Math.floor(((performance.now() - t0) / 1000) * RATE);
      for (; n < due; n++) pending.push(send(n, measure));
      await new Promise((r) => setTimeout(r, 2));
    }
    await Promise.all(pending);
    return { sent: pending.length, ms: performance.now() - t0 };
  };
  await run(1, null); // connections opened, code compiled
  const load0 = loadavg()[0];
  const latencies: number[] = [];
  child.send('start');
  const cpu0 = cpuMs();
  const { sent, ms } = await run(SECONDS, latencies);
  const senderMs = cpuMs() - cpu0;
  const recv = await ask<{ cpuMs: number }>('cpu');
  child.kill();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
  const us = (x: number) => `${Math.round((x * 1000) / sent)} µs`;
  console.log(
    [
      `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: \`npx tsx bench/events/floor.ts --rate ${RATE} --seconds ${SECONDS}\``,
      '',
      `${cpus().length} vCPU (${cpus()[0]?.model.trim()}), Node ${process.version}; load average ${load0.toFixed(1)} at the start.`,
      '',
      '| POSTs | rate achieved | POST p50 / p99 | CPU per POST: sender / receivers | share of the machine |',
      '|---|---|---|---|---|',
      `| ${sent} | ${Math.round((sent * 1000) / ms)}/s | ${pct(0.5).toFixed(1)} ms / ${pct(0.99).toFixed(1)} ms | ${us(senderMs)} / ${us(recv.cpuMs)} | ${Math.round((100 * (senderMs + recv.cpuMs)) / ms / cpus().length)} % |`,
      '',
    ].join('\n'),
  );
  process.exit(0);
}
