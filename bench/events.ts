/**
 * Integrator events under load (docs/events.md): order changes (creations and status moves, real HTTP,
 * one server process on PostgreSQL) at a steady rate, each event delivered to 20 endpoints of the
 * organization: 18 healthy receivers answering at once, one slow (2 s an answer) and one dead (its port
 * closed). Reports the latency from the event's creation (in the change's transaction, just before its
 * commit) to its arrival at the healthy receivers, and checks each got every event once.
 *
 *   npm run bench:events -- [--rate 200] [--seconds 20] [--warmup 3] [--locations 10] [--no-write] [--by-second]
 *     [--cpu-prof DIR] [--changes-only [--floor 4000]]
 *
 * The first `--warmup` seconds run at the same rate but are not measured: a server that just started
 * compiles its routes, opens its connections and prepares its statements then, and in a run of a few
 * seconds that start alone made the p99 (bench/results/events.md, 2026-11-28). Latency, rate and CPU are
 * those of the `--seconds` after it; every event of the whole run is checked for its arrival.
 *
 * The changes are spread over `--locations` locations of the organization: orders of one location take
 * their numbers one at a time (a row lock held to the commit), and fifty new orders a second at a single
 * restaurant is not a load any restaurant makes; an organization's locations together are.
 *
 * `--changes-only`: the same changes and endpoints, but the endpoints subscribe to no order event (each event
 * is written and its endpoints looked for, none is delivered): what the changes themselves cost, per change,
 * which the deliveries' figure includes (bench/results/events.md, "the budget"). With `--floor N`, the
 * webhooks' bare POSTs (bench/events/floor.ts: N a second to 18 receivers, no database, no queue) run
 * beside those changes through the measured seconds: what the machine leaves a delivery at best.
 *
 * PostgreSQL: a schema of its own (dropped after) in DATABASE_URL's database, or in `ordering_webhooks`
 * on the local server. Writes (appends to) bench/results/events.md.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type ServerProcess, startServerProcess } from '../test/helpers/services.js';
import { deadUrl, startReceiver } from './events/receivers.js';
import { backendCpu, cpuMsOf } from './webhooks/cpu.js';
import { privateSchema } from './webhooks/schema.js';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const RATE = Number(arg('rate', '200'));
const SECONDS = Number(arg('seconds', '20'));
const WARMUP = Number(arg('warmup', '3'));
/** `--by-second`: the latency of the events of each second of the run (the warm-up's included), printed. */
const BY_SECOND = process.argv.includes('--by-second');
const WRITE = !process.argv.includes('--no-write');
/** `--cpu-prof DIR`: the server process writes a CPU profile there (node --cpu-prof) when it stops. */
const PROFILE_DIR = arg('cpu-prof', '');
const LOCATIONS = Number(arg('locations', '10'));
const CHANGES_ONLY = process.argv.includes('--changes-only');
const FLOOR = CHANGES_ONLY ? Number(arg('floor', '0')) : 0;

/** bench/events/floor.ts beside the changes for `seconds`: its table, as it printed it. */
function floorBeside(seconds: number): Promise<string[]> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, 'bench/events/floor.ts', '--rate', String(FLOOR), '--seconds', String(seconds)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
  });
  return new Promise((r) => child.on('exit', () => r(out.split('\n').filter((l) => l.startsWith('|')))));
}
const IN_FLIGHT = 100;
const NEXT = ['accepted', 'in_preparation', 'completed'];
process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) =>
  xs.length === 0 ? Number.NaN : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

function client(base: string) {
  return async (key: string, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { 'x-api-key': key };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method === 'POST') headers['idempotency-key'] = randomBytes(12).toString('hex');
    const res = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
}

const ORDER = {
  channel: 'web',
  items: [{ type: 'product', name: 'Espresso', quantity: 1, unit_price: { amount: 250, currency: 'EUR' } }],
  total: { amount: 250, currency: 'EUR' },
};

