import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { wasmTieringFlags } from '../../src/lib/wasm-tiering.js';

// The test runner and bench:compare pass these as node options: a flag this Node does not know would stop
// every test process at its start ("bad option").
test('the WebAssembly tiering flag is set before Node 26 and this Node accepts it', () => {
  const major = Number(process.versions.node.split('.')[0]);
  assert.deepEqual(wasmTieringFlags(), major < 26 ? ['--wasm-tiering-budget=13000000'] : []);
  const run = spawnSync(process.execPath, [...wasmTieringFlags(), '-e', 'process.exit(0)'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, '');
});

test('the server sets it in process without a word on stderr', () => {
  const code = "import('./src/lib/wasm-tiering.ts').then((m) => m.deferWasmTierUp())";
  const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', code], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, '');
});
