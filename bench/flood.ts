/**
 * Flood control under load: 50 customers write normally (a message every 4 s each) through the test
 * channel to one server process, the reference chatbot answering as its own process; once quietly, once
 * while one more customer sends 100 messages a second. Reports the other customers' time from message to
 * reply (the request leaving the client to the delivery's answer carried out) in both runs, what happened
 * to the flood, and that no delivery failed.
 *
 *   npm run bench:flood -- [--rate 100] [--seconds 30] [--customers 50] [--rounds 2] [--no-write]
 *
 * PostgreSQL: a schema of its own (dropped after) in DATABASE_URL's database, or in `ordering_webhooks`
 * on the local server; REDIS_URL when set (flood control then counts in Redis). Default flood limits.
 * Writes bench/results/flood.md.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DEFAULT_FLOOD_LIMITS } from '../src/domain/conversations/flood.js';
import { startChatbotProcess, startServerProcess } from '../test/helpers/services.js';
import { type Figures, merge, render } from './flood/report.js';
import { type FloodApi, type Sent, setUpPizzeria } from './flood/setup.js';
import { backendCpu, cpuMsOf } from './webhooks/cpu.js';
import { privateSchema } from './webhooks/schema.js';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const RATE = Number(arg('rate', '100'));
const SECONDS = Number(arg('seconds', '30'));
const CUSTOMERS = Number(arg('customers', '50'));
const ROUNDS = Number(arg('rounds', '2'));
const EVERY_MS = 4_000;
const FLOOD_IN_FLIGHT = 100;
const WRITE = !process.argv.includes('--no-write');
process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const phone = () => `+4916${String(randomBytes(4).readUInt32BE() % 1e9).padStart(9, '0')}`;
const TEXTS = ['hi', 'what pizzas do you have?', 'are you open now?', 'what does a margherita cost?', 'thanks'];

/** Each customer writes every EVERY_MS, starting at a random moment of the first interval. */
async function customers(api: FloodApi, stop: number): Promise<{ sent: Sent[]; failed: number }> {
  const sent: Sent[] = [];
  let failed = 0;
  await Promise.all(
    Array.from({ length: CUSTOMERS }, async () => {
      const from = phone();
      await sleep(Math.random() * EVERY_MS);
      for (let i = 0; Date.now() < stop; i++) {
        const next = Date.now() + EVERY_MS;
        const s = await api.say(from, TEXTS[i % TEXTS.length]);
        if (s) sent.push(s);
        else failed++;
        await sleep(Math.max(0, next - Date.now()));
      }
    }),
  );
  return { sent, failed };
}

/** One customer at RATE messages a second, open loop; a message that cannot be sent on time is skipped. */
async function flood(api: FloodApi, stop: number) {
  const from = phone();
  const sent: Sent[] = [];
  const running = new Set<Promise<void>>();
  let offered = 0;
  let failed = 0;
  let skipped = 0;
  const t0 = Date.now();
  while (Date.now() < stop) {
    const wait = t0 + (offered * 1000) / RATE - Date.now();
    if (wait > 0) await sleep(wait);
    offered++;
    if (running.size >= FLOOD_IN_FLIGHT) {
      skipped++;
      continue;
    }
    const p: Promise<void> = api
      .say(from, `spam ${offered}`)
      .then((s) => {
        if (s) sent.push(s);
        else failed++;
      })
      .finally(() => running.delete(p));
    running.add(p);
  }
  await Promise.all(running);
  return { sent, offered, failed, skipped };
}