async function run() {
  const adminKey = `svc_admin_${randomBytes(40)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 36)}`;
  const schema = await privateSchema('ev_bench');
  const healthy = await Promise.all(Array.from({ length: 18 }, () => startReceiver()));
  const slow = await startReceiver(2_000);
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess(
      {
        DATABASE_URL: schema.url,
        REDIS_URL: '',
        ADMIN_API_KEY: adminKey,
        LOG_LEVEL: 'error',
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      },
      60_000,
      PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [],
    );
    const call = client(server.base);
    const org = (await call(adminKey, 'POST', '/admin/v1/organizations', { name: 'Bench' })).body;
    const locs: string[] = [];
    for (let i = 0; i < LOCATIONS; i++) {
      const loc = await call(adminKey, 'POST', `/admin/v1/organizations/${org.id}/locations`, {
        name: `Bench ${i + 1}`,
        currency: 'EUR',
        country: 'DE',
        timezone: 'Europe/Berlin',
        default_language: 'de',
      });
      locs.push(loc.body.id);
    }
    for (const url of [...healthy.map((r) => r.url), slow.url, await deadUrl()]) {
      const ep = await call(adminKey, 'POST', '/admin/v1/webhook_endpoints', {
        url,
        enabled_events: CHANGES_ONLY ? ['menu.replaced'] : ['*'],
        organization_id: org.id,
      });
      if (ep.status !== 201) throw new Error(`set-up failed: ${JSON.stringify(ep.body)}`);
    }
    // Each key has 1000 requests a minute.
    const keys: { admin: string; org: string }[] = [];
    for (let i = 0; i < Math.ceil((RATE * (SECONDS + WARMUP)) / 500) + 1; i++) {
      const a = await call(adminKey, 'POST', '/admin/v1/api_keys', { type: 'admin', name: `bench ${i}` });
      const o = await call(adminKey, 'POST', '/admin/v1/api_keys', { organization_id: org.id, permissions: ['*'] });
      keys.push({ admin: a.body.secret, org: o.body.secret });
    }
    console.log(`events: ${RATE} order changes/s for ${SECONDS} s, 20 endpoints (one slow, one dead)`);
    // Orders waiting for their next move; a change is a move when one is waiting, else a new order.
    const waiting: { id: string; loc: string; step: number }[] = [];
    let changes = 0;
    let failed = 0;
    const failures = new Map<string, number>();
    let dropped = 0;
    const running = new Set<Promise<void>>();
    const serverPid = server.proc.pid as number;
    let serverCpu0 = Number.NaN;
    let stopBackends: (() => Promise<number>) | undefined;
    let measuredFrom = Number.POSITIVE_INFINITY;
    let floor: Promise<string[]> | undefined;
    let changesBefore = 0;
    const t0 = performance.now();
    for (let n = 0; performance.now() - t0 < (WARMUP + SECONDS) * 1000; n++) {
      if (!stopBackends && performance.now() - t0 >= WARMUP * 1000) {
        serverCpu0 = cpuMsOf(serverPid) ?? Number.NaN;
        stopBackends = await backendCpu(schema.url);
        measuredFrom = Date.now();
        // Its first second opens connections and is not measured: it measures the rest of these seconds.
        if (FLOOR > 0) floor = floorBeside(Math.max(1, SECONDS - 1));
        changesBefore = changes;
      }
      const wait = t0 + (n * 1000) / RATE - performance.now();
      if (wait > 0) await sleep(wait);
      if (running.size >= IN_FLIGHT) {
        dropped++;
        continue;
      }
      const key = keys[n % keys.length];
      const next = waiting.shift();
      const p: Promise<void> = (
        next
          ? call(key.org, 'PATCH', `/v1/locations/${next.loc}/orders/${next.id}`, { status: NEXT[next.step] }).then(
              (r) => {
                if (r.status !== 200) throw new Error(`${r.status} ${r.body?.error?.code ?? ''}`);
                if (next.step + 1 < NEXT.length) waiting.push({ ...next, step: next.step + 1 });
              },
            )
          : call(key.admin, 'POST', `/admin/v1/locations/${locs[n % LOCATIONS]}/orders`, ORDER).then((r) => {
              if (r.status !== 201) throw new Error(`${r.status} ${r.body?.error?.code ?? ''}`);
              waiting.push({ id: r.body.id, loc: locs[n % LOCATIONS], step: 0 });
            })
      )
        .then(() => void changes++)
        .catch((err) => {
          failed++;
          const why = String((err as Error).message ?? err);
          failures.set(why, (failures.get(why) ?? 0) + 1);
        })
        .finally(() => running.delete(p));
      running.add(p);
    }
    const seconds = (performance.now() - t0) / 1000 - WARMUP;
    const measuredChanges = changes - changesBefore;
    if (failures.size > 0) console.log('failed changes:', Object.fromEntries(failures));
    await Promise.all(running);
    const drain0 = performance.now();
    while (!CHANGES_ONLY && performance.now() - drain0 < 30_000 && healthy.some((r) => r.byId.size < changes))
      await sleep(200);
    const drainMs = performance.now() - drain0;
    const serverCpu = (cpuMsOf(serverPid) ?? Number.NaN) - serverCpu0;
    const pgCpu = stopBackends ? await stopBackends() : Number.NaN;
    const measured = (r: (typeof healthy)[number]) => [...r.byId.values()].filter((e) => e.createdAt >= measuredFrom);
    const latencies = healthy.flatMap((r) => measured(r).map((e) => e.first - e.createdAt));
    if (BY_SECOND) {
      const all = healthy.flatMap((r) => [...r.byId.values()]);
      const start = Math.min(...all.map((e) => e.createdAt));
      const bySecond = new Map<number, number[]>();
      for (const e of all) {
        const k = Math.floor((e.createdAt - start) / 1000);
        bySecond.set(k, [...(bySecond.get(k) ?? []), e.first - e.createdAt]);
      }
      for (const [k, xs] of [...bySecond].sort((a, b) => a[0] - b[0]))
        console.log(`second ${k}: n ${xs.length} p50 ${pct(xs, 0.5)} p99 ${pct(xs, 0.99)} max ${pct(xs, 1)}`);
    }
    const duplicates = healthy.reduce((s, r) => s + [...r.byId.values()].filter((e) => e.count > 1).length, 0);
    const missing = healthy.reduce((s, r) => s + Math.max(0, changes - r.byId.size), 0);
    const delivered = latencies.length + measured(slow).length;
    const per = CHANGES_ONLY ? measuredChanges : delivered;
    const cpu = { server: serverCpu / per, pg: pgCpu / per };
    return {
      seconds,
      changes: measuredChanges,
      failed,
      dropped,
      drainMs,
      latencies,
      duplicates,
      missing,
      slow: slow.byId.size,
      cpu,
      floor: floor ? await floor : null,
    };
  } finally {
    if (server) {
      process.kill(-(server.proc.pid as number), 'SIGTERM');
      await server.exited();
    }
    await Promise.all([...healthy, slow].map((r) => r.close()));
    await schema.drop();
  }
}

