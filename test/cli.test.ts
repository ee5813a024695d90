/**
 * The admin-key tool against a fresh embedded database: it prints a working key once, and a second
 * process cannot open a data folder that one already holds.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { lockDataDir } from '../src/db/client.js';

const dir = mkdtempSync(join(tmpdir(), 'ordering-cli-'));
const dataDir = join(dir, 'data');
after(() => rmSync(dir, { recursive: true, force: true }));

const mint = () => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/mint-admin-key.ts', 'ops'], {
    env,
    encoding: 'utf8',
  });
};

test('admin-key prints one well-formed admin key on stdout and its id on stderr', () => {
  const run = mint();
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^svc_admin_[0-9A-Za-z]{40}\n$/);
  assert.match(run.stderr, /Admin key key_[0-9a-z]+ \(svc_admin_…[0-9A-Za-z]{4}\)/);
  assert.equal(run.stderr.includes(run.stdout.trim()), false);
});

test('a data folder held by a live process is refused with a message, then free again', () => {
  const unlock = lockDataDir(dataDir);
  try {
    assert.throws(() => lockDataDir(dataDir), /in use by process/);
    const child = mint();
    assert.equal(child.status, 1);
    assert.match(child.stderr, /Could not mint an admin key: The embedded database in .* is in use by process \d+/);
  } finally {
    unlock();
  }
  assert.equal(mint().status, 0);
});
