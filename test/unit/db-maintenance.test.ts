/**
 * When a table is vacuumed and analyzed where autovacuum does not run (src/db/maintenance.ts): each rule
 * alone, at its edge, and what is never due.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dueFor, RULES, type TableState } from '../../src/db/maintenance.js';

/** A table analyzed a minute ago at its present size, nothing changed since. */
const quiet: TableState = {
  table: 't',
  pages: 100,
  relpages: 100,
  reltuples: 5_000,
  live: 5_000,
  dead: 0,
  modified: 0,
  frozenAge: 1_000,
  sinceVacuumMs: 60_000,
};
const at = (over: Partial<TableState>) => ({ ...quiet, ...over });

test('a quiet table is not due, with changes counted or not', () => {
  assert.equal(dueFor(quiet, true), null);
  assert.equal(dueFor(quiet, false), null);
});

test('never analyzed: due once it has a page; an empty one is not', () => {
  for (const counts of [true, false]) {
    assert.equal(dueFor(at({ reltuples: -1, relpages: 0, pages: 1 }), counts), 'never analyzed');
    assert.equal(dueFor(at({ reltuples: -1, relpages: 0, pages: 0, sinceVacuumMs: null }), counts), null);
  }
});

test('grown past a fifth and eight pages since its statistics', () => {
  const edge = Math.floor(100 * (1 + RULES.growthScale) + RULES.growthPages);
  assert.equal(edge, 128);
  for (const counts of [true, false]) {
    assert.equal(dueFor(at({ pages: edge }), counts), null);
    assert.equal(dueFor(at({ pages: edge + 1 }), counts), 'grown');
  }
  // A small table is not analyzed again for every page it gains.
  assert.equal(dueFor(at({ relpages: 1, pages: 9 }), true), null);
  assert.equal(dueFor(at({ relpages: 1, pages: 10 }), true), 'grown');
});

test('dead rows and changes, as PostgreSQL counts them: autovacuum thresholds', () => {
  const deadEdge = RULES.vacuumBase + RULES.vacuumScale * 5_000; // 1,050
  assert.equal(dueFor(at({ dead: deadEdge }), true), null);
  assert.equal(dueFor(at({ dead: deadEdge + 1 }), true), 'dead rows');
  const changedEdge = RULES.analyzeBase + RULES.analyzeScale * 5_000; // 550
  assert.equal(dueFor(at({ modified: changedEdge }), true), null);
  assert.equal(dueFor(at({ modified: changedEdge + 1 }), true), 'changed');
  // Where nothing is counted (PGlite) the counts are not read.
  assert.equal(dueFor(at({ dead: 1e9, modified: 1e9 }), false), null);
});

test('where nothing is counted, a table with pages is vacuumed at least hourly', () => {
  assert.equal(dueFor(at({ sinceVacuumMs: RULES.periodMs }), false), null);
  assert.equal(dueFor(at({ sinceVacuumMs: RULES.periodMs + 1 }), false), 'period');
  assert.equal(dueFor(at({ sinceVacuumMs: null }), false), 'period');
  assert.equal(dueFor(at({ sinceVacuumMs: null, pages: 0, relpages: 0 }), false), null);
  // With counts the period plays no part.
  assert.equal(dueFor(at({ sinceVacuumMs: null }), true), null);
});

test('transaction ids past the freeze age, whatever else', () => {
  for (const counts of [true, false]) {
    assert.equal(dueFor(at({ frozenAge: RULES.freezeAge }), counts), null);
    assert.equal(dueFor(at({ frozenAge: RULES.freezeAge + 1 }), counts), 'transaction ids to freeze');
  }
});
