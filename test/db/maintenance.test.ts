/**
 * Table maintenance against the test database (PGlite, or PostgreSQL with DATABASE_URL): a table of the
 * test's own is analyzed when due and left alone after; whether the server does the work at all; the
 * scheduler runs and stops. src/db/maintenance.ts, docs/operations/deployment.md.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Db } from '../../src/db/client.js';
import { maintain, maintenanceWanted, startMaintenance, tableStates } from '../../src/db/maintenance.js';
import { testDb } from '../helpers/db.js';

let db: Db;
const table = `maint_${process.pid}_${Date.now().toString(36)}`;

before(async () => {
  db = await testDb();
  await db.exec(`CREATE TABLE ${table} (id int PRIMARY KEY, v text NOT NULL)`);
  await db.exec(`INSERT INTO ${table} SELECT g, repeat('x', 100) FROM generate_series(1, 2000) g`);
});

after(async () => {
  await db.exec(`DROP TABLE IF EXISTS ${table}`);
});

const stateOf = async () => (await tableStates(db)).find((t) => t.table === table);

test('a table never analyzed is vacuumed and analyzed, then not again until it changes', async () => {
  const before = await stateOf();
  assert.ok(before && before.pages > 0, 'the table has pages');
  assert.equal(before.reltuples, -1, 'no statistics yet');
  const plan = await maintenanceWanted(db, 'on');
  assert.ok(plan);
  const done = await maintain(db, { ...plan, only: [table] });
  assert.deepEqual(
    done.map((d) => [d.table, d.reason]),
    [[table, 'never analyzed']],
  );
  const analyzed = await stateOf();
  assert.equal(analyzed?.reltuples, 2000, 'its rows counted');
  assert.equal(analyzed?.relpages, analyzed?.pages);
  assert.deepEqual(await maintain(db, { ...plan, only: [table] }), [], 'nothing due right after');
  // Grown by far more than a fifth: due again.
  await db.exec(`INSERT INTO ${table} SELECT g, repeat('y', 100) FROM generate_series(2001, 6000) g`);
  const grown = await maintain(db, { ...plan, only: [table] });
  assert.deepEqual(
    grown.map((d) => d.reason),
    ['grown'],
  );
  assert.equal((await stateOf())?.reltuples, 6000);
});

test('whether this server does the work: off never; PGlite always; PostgreSQL when autovacuum is off', async () => {
  assert.equal(await maintenanceWanted(db, 'off'), null);
  if (db.kind === 'pglite') {
    assert.deepEqual(await maintenanceWanted(db, 'auto'), { countsKept: false });
    assert.deepEqual(await maintenanceWanted(db, 'on'), { countsKept: false });
    return;
  }
  const [s] = await db.query<{ av: string; tc: string }>(
    "SELECT current_setting('autovacuum') AS av, current_setting('track_counts') AS tc",
  );
  const autovacuumWorks = s.av === 'on' && s.tc === 'on';
  assert.deepEqual(await maintenanceWanted(db, 'auto'), autovacuumWorks ? null : { countsKept: s.tc === 'on' });
  assert.deepEqual(await maintenanceWanted(db, 'on'), { countsKept: s.tc === 'on' });
});

test('DB_MAINTENANCE: auto by default, on and off taken, anything else refused at start', async () => {
  const { loadConfig } = await import('../../src/config.js');
  assert.equal(loadConfig({}).dbMaintenance, 'auto');
  assert.equal(loadConfig({ DB_MAINTENANCE: 'off' }).dbMaintenance, 'off');
  assert.equal(loadConfig({ DB_MAINTENANCE: 'on' }).dbMaintenance, 'on');
  assert.throws(() => loadConfig({ DB_MAINTENANCE: 'yes' }), /DB_MAINTENANCE must be auto, on or off, got 'yes'/);
});

test('the scheduler: off runs nothing; a run in progress is waited for by stop', async () => {
  const lines: string[] = [];
  const log = { info: (_: object, msg: string) => lines.push(msg), warn: (_: object, msg: string) => lines.push(msg) };
  const off = startMaintenance(db, 'off', log, { firstMs: 1, everyMs: 1 });
  await new Promise((r) => setTimeout(r, 50));
  await off.stop();
  assert.equal(lines.length, 0, lines.join('; '));
  // A table of its own, never analyzed, so that the first run has something to do.
  const fresh = `${table}_b`;
  await db.exec(`CREATE TABLE ${fresh} (id int PRIMARY KEY)`);
  await db.exec(`INSERT INTO ${fresh} SELECT generate_series(1, 500)`);
  try {
    const on = startMaintenance(db, 'on', log, { firstMs: 1, everyMs: 60_000 });
    for (let i = 0; i < 600 && !lines.includes('tables vacuumed and analyzed'); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await on.stop();
    assert.ok(lines.includes('tables vacuumed and analyzed'), lines.join('; '));
    assert.ok(((await tableStates(db)).find((t) => t.table === fresh)?.reltuples ?? -1) >= 0, 'analyzed');
  } finally {
    await db.exec(`DROP TABLE ${fresh}`);
  }
});
