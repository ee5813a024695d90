/**
 * The message webhook under load: customer messages through the test channel (real HTTP, one server
 * process) at a steady rate, delivered to a local receiver that answers `{}` at once. Reports the
 * latency from the delivery's creation (the message's transaction) to its arrival at the receiver and
 * to its completion, and checks exactly-once: one webhook-id per message, each received once.
 *
 *   npm run bench:webhooks -- [--rate 200] [--seconds 30] [--rounds 3] [--db both|postgres|pglite] [--no-write]
 *     [--processes 1] [--warmup 3] [--customers 0] [--timeline] [--node-args "--trace-gc …"]
 *
 * Each round first runs `--warmup` seconds at the same rate over 200 other conversations, not measured: a
 * server that just started compiles its routes, opens its connections and prepares its statements there
 * (in a run without it nearly every message over 30 ms was one of the first second's). The measured
 * conversations are new all the same: their first messages (a new customer and conversation) are measured.
 *
 * `--customers N` (PostgreSQL only) adds N other customers of the organization, each with a conversation on
 * the channel account, before the warm-up: what a message costs where many customers wrote before.
 *
 * `--processes N` (PostgreSQL only) starts N server processes on the one database, each customer writing
 * to one of them; CPU and statements are their sum.
 * Each round is a fresh server and database. Besides latency: the body's size, the server's statements per
 * stored message (db_statements_total), CPU per message, and what backpressure refused (503).
 *
 * `--timeline` prints, after each round, when its slow messages came beside the bench's own stalls and (with
 * `--node-args --trace-gc`) the servers' GC pauses (./webhooks/timeline.ts). `--node-args` are node flags
 * for the server processes (`--max-semi-space-size=32`, …); the command written with the figures names them.
 *
 * PostgreSQL: a schema of its own (dropped after) in DATABASE_URL's database, or in `ordering_webhooks`
 * on the local server. PGlite: a fresh data folder. Writes bench/results/webhooks.md.
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type ServerProcess, startServerProcess } from '../test/helpers/services.js';
import { type Api, setUp } from './webhooks/api.js';
import { backendCpu, cpuMsOf } from './webhooks/cpu.js';
import { startReceiver } from './webhooks/receiver.js';
import { type RunResult, render, renderRun } from './webhooks/report.js';
import { privateSchema } from './webhooks/schema.js';
import { type Arrival, renderTimeline, watchLoop } from './webhooks/timeline.js';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const RATE = Number(arg('rate', '200'));
const SECONDS = Number(arg('seconds', '30'));
const WHICH = arg('db', 'both');
const ROUNDS = Number(arg('rounds', '3'));
const WARMUP = Number(arg('warmup', '3'));
if (!(WARMUP >= 0)) throw new Error('--warmup takes a number of seconds (0: none)');
const WRITE = !process.argv.includes('--no-write');
/** `--cpu-prof DIR`: the server process writes a CPU profile there (node --cpu-prof) when it stops. */
const PROFILE_DIR = arg('cpu-prof', '');
const PROCESSES = Number(arg('processes', '1'));
const CUSTOMERS = Number(arg('customers', '0'));
const TIMELINE = process.argv.includes('--timeline');
const NODE_ARGS = arg('node-args', '').split(' ').filter(Boolean);
if (PROCESSES > 1 && WHICH !== 'postgres') throw new Error('--processes needs --db postgres: PGlite is one process');
const CONVERSATIONS = 200;
const IN_FLIGHT = 100;
process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mean = (xs: number[]) => (xs.length === 0 ? Number.NaN : xs.reduce((a, b) => a + b, 0) / xs.length);
const pct = (xs: number[], p: number) =>
  xs.length === 0 ? Number.NaN : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

/**
 * Sends RATE messages a second for `seconds`, round-robin over CONVERSATIONS customers whose numbers start
 * with `prefix`; returns their ids.
 */
