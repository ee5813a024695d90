/**
 * Fuzz both surfaces with malformed methods, paths, headers, bodies, nesting, encodings and parameters, and
 * check what holds for every answer: no 5xx, the error envelope with a request id equal to X-Request-Id, and
 * no part of any key in a response or a log line. Bounded and seeded: FUZZ_SEED and FUZZ_COUNT override
 * the defaults to explore; a failure prints the seed and a reproducer per kind.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { checkAnswer, Findings } from './checks.js';
import { extremeNesting, plausibleOrder } from './extremes.js';
import { KeyPool, KeyWatch, type Role, withDecodedBuffers } from './keys.js';
import { createRng } from './random.js';
import { fixedCases, mixedCases } from './raw-cases.js';
import { kindOf, rawReproducer, reproducer, triggerOf } from './report.js';
import { type FuzzRequest, nextRequest, operationsOf, type Tools } from './requests.js';
import { type FuzzApp, fuzzApp, makeTargets, type Targets } from './setup.js';
import { exchange, parseResponses } from './socket.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const COUNT = Number(process.env.FUZZ_COUNT ?? 3000);
/** FUZZ_VERBOSE=1 lists the answers per route and error code, to see what the fuzzer reaches. */
const VERBOSE = process.env.FUZZ_VERBOSE === '1';

let f: FuzzApp;
let targets: Targets;
const watch = new KeyWatch();
let pool: KeyPool;
/** Reproducers by request id, to name the request behind a log line. */
const byRequestId = new Map<string, string>();

before(async () => {
  f = await fuzzApp();
  watch.add(f.harness.adminKey, 'bootstrap admin key');
  targets = await makeTargets(f.harness);
  for (const secret of targets.secrets) watch.add(secret, 'fixture key');
  pool = new KeyPool(f.harness, watch, targets);
  await pool.refresh();
});

after(async () => {
  await f?.close();
});

/** New log lines must hold no part of a key; each finding names the request that logged it. */
function scanLog(findings: Findings, fallback: string) {
  for (const line of f.log.drain()) {
    const found = watch.find(withDecodedBuffers(line), false);
    if (!found) continue;
    let msg = '?';
    let reqId: string | undefined;
    try {
      ({ msg, reqId } = JSON.parse(line));
    } catch {}
    const who = (reqId && byRequestId.get(reqId)) ?? fallback;
    findings.add(`key part in log line "${msg}"`, `${who}\n      log: ${line.slice(0, 300)}`);
  }
}