const metric = (text: string, line: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${line} `))
      ?.split(' ')[1] ?? 0,
  );

interface Pids {
  server: number;
  chatbot: number;
  databaseUrl: string;
}

async function run(api: FloodApi, withFlood: boolean, pids: Pids): Promise<Figures> {
  const before = await api.metrics();
  const cpu0 = { server: cpuMsOf(pids.server) ?? Number.NaN, chatbot: cpuMsOf(pids.chatbot) ?? Number.NaN };
  const stopBackends = await backendCpu(pids.databaseUrl);
  const stop = Date.now() + SECONDS * 1000;
  const [normal, flooded] = await Promise.all([customers(api, stop), withFlood ? flood(api, stop) : undefined]);
  const cpu = {
    server: (cpuMsOf(pids.server) ?? Number.NaN) - cpu0.server,
    chatbot: (cpuMsOf(pids.chatbot) ?? Number.NaN) - cpu0.chatbot,
    postgres: await stopBackends(),
  };
  // Every normal message's delivery ends (succeeded or failed) before the figures are read.
  const conversations = [...new Set(normal.sent.map((s) => s.conversationId))];
  const drainStart = Date.now();
  let deliveries = [];
  for (;;) {
    deliveries = (await Promise.all(conversations.map((c) => api.deliveries(c)))).flat();
    const open = deliveries.filter((d) => d.status !== 'succeeded' && d.status !== 'failed').length;
    if (open === 0 || Date.now() - drainStart > 180_000) break;
    await sleep(500);
  }
  const byMessage = new Map(deliveries.map((d) => [d.message_id, d]));
  const latency = normal.sent
    .map((s) => byMessage.get(s.id))
    .filter((d) => d?.completed_at)
    .map((d) => Date.parse(d?.completed_at as string) - (normal.sent.find((s) => s.id === d?.message_id) as Sent).at);
  const floodDeliveries = flooded?.sent.length ? await api.deliveries(flooded.sent[0].conversationId) : [];
  const after = await api.metrics();
  const delta = (line: string) => metric(after, line) - metric(before, line);
  return {
    normal: {
      sent: normal.sent.length,
      refused: normal.failed,
      delivered: normal.sent.filter((s) => byMessage.has(s.id)).length,
      succeeded: deliveries.filter((d) => d.status === 'succeeded').length,
      failed: deliveries.filter((d) => d.status === 'failed').length,
      open: deliveries.filter((d) => d.status !== 'succeeded' && d.status !== 'failed').length,
      latencies: latency,
    },
    flood: flooded && {
      offered: flooded.offered,
      stored: flooded.sent.length,
      refused: flooded.failed,
      skipped: flooded.skipped,
      delivered: floodDeliveries.length,
      failed: floodDeliveries.filter((d) => d.status === 'failed').length,
    },
    heldCustomer: delta('inbound_messages_held_total{limit="customer"}'),
    heldAccount: delta('inbound_messages_held_total{limit="channel_account"}'),
    slowDowns: delta('inbound_slow_down_replies_total'),
    cpu,
  };
}

const load0 = loadavg()[0];
const token = randomBytes(16).toString('hex');
const signingSecret = `whsec_${randomBytes(32).toString('base64')}`;
const adminKey = `svc_admin_${randomBytes(24).toString('hex')}`;
const chatbot = await startChatbotProcess({
  CHATBOT_TOKEN: token,
  CHATBOT_SIGNING_SECRET: signingSecret,
  CHATBOT_ENGINE: 'deterministic',
  CHATBOT_LOG_LEVEL: 'error',
});
const schema = await privateSchema('flood_bench');
const redis = process.env.REDIS_URL ?? '';
const server = await startServerProcess(
  {
    DATABASE_URL: schema.url,
    REDIS_URL: redis,
    ADMIN_API_KEY: adminKey,
    CHATBOT_URL: chatbot.url,
    CHATBOT_TOKEN: token,
    CHATBOT_SIGNING_SECRET: signingSecret,
    LOG_LEVEL: 'error',
  },
  60_000,
);
const quiet: Figures[] = [];
const loud: Figures[] = [];
try {
  // The API's own limit is 1000 requests a minute per key: enough keys for the flood and the reads.
  const api = await setUpPizzeria(server.base, adminKey, Math.ceil((RATE * SECONDS) / 500) + 4);
  // Warm-up, not counted: the first answers of both processes (compilation, caches) are slow.
  const warm = await Promise.all(Array.from({ length: 10 }, () => api.say(phone(), 'hi')));
  for (const s of warm)
    while (s && !(await api.deliveries(s.conversationId)).some((d) => d.completed_at)) await sleep(200);
  const pids = { server: server.proc.pid as number, chatbot: chatbot.proc.pid as number, databaseUrl: schema.url };
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(
      `round ${round}, quiet: ${CUSTOMERS} customers, one message every ${EVERY_MS / 1000} s each, ${SECONDS} s`,
    );
    quiet.push(await run(api, false, pids));
    console.log(`round ${round}, flood: the same, and one customer at ${RATE} messages/s`);
    loud.push(await run(api, true, pids));
  }
} finally {
  process.kill(-(server.proc.pid as number), 'SIGTERM');
  await server.exited();
  await chatbot.stop();
  await schema.drop();
}
const page = render(merge(quiet), merge(loud), {
  command: `npm run bench:flood -- --rate ${RATE} --seconds ${SECONDS} --customers ${CUSTOMERS} --rounds ${ROUNDS}`,
  machine: `${cpus().length} vCPU (${cpus()[0]?.model.trim()}), Node ${process.version}; load average ${load0.toFixed(1)} at the start (the machine is shared)`,
  date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  setting: `PostgreSQL${redis ? ' and Redis (flood control counted in Redis)' : ' (flood control in memory)'}; defaults: ${DEFAULT_FLOOD_LIMITS.perCustomer} messages per customer and ${DEFAULT_FLOOD_LIMITS.perChannelAccount} per channel account per ${DEFAULT_FLOOD_LIMITS.windowMs / 1000} s`,
  customers: CUSTOMERS,
  rate: RATE,
  seconds: SECONDS,
  rounds: ROUNDS,
});
console.log(page);
if (WRITE) writeFileSync('bench/results/flood.md', page);
