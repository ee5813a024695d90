/**
 * Counts the database round trips of one customer message: the API's (the inbound request) and the
 * worker's (claim, body, answer), on PostgreSQL, one server in this process. A tool for profiling the
 * webhook path (bench/results/webhooks.md), not a test.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/webhooks/queries.ts [messages]
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startServer } from '../../src/server.js';
import { setUp } from './api.js';
import { startReceiver } from './receiver.js';

const N = Number(process.argv[2] ?? 5);
const base = process.env.DATABASE_URL;
if (!base) throw new Error('DATABASE_URL is needed');
const schema = `wh_queries_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schema}`);
const url = new URL(base);
url.searchParams.set('options', `-c search_path=${schema}`);

// Every statement a pooled client sends (BEGIN and COMMIT included), with the first words of its text.
const seen: string[] = [];
const original = pg.Client.prototype.query as (...a: unknown[]) => unknown;
pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
  const q = args[0] as string | { text?: string };
  const text = typeof q === 'string' ? q : (q?.text ?? '?');
  seen.push(text.replace(/\s+/g, ' ').trim().slice(0, 110));
  return original.apply(this, args);
} as typeof pg.Client.prototype.query;

const receiver = await startReceiver();
const adminKey = `svc_admin_${randomBytes(27).toString('hex').slice(0, 36)}`;
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir: '',
  databaseUrl: url.href,
  // Its VACUUMs would be counted among a message's statements.
  dbMaintenance: 'off',
  adminApiKey: adminKey,
  chatbotUrl: receiver.url,
  chatbotTimeoutMs: 10_000,
  webhookConcurrency: 16,
  inboundQueueLagLimitMs: 2_000,
  whatsappGraphBaseUrl: 'http://127.0.0.1:9',
  whatsappGraphVersion: 'v25.0',
  logLevel: 'error',
  trustProxy: false,
});
const address = server.app.server.address() as { port: number };
const api = await setUp(`http://127.0.0.1:${address.port}`, adminKey, 1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
await sleep(500);
try {
  for (let i = 0; i < N; i++) {
    seen.length = 0;
    const id = await api.say(`+4915100000${i % 2}`, `message ${i}`);
    const inbound = seen.length;
    const inboundText = [...seen];
    while (!receiver.byMessage.has(id as string)) await sleep(5);
    await sleep(300);
    console.log(`message ${i}: API ${inbound} statements, then worker ${seen.length - inbound}`);
    if (i === N - 1) {
      console.log('--- API');
      for (const s of inboundText) console.log(' ', s);
      console.log('--- worker');
      for (const s of seen.slice(inbound)) console.log(' ', s);
    }
  }
} finally {
  await server.stop();
  await receiver.close();
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
}