const load0 = loadavg()[0];
const r = await run();
const ms = (x: number) => `${Math.round(x)} ms`;
const cpuCell = `${r.cpu.server.toFixed(2)} ms / ${r.cpu.pg.toFixed(2)} ms`;
const table = CHANGES_ONLY
  ? [
      '| changes made | failed | dropped (server behind) | rate achieved | CPU per change: server / PostgreSQL |',
      '|---|---|---|---|---|',
      `| ${r.changes} | ${r.failed} | ${r.dropped} | ${(r.changes / r.seconds).toFixed(0)}/s | ${cpuCell} |`,
      ...(r.floor
        ? [
            '',
            `Beside them, \`bench/events/floor.ts --rate ${FLOOR}\` (webhook POSTs alone: no database, no queue):`,
            '',
            ...r.floor,
          ]
        : []),
    ]
  : [
      '| changes made | failed | dropped (server behind) | rate achieved | events at 18 healthy receivers | missing | duplicates | event → healthy receiver p50 / p99 / max | drain after the load | slow endpoint got | CPU per delivery: server / PostgreSQL |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      `| ${r.changes} | ${r.failed} | ${r.dropped} | ${(r.changes / r.seconds).toFixed(0)}/s | ${r.latencies.length} | ${r.missing} | ${r.duplicates} | ${ms(pct(r.latencies, 0.5))} / ${ms(pct(r.latencies, 0.99))} / ${ms(pct(r.latencies, 1))} | ${ms(r.drainMs)} | ${r.slow} | ${cpuCell} |`,
    ];
const lines = [
  `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: \`npm run bench:events -- --rate ${RATE} --seconds ${SECONDS} --warmup ${WARMUP} --locations ${LOCATIONS}${CHANGES_ONLY ? ' --changes-only' : ''}${FLOOR ? ` --floor ${FLOOR}` : ''}\``,
  '',
  `${cpus().length} vCPU (${cpus()[0]?.model.trim()}), Node ${process.version}; load average ${load0.toFixed(1)} at the start (the machine is shared).`,
  '',
  ...table,
  '',
];
console.log(lines.join('\n'));
const page = 'bench/results/events.md';
if (WRITE) {
  if (existsSync(page)) appendFileSync(page, `\n${lines.join('\n')}`);
  else
    writeFileSync(
      page,
      `# Integrator events under load\n\nWhat \`npm run bench:events\` measured (bench/events.ts): order changes on PostgreSQL, each event to 20 endpoints, one slow (2 s) and one dead; the latency from the event's creation to its arrival at the healthy receivers. Target: p99 < 150 ms at 200 changes/s.\n\n${lines.join('\n')}`,
    );
}
