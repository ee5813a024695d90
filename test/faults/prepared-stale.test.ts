/**
 * Hot statements are named prepared statements on PostgreSQL (src/db/prepared.ts). A migration that adds a
 * column to a table one of them reads with `*` makes it fail on every connection that prepared it; such a
 * connection must not be reused, so that the statement works again at the next call instead of failing on
 * that connection for as long as it lives. Needs PostgreSQL (DATABASE_URL); skipped on PGlite.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { postgresDb } from '../../src/db/client.js';
import { PREPARED } from '../../src/db/prepared.js';

test('a prepared statement made stale by a new column fails once, then works again', async (t) => {
  const base = process.env.DATABASE_URL;
  if (!base) return t.skip('PostgreSQL only (DATABASE_URL)');
  const schema = `stale_plan_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  // One connection: every call below runs on the same one unless it is discarded.
  const db = postgresDb(url.href, 1);
  try {
    await db.exec('CREATE TABLE things (id int PRIMARY KEY)');
    await db.query('INSERT INTO things VALUES (1)');
    const read = (tx: { query: typeof db.query }) => tx.query('SELECT * FROM things WHERE id = $1', [1], PREPARED);
    assert.deepEqual(await db.transaction(read), [{ id: 1 }]);
    assert.deepEqual(await read(db), [{ id: 1 }]);
    await admin.query(`ALTER TABLE ${schema}.things ADD COLUMN name text`);
    // In a transaction: fails once, and the connection is replaced.
    await assert.rejects(db.transaction(read), /cached plan must not change result type/);
    assert.deepEqual(await db.transaction(read), [{ id: 1, name: null }]);
    assert.deepEqual(await read(db), [{ id: 1, name: null }]);
    // Outside one: the same.
    await admin.query(`ALTER TABLE ${schema}.things ADD COLUMN size int`);
    await assert.rejects(read(db), /cached plan must not change result type/);
    assert.deepEqual(await read(db), [{ id: 1, name: null, size: null }]);
  } finally {
    await db.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
});
