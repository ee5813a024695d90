/**
 * `npm start` as an operator or a container runtime runs it: SIGTERM sent to npm's own process (not to
 * its group) must reach the server, which drains and exits 0. Under the old `tsx src/main.ts` npm and its
 * shell died and the server went on serving, orphaned. The same server shows that TRUST_PROXY reaches the
 * app from the environment, and that the bundle serves the API reference (its script comes from the package).
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { freePort } from './helpers/services.js';

// A fresh embedded database is created and migrated on first start: about 9 s at load 7, and over 40 s
// when six are created at once on these 2 cores, as CI's concurrent test files can make it.
const START_TIMEOUT_MS = Number(process.env.NPM_START_TIMEOUT_MS ?? 180_000);
const STOP_TIMEOUT_MS = 10_000;

const dir = mkdtempSync(join(tmpdir(), 'ordering-npm-start-'));
let npm: ChildProcess | undefined;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

after(() => {
  // Whatever happened above, nothing of the group outlives the test.
  if (npm?.pid && groupAlive(npm.pid)) process.kill(-npm.pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

let port: number;
let out = '';
let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

before(async () => {
  port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: join(dir, 'data'),
    PORT: String(port),
    HOST: '127.0.0.1',
    // The server's own configuration path, checked below: the test's requests come through "a proxy" on loopback.
    TRUST_PROXY: 'loopback',
  };
  // Its own embedded database even on CI's PostgreSQL run: a second server on the suite's database would
  // run other tests' jobs and send their outbound messages.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.ADMIN_API_KEY;
  // Its own process group, as a terminal or a container gives it; the test signals npm's pid only.
  const proc = spawn('npm', ['start'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  npm = proc;
  proc.stdout?.on('data', (d) => {
    out += d;
  });
  proc.stderr?.on('data', (d) => {
    out += d;
  });
  exited = new Promise((r) => proc.on('exit', (code, signal) => r({ code, signal })));

  const deadline = Date.now() + START_TIMEOUT_MS;
  let up = false;
  while (!up && Date.now() < deadline && proc.exitCode === null) {
    up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (!up) await sleep(200);
  }
  assert.ok(up, `npm start did not serve within ${START_TIMEOUT_MS} ms:\n${out}`);
});

test('TRUST_PROXY from the environment: each forwarded client has its own per-address budget', async () => {
  // The windows are fixed, aligned on the minute: a request in the next window starts a fresh budget, so
  // what each answer must say depends on whether it fell in the first request's window (its reset time).
  const budget = async (client: string) => {
    const res = await fetch(`http://127.0.0.1:${port}/v1/locations`, { headers: { 'x-forwarded-for': client } });
    assert.equal(res.status, 401);
    return { remaining: Number(res.headers.get('x-ratelimit-remaining')), reset: res.headers.get('x-ratelimit-reset') };
  };
  const first = await budget('203.0.113.1');
  assert.equal(first.remaining, 999);
  const other = await budget('203.0.113.2');
  assert.equal(other.remaining, 999, 'another forwarded client has a budget of its own');
  const again = await budget('203.0.113.1');
  assert.equal(again.remaining, again.reset === first.reset ? 998 : 999, 'the first client spent its own budget');
});

test('the bundle serves the API reference: the page, its script from the package, and the document', async () => {
  const page = await fetch(`http://127.0.0.1:${port}/docs/`);
  assert.equal(page.status, 200);
  assert.match(String(page.headers.get('content-type')), /^text\/html/);
  assert.match(await page.text(), /<script src="\.\/static\/swagger-ui-bundle\.js"/);
  // Served from the package's folder: the bundle keeps @fastify/swagger-ui outside (scripts/build.mjs).
  const script = await fetch(`http://127.0.0.1:${port}/docs/static/swagger-ui-bundle.js`);
  assert.equal(script.status, 200);
  assert.ok((await script.text()).length > 100_000, 'not the Swagger UI bundle');
  const doc = await fetch(`http://127.0.0.1:${port}/openapi.json`);
  assert.equal(doc.status, 200);
  assert.equal(await doc.text(), readFileSync(new URL('../openapi.json', import.meta.url), 'utf8'));
});

test('SIGTERM to npm start stops the server: port closed, processes gone, exit code 0', async () => {
  const proc = npm as ChildProcess;
  const signalled = Date.now();
  process.kill(proc.pid as number, 'SIGTERM');
  const result = await Promise.race([exited, sleep(STOP_TIMEOUT_MS).then(() => undefined)]);
  assert.ok(result, `npm did not exit within ${STOP_TIMEOUT_MS} ms of SIGTERM:\n${out}`);
  assert.deepEqual(result, { code: 0, signal: null }, out);
  // npm exits when its child does; the child was the server, so nothing of the group may be left.
  while (groupAlive(proc.pid as number) && Date.now() - signalled < STOP_TIMEOUT_MS) await sleep(50);
  assert.equal(groupAlive(proc.pid as number), false, 'a process of npm start outlived it');
  assert.equal(await portOpen(port), false, 'the port still accepts connections');
  assert.match(out, /"signal":"SIGTERM".*shutting down/);
});
