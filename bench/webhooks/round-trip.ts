/**
 * What one round trip to PostgreSQL costs in CPU, apart from what its statement does: a prepared
 * `SELECT $1::int` sent over and over on one connection, the client's CPU (this process) and the
 * backend's (/proc) per statement. A floor for what merging statements can save (bench/results/webhooks.md).
 *
 *   DATABASE_URL=postgres://… npx tsx bench/webhooks/round-trip.ts [statements per round] [rounds]
 */
import pg from 'pg';
import { cpuMsOf } from './cpu.js';

const N = Number(process.argv[2] ?? 20_000);
const ROUNDS = Number(process.argv[3] ?? 3);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is needed');
const client = new pg.Client({ connectionString: url });
await client.connect();
const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
const backend = rows[0].pid;

console.log('| round | client CPU µs / statement | backend CPU µs / statement | wall µs / statement |');
console.log('|---:|---:|---:|---:|');
for (let round = 1; round <= ROUNDS; round++) {
  const cpu0 = process.cpuUsage();
  const be0 = cpuMsOf(backend) ?? Number.NaN;
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await client.query({ name: 'round_trip', text: 'SELECT $1::int AS x', values: [i] });
  const cpu = process.cpuUsage(cpu0);
  const be = (cpuMsOf(backend) ?? Number.NaN) - be0;
  const wall = performance.now() - t0;
  const per = (ms: number) => ((ms * 1000) / N).toFixed(0);
  console.log(`| ${round} | ${per((cpu.user + cpu.system) / 1000)} | ${per(be)} | ${per(wall)} |`);
}
await client.end();
