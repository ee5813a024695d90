/**
 * CPU per webhook body, the builder alone: one message at a location with the drafts' menu and settings,
 * its body built N times one after the other by one builder (as the worker keeps one). On PGlite (default)
 * or DATABASE_URL (a schema of its own). A profiling tool (bench/results/webhooks.md), not a test.
 *
 *   npx tsx bench/webhooks/body.ts [N]
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createPayloadBuilder } from '../../src/webhooks/payload/index.js';
import { createTestAccount, say } from '../../test/conversations/_support.js';
import { setUpLocation } from '../../test/drafts/_support.js';
import { getHarness } from '../../test/helpers/app.js';
import { testDb } from '../../test/helpers/db.js';
import { newTenant } from '../../test/helpers/fixtures.js';
import { backendCpu } from './cpu.js';

const N = Number(process.argv[2] ?? 500);
let drop = async () => {};
if (process.env.DATABASE_URL) {
  const schema = `wh_body_${process.pid}`;
  const base = process.env.DATABASE_URL;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  process.env.DATABASE_URL = url.href;
  drop = async () => {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  };
}
const h = await getHarness();
const db = await testDb();
const t = await newTenant(h);
const loc = t.locationIds[0];
await setUpLocation(h, t.orgKey, loc);
const account = await createTestAccount(h, { location_id: loc });
const m = await say(h, account, '+491701234567', 'Hallo');
const build = createPayloadBuilder(db);
const ref = (i: number) => ({
  deliveryId: `whd_body${i}`,
  conversationId: m.conversation_id,
  messageId: m.id,
  event: 'message' as const,
  problems: null,
  previousLocationId: null,
  addressLookup: null,
  attempt: 1,
});
for (let i = 0; i < 50; i++) await build(ref(i)); // warm-up
const backends = process.env.DATABASE_URL ? await backendCpu(process.env.DATABASE_URL) : null;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < N; i++) await build(ref(i));
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const pgMs = backends ? await backends() : null;
console.log(
  `${db.kind}: ${N} bodies, ${(wall / N).toFixed(2)} ms each (wall), ` +
    `${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms of this process's CPU each` +
    (pgMs === null ? '' : `, ${(pgMs / N).toFixed(2)} ms of PostgreSQL's`),
);
await h.app.close();
await db.close();
await drop();
process.exit(0);