test(`inject: ${COUNT} fuzzed requests over every route of both surfaces`, async (t) => {
  t.diagnostic(`FUZZ_SEED=${SEED} FUZZ_COUNT=${COUNT}`);
  const rng = createRng(SEED);
  const roles: Role[] = ['admin', 'org', 'location'];
  // Keyless requests count per client address: spread them so none reaches the limit.
  const net = `10.${(process.pid >> 8) & 255}.${process.pid & 255}`;
  const tools: Tools = {
    rng,
    seed: SEED,
    ops: operationsOf(f.app.swagger()),
    addresses: Array.from({ length: 32 }, (_, i) => `${net}.${i + 1}`),
    pool,
    watch,
    revokedKey: targets.revokedKey,
    ids: targets.ids,
    foreign: targets.foreign,
    realKey: () => pool.peek(rng.pick(roles)),
    bait() {
      const bait = `svc_org_${rng.chars(40)}`;
      watch.add(bait, 'bait key stored as data', true);
      return bait;
    },
    plausible: (op) => (op.method === 'POST' && op.template.endsWith('/orders') ? plausibleOrder(rng) : undefined),
    idFor: (field) => (targets.ids[field] ? rng.pick(targets.ids[field]) : undefined),
  };
  const findings = new Findings();
  const statuses = new Map<number, number>();
  const byRoute = new Map<string, number>();
  const refused = new Map<string, number>();
  const send = async (req: FuzzRequest) => {
    let res: Awaited<ReturnType<typeof f.app.inject>>;
    try {
      const { method, url, headers, payload, remoteAddress } = req;
      res = await f.app.inject({ method: method as 'GET', url, headers, payload, remoteAddress });
    } catch (err) {
      const message = String((err as Error).message).slice(0, 60);
      refused.set(message, (refused.get(message) ?? 0) + 1);
      return;
    }
    const answer = { status: res.statusCode, headers: res.headers, body: res.body };
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (VERBOSE) {
      const code = /"code":"(\w+)"/.exec(answer.body)?.[1] ?? '';
      const k = `${req.template} ${answer.status} ${code}`;
      byRoute.set(k, (byRoute.get(k) ?? 0) + 1);
    }
    const repro = reproducer(SEED, req, answer);
    byRequestId.set(String(res.headers['x-request-id']), repro);
    const sentRequestId = req.headers['x-request-id'];
    const problems = checkAnswer(answer, watch, { head: req.method === 'HEAD', sentRequestId });
    if (problems.length > 0) findings.add(kindOf(problems, triggerOf(req)), repro);
    // A key issued by a fuzzed request is shown once, here; from now on it is watched like the others.
    const issued = /"secret":"(svc_[A-Za-z0-9_]+)"/.exec(answer.body);
    if (answer.status === 201 && issued) watch.add(issued[1], `key issued by #${req.index}`);
    scanLog(findings, repro);
  };
  for (let i = 0; i < COUNT; i++) {
    await pool.refresh();
    await send(nextRequest(tools, i));
  }
  for (const req of extremeNesting(COUNT, SEED, pool, targets.main.locationIds[0])) await send(req);
  t.diagnostic(
    `statuses: ${[...statuses]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')}`,
  );
  if (VERBOSE) for (const [k, n] of [...byRoute].sort()) t.diagnostic(`${k} ×${n}`);
  if (refused.size > 0) t.diagnostic(`not sendable by inject: ${JSON.stringify(Object.fromEntries(refused))}`);
  if (COUNT >= 1000) assert.ok(statuses.size > 4, 'the fuzzer reached no variety of answers');
  assert.equal(findings.total, 0, findings.summary(VERBOSE ? Number.POSITIVE_INFINITY : 40));
});

test('raw socket: broken request lines, header bytes and body framing on a real port', async (t) => {
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = f.app.server.address() as AddressInfo;
  // Keys of their own: the raw requests are fewer than a key's budget.
  const raw = {
    orgKey: await pool.fresh('org'),
    adminKey: await pool.fresh('admin'),
    locationId: targets.main.locationIds[0],
  };
  const cases = [...fixedCases(raw), ...mixedCases(createRng(SEED + 1), raw, Math.max(20, Math.round(COUNT / 30)))];
  const findings = new Findings();
  let unanswered = 0;
  for (const c of cases) {
    // A request that cannot complete is half-closed at once: the server answers it only then.
    const { data } = await exchange(port, c.bytes, c.responses, c.expectAnswer ? 1500 : 20);
    const answers = parseResponses(data);
    const repro = rawReproducer(c.name, c.bytes, data);
    if (answers.length === 0 && data.length > 0) findings.add(`unparsable answer — raw ${c.name}`, repro);
    if (answers.length === 0 && c.expectAnswer) findings.add(`no answer — raw ${c.name}`, repro);
    if (answers.length === 0) unanswered++;
    for (const a of answers) {
      const rid = a.headers['x-request-id'];
      if (typeof rid === 'string') byRequestId.set(rid, repro);
      const problems = checkAnswer(a, watch, { sentRequestId: null });
      if (problems.length > 0) findings.add(kindOf(problems, `raw ${c.group ?? c.name}`), repro);
    }
    scanLog(findings, repro);
  }
  t.diagnostic(`${cases.length} raw requests, ${unanswered} closed without an answer`);
  // After all that, the server still serves.
  const [health] = parseResponses((await exchange(port, fixedCases(raw)[0].bytes)).data);
  if (health?.status !== 200) findings.add('no 200 for a plain request after the raw fuzz', String(health?.status));
  assert.equal(findings.total, 0, findings.summary(VERBOSE ? Number.POSITIVE_INFINITY : 40));
});