async function load(api: Api, seconds: number, prefix: string) {
  const phones = Array.from(
    { length: CONVERSATIONS },
    (_, i) => `${prefix}${String(i).padStart(4, '0')}${randomBytes(2).readUInt16BE() % 10_000}`,
  );
  const sent: string[] = [];
  let failed = 0;
  let refused = 0;
  let dropped = 0;
  const running = new Set<Promise<void>>();
  const t0 = performance.now();
  let n = 0;
  while (performance.now() - t0 < seconds * 1000) {
    const due = t0 + (n * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const i = n++;
    if (running.size >= IN_FLIGHT) {
      dropped++; // the server is behind: the backlog is not sent in a burst later
      continue;
    }
    const p: Promise<void> = api
      .say(phones[i % CONVERSATIONS], `message ${i}`)
      .then((id) => {
        if (id === 'refused') refused++;
        else if (id) sent.push(id);
        else failed++;
      })
      .finally(() => running.delete(p));
    running.add(p);
  }
  const took = (performance.now() - t0) / 1000;
  await Promise.all(running);
  return { sent, failed, refused, dropped, offered: n, seconds: took };
}

/** Waits (at most 30 s) until every message of `ids` reached the receiver; answers how long it waited. */
async function arrived(receiver: { byMessage: Set<string> }, ids: string[]) {
  const start = performance.now();
  while (performance.now() - start < 30_000) {
    if (ids.every((id) => receiver.byMessage.has(id))) break;
    await sleep(200);
  }
  return performance.now() - start;
}

/** N customers of the one channel account's organization, each with a conversation on it, in one statement each. */
async function addCustomers(url: string, n: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO customers (id, scope_id, organization_id, location_id, phone, created_at, updated_at)
       SELECT 'cus_bench' || g, coalesce(a.organization_id, a.location_id), a.organization_id,
         CASE WHEN a.organization_id IS NULL THEN a.location_id END, '+4917' || lpad(g::text, 9, '0'), now(), now()
       FROM channel_accounts a, generate_series(1, $1::int) g`,
      [n],
    );
    await client.query(
      `INSERT INTO conversations (id, channel_account_id, customer_id, mode, organization_id, location_id, created_at,
         updated_at)
       SELECT 'conv_bench' || substr(c.id, 10), a.id, c.id, a.mode, a.organization_id, a.location_id, now(), now()
       FROM channel_accounts a JOIN customers c ON c.id LIKE 'cus_bench%'`,
    );
  } finally {
    await client.end();
  }
}

async function runOne(kind: 'postgres' | 'pglite'): Promise<RunResult> {
  const receiver = await startReceiver();
  const adminKey = `svc_admin_${randomBytes(40)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 36)}`;
  const dataDir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'wh-bench-')) : undefined;
  const schema = kind === 'postgres' ? await privateSchema('wh_bench') : undefined;
  const servers: ServerProcess[] = [];
  const spawnedAt: number[] = [];
  try {
    for (let i = 0; i < PROCESSES; i++) {
      spawnedAt.push(Date.now());
      servers.push(
        await startServerProcess(
          {
            ...(schema ? { DATABASE_URL: schema.url } : { DATABASE_URL: '', DATA_DIR: join(dataDir as string, 'db') }),
            REDIS_URL: '',
            // Every message is to be delivered: 30 a conversation in 30 s is a flood by the default limits.
            INBOUND_LIMIT_PER_CUSTOMER: '100000',
            INBOUND_LIMIT_PER_CHANNEL_ACCOUNT: '10000000',
            ADMIN_API_KEY: adminKey,
            CHATBOT_URL: receiver.url,
            LOG_LEVEL: 'error',
          },
          60_000,
          [...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []), ...NODE_ARGS],
        ),
      );
    }
    const bases = servers.map((s) => s.base);
    const api = await setUp(bases[0], adminKey, Math.ceil((RATE * (SECONDS + WARMUP)) / 400) + 1, bases);
    if (CUSTOMERS > 0) {
      if (!schema) throw new Error('--customers needs --db postgres');
      await addCustomers(schema.url, CUSTOMERS);
    }
    if (WARMUP > 0) {
      const warm = await load(api, WARMUP, '+4916');
      await arrived(receiver, warm.sent);
      const late = warm.sent.filter((id) => !receiver.byMessage.has(id)).length;
      if (late > 0) throw new Error(`the warm-up's deliveries did not drain in 30 s (${late} missing): not measured`);
      // Their outcomes are written just after the receiver has them: not in the measured figures.
      await sleep(1_000);
      receiver.sizes.length = 0;
    }
    console.log(`${kind}: ${RATE} messages/s for ${SECONDS} s, ${PROCESSES} server process(es)`);
    const serversCpu = () => servers.reduce((sum, s) => sum + (cpuMsOf(s.proc.pid as number) ?? Number.NaN), 0);
    const serverCpu0 = serversCpu();
    const stopBackends = schema ? await backendCpu(schema.url) : undefined;
    const statements0 = await api.statements();
    const stopWatching = watchLoop();
    const sent = await load(api, SECONDS, '+4915');
    const stalls = stopWatching();
    const wanted = new Set(sent.sent);
    const drainMs = await arrived(receiver, sent.sent);
    const serverCpuMs = serversCpu() - serverCpu0;
    const postgresCpuMs = stopBackends ? await stopBackends() : Number.NaN;
    const statements = (await api.statements()) - statements0;
    const deliveries = await api.deliveries();
    const ours = deliveries.filter((d) => wanted.has(d.message_id));
    const toArrival: number[] = [];
    const toDone: number[] = [];
    const arrivals: Arrival[] = [];
    for (const d of ours) {
      const got = receiver.byId.get(d.id);
      if (got) {
        const createdAt = Date.parse(d.created_at);
        toArrival.push(got.first - createdAt);
        arrivals.push({ createdAt, ms: got.first - createdAt });
      }
      if (d.completed_at) toDone.push(Date.parse(d.completed_at) - Date.parse(d.created_at));
    }
    if (TIMELINE) {
      const outputs = servers.map((s, i) => ({ output: s.output(), spawnedAt: spawnedAt[i] as number }));
      console.log(renderTimeline(arrivals, stalls, outputs, SECONDS * 1000));
    }
    const counts = ours.map((d) => receiver.byId.get(d.id)?.count ?? 0);
    return {
      kind,
      rate: RATE,
      seconds: sent.seconds,
      offered: sent.offered,
      sent: sent.sent.length,
      failed: sent.failed,
      refused: sent.refused,
      statements,
      bodyBytes: { mean: mean(receiver.sizes), max: Math.max(0, ...receiver.sizes) },
      dropped: sent.dropped,
      deliveries: ours.length,
      succeeded: ours.filter((d) => d.status === 'succeeded').length,
      received: counts.filter((c) => c > 0).length,
      duplicates: counts.filter((c) => c > 1).length,
      missing: [...wanted].filter((id) => !receiver.byMessage.has(id)).length,
      drainMs,
      cpu: { server: serverCpuMs, postgres: postgresCpuMs },
      arrival: { p50: pct(toArrival, 0.5), p99: pct(toArrival, 0.99), max: pct(toArrival, 1) },
      done: { p50: pct(toDone, 0.5), p99: pct(toDone, 0.99), max: pct(toDone, 1) },
    };
  } finally {
    for (const server of servers) {
      process.kill(-(server.proc.pid as number), 'SIGTERM');
      await server.exited();
    }
    await receiver.close();
    await schema?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const kinds = WHICH === 'both' ? (['postgres', 'pglite'] as const) : [WHICH as 'postgres' | 'pglite'];
const results: RunResult[] = [];
const load0 = loadavg()[0];
for (const kind of kinds) for (let round = 0; round < ROUNDS; round++) results.push(await runOne(kind));
const machine = `${cpus().length} vCPU (${cpus()[0]?.model.trim()}), Node ${process.version}; load average ${load0.toFixed(1)} at the start (the machine is shared)`;
const command = `npm run bench:webhooks -- --rate ${RATE} --seconds ${SECONDS} --rounds ${ROUNDS} --db ${WHICH}${PROCESSES > 1 ? ` --processes ${PROCESSES}` : ''} --warmup ${WARMUP}${CUSTOMERS > 0 ? ` --customers ${CUSTOMERS}` : ''}${NODE_ARGS.length > 0 ? ` --node-args "${NODE_ARGS.join(' ')}"` : ''}`;
const page = 'bench/results/webhooks.md';
const run = {
  machine,
  command,
  date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  warmupSeconds: WARMUP,
};
console.log(renderRun(results, run));
// Earlier runs stay on the page as history; a new run is added at the end.
if (WRITE) {
  if (existsSync(page)) appendFileSync(page, `\n${renderRun(results, run)}`);
  else writeFileSync(page, render(results, run));
}
