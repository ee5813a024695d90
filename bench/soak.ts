/**
 * Soak: mixed reads and writes against two server processes on one private PostgreSQL cluster and one
 * private Redis, while PostgreSQL is restarted twice and Redis once. Counts requests and errors by kind,
 * lost acknowledged writes and duplicates, recovery time after each fault, and server RSS.
 * Only private services are used: the machine's PostgreSQL and Redis are never touched.
 *
 *   npx tsx bench/soak.ts [--minutes 10] [--rate 40] [--concurrency 20] [--label "after fixes"] [--no-write]
 *
 * Prints a Markdown table and writes it into bench/results/soak.md under its label.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgClusterUnavailable, postgresBin, redisUnavailable, startRedis } from '../test/helpers/services.js';
import { Recorder } from './soak/client.js';
import { planFaults, scheduleFaults } from './soak/faults.js';
import { Fleet } from './soak/fleet.js';
import { cleanUp, cleanUpOnSignals, owned } from './soak/lifecycle.js';
import { runPaced } from './soak/pace.js';
import { startPgControl } from './soak/pg-control.js';
import { render } from './soak/report.js';
import { writeSection } from './soak/results.js';
import { adminSecret, setupTenant } from './soak/setup.js';
import { reconcile, verify } from './soak/verify.js';
import { Workload } from './soak/workload.js';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const MINUTES = Number(arg('minutes', '10'));
const RATE = Number(arg('rate', '40'));
const CONCURRENCY = Number(arg('concurrency', '20'));
const LABEL = arg('label', 'latest run');
const WRITE = !process.argv.includes('--no-write');
const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root); // the servers run src/main.ts from here

const missing = pgClusterUnavailable() ?? redisUnavailable();
if (missing) throw new Error(`The soak needs a private PostgreSQL cluster and Redis: ${missing}`);

const version = (cmd: string) => execFileSync(cmd, ['--version'], { encoding: 'utf8' }).trim();
const machine =
  `Machine: ${cpus().length} vCPU (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GB, ` +
  `Node ${process.version}, PostgreSQL ${/\d+\.\d+/.exec(version(join(postgresBin() as string, 'postgres')))?.[0]} ` +
  '(private cluster, fsync off), ' +
  `${version('redis-server').split(' ').slice(0, 3).join(' ')}; load average ${loadavg()[0].toFixed(1)} at the start ` +
  '(the machine may be shared: latencies and restart times grow with it).';

cleanUpOnSignals();

try {
  const durationMs = MINUTES * 60_000;
  console.log(`soak: ${MINUTES} min, ${RATE} requests/s, ${CONCURRENCY} in flight; starting private services`);
  const pg = await owned(startPgControl('soak'), (x) => x.destroy());
  const redis = await owned(startRedis(), (x) => x.stop());
  const adminKey = adminSecret();
  const rec = new Recorder();
  const fleet = new Fleet({ DATABASE_URL: pg.url, REDIS_URL: redis.url, ADMIN_API_KEY: adminKey }, rec.now);
  await owned(Promise.resolve(fleet), (x) => x.stop());
  await fleet.start(['A', 'B']);
  const targets = fleet.nodes.map((x) => ({ index: x.index, base: x.base }));
  const tenant = await setupTenant(targets[0], adminKey, { locations: 3, orgKeys: 6, adminKeys: 3 });
  const workload = new Workload(tenant, targets, rec, randomBytes(4).toString('hex'));

  const faults = planFaults(pg, redis, durationMs);

  for (const [i, rss] of fleet.rss().entries()) fleet.nodes[i].rssStartKb = rss;
  rec.t0 = performance.now();
  const faultRuns = scheduleFaults(faults, durationMs, rec);
  const loadMs = await runPaced(workload, rec, fleet, { durationMs, rate: RATE, concurrency: CONCURRENCY });
  await faultRuns;
  console.log('load done; retrying unacknowledged creates and checking the database');

  await fleet.allAlive(60_000);
  const reconciled = await reconcile(workload, targets);
  for (const [i, rss] of fleet.rss().entries()) fleet.nodes[i].rssEndKb = rss;
  const verdict = await verify(workload, pg.url, reconciled);
  await cleanUp();

  const args = process.argv.slice(2).map((a) => (/\s/.test(a) ? `"${a}"` : a));
  const command = `npx tsx bench/soak.ts ${args.join(' ')}`.trim();
  const run = { label: LABEL, command, machine, minutes: MINUTES, rate: RATE, concurrency: CONCURRENCY, loadMs };
  const { markdown, goalsMissed } = render({
    ...run,
    attempts: rec.attempts,
    faults,
    nodes: fleet.nodes,
    workload,
    verdict,
  });
  console.log(`\n${markdown}\n`);
  if (WRITE) {
    writeSection(join(root, 'bench/results/soak.md'), LABEL, markdown);
    console.log(`written to bench/results/soak.md, section "${LABEL}"`);
  }
  if (goalsMissed.length > 0) console.log(`goals missed: ${goalsMissed.join(', ')}`);
} finally {
  await cleanUp();
}
