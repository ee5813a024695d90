/**
 * The tools' command lines: `--help` prints the usage and touches no database, an unknown option is a
 * usage error (exit 2), and `seed --with-keys` prints keys that work on the data it wrote.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { buildApp } from '../src/app.js';
import { openDb } from '../src/db/client.js';
import { memoryStore } from '../src/http/rate-limit-store.js';

const dir = mkdtempSync(join(tmpdir(), 'ordering-cli-usage-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function env(dataDir: string): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete e.DATABASE_URL;
  return e;
}

const tool = (script: string, args: string[], dataDir = join(dir, 'untouched')) =>
  spawnSync(process.execPath, ['--import', 'tsx', `src/cli/${script}.ts`, ...args], {
    env: env(dataDir),
    encoding: 'utf8',
    timeout: 120_000,
  });

describe('admin-key', () => {
  test('npm run admin-key -- --help prints the usage, exits 0 and creates nothing', () => {
    const dataDir = join(dir, 'help');
    const run = spawnSync('npm', ['run', '-s', 'admin-key', '--', '--help'], { env: env(dataDir), encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^Usage: npm run admin-key/);
    assert.doesNotMatch(run.stdout, /svc_admin_[0-9A-Za-z]/);
    assert.equal(existsSync(dataDir), false, 'no database was opened');
    assert.equal(tool('mint-admin-key', ['-h']).status, 0);
  });

  for (const args of [['--bogus'], ['--name=x'], ['one', 'two']]) {
    test(`admin-key ${args.join(' ')} is a usage error: exit 2, the usage on stderr, no key`, () => {
      const run = tool('mint-admin-key', args);
      assert.equal(run.status, 2, run.stderr);
      assert.equal(run.stdout, '');
      assert.match(run.stderr, /^(Unknown option '--(bogus|name)'|Unexpected argument 'two')\.\n\nUsage: /);
      assert.equal(existsSync(join(dir, 'untouched')), false);
    });
  }
});

describe('seed', () => {
  test('--help exits 0; an unknown option or a bad number exits 2 with the usage', () => {
    const help = tool('seed', ['--help']);
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /--with-keys/);
    for (const args of [['--nope'], ['--orders', 'many'], ['extra']]) {
      const run = tool('seed', args);
      assert.equal(run.status, 2, `${args}: ${run.stderr}`);
      assert.match(run.stderr, /Usage: npm run seed/);
    }
    assert.equal(existsSync(join(dir, 'untouched')), false);
  });

  test('--with-keys prints an admin key and a key per organization and standalone location that work', async () => {
    const dataDir = join(dir, 'seeded');
    const run = tool('seed', ['--with-keys', '--orders', '40', '--organizations', '2', '--days', '3'], dataDir);
    assert.equal(run.status, 0, run.stderr);
    const keys = [...run.stdout.matchAll(/^# (key_\w+): (.*)\n([A-Z_0-9]+)=(svc_\w+)$/gm)].map((m) => ({
      id: m[1],
      describe: m[2],
      variable: m[3],
      secret: m[4],
    }));
    assert.deepEqual(
      keys.map((k) => k.variable),
      ['ADMIN_KEY', 'ORG_KEY_1', 'ORG_KEY_2', 'LOCATION_KEY_1'],
      run.stdout,
    );
    assert.match(keys[0].secret, /^svc_admin_/);
    for (const k of keys.slice(1)) assert.match(k.describe, /permissions: \*$/);

    const db = await openDb({ dataDir });
    const store = memoryStore();
    const app = await buildApp({ db, store });
    try {
      const get = async (url: string, key: string) => {
        const res = await app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
        assert.equal(res.statusCode, 200, res.body);
        return res.json();
      };
      const orgs = await get('/admin/v1/organizations?limit=100', keys[0].secret);
      for (const [i, k] of keys.slice(1, 3).entries()) {
        const [, orgId, count] = k.describe.match(/^organization (org_\w+) .* \((\d+) locations\)/) ?? [];
        assert.ok(
          orgs.data.some((o: { id: string }) => o.id === orgId),
          `${orgId} on the admin surface`,
        );
        const locations = await get('/v1/locations?limit=100', k.secret);
        assert.equal(locations.data.length, Number(count), `ORG_KEY_${i + 1}`);
        assert.ok(locations.data.every((l: { organization_id: string }) => l.organization_id === orgId));
        await get(`/v1/locations/${locations.data[0].id}/orders`, k.secret);
      }
      const [, locationId] = keys[3].describe.match(/^standalone location (loc_\w+) /) ?? [];
      await get(`/v1/locations/${locationId}/orders`, keys[3].secret);
      const keysListed = await get('/admin/v1/api_keys?limit=100', keys[0].secret);
      assert.deepEqual(
        keys.map((k) => keysListed.data.some((l: { id: string }) => l.id === k.id)),
        [true, true, true, true],
      );
      // The demo owner logs in at the console with what was printed.
      const email = /^CONSOLE_EMAIL=(.+)$/m.exec(run.stdout)?.[1];
      const password = /^CONSOLE_PASSWORD=(.+)$/m.exec(run.stdout)?.[1];
      const login = await app.inject({ method: 'POST', url: '/console/login', payload: { email, password } });
      assert.equal(login.statusCode, 200, login.body);
      assert.equal(login.json().user.role, 'owner');
    } finally {
      await app.close();
      await store.close();
      await db.close();
    }
  });
});
