/**
 * `npm run chatbot` as its own process: configured by its environment, refusing to start without its
 * secrets or with a bad setting (exit 2, saying what is wrong), answering a signed webhook, and stopping
 * with exit 0 on SIGTERM. The receiver's rules themselves are in server.test.ts.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { type ChatbotProcess, startChatbotProcess } from '../helpers/services.js';
import { body } from './body.js';

const TOKEN = 'process-test-token-0123456789';
const SECRET = `whsec_${Buffer.from('the process test secret, 32 byte').toString('base64')}`;
const running: ChatbotProcess[] = [];
after(async () => {
  for (const c of running) await c.stop();
});

/** Runs chatbot/main.ts with exactly these variables (and PATH); resolves with its exit code and output. */
function run(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'chatbot/main.ts'], {
      env: { PATH: process.env.PATH ?? '', CHATBOT_PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (d) => {
      output += d;
    });
    proc.stderr.on('data', (d) => {
      output += d;
    });
    const timer = setTimeout(() => proc.kill('SIGKILL'), 20_000);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

test('without its token or signing secret it does not start: exit 2, naming what is missing', async () => {
  const none = await run({});
  assert.equal(none.code, 2, none.output);
  assert.match(none.output, /CHATBOT_TOKEN and CHATBOT_SIGNING_SECRET must be set/);
  const noSecret = await run({ CHATBOT_TOKEN: TOKEN });
  assert.equal(noSecret.code, 2, noSecret.output);
  assert.match(noSecret.output, /^CHATBOT_SIGNING_SECRET must be set/m);
});

test('a bad setting is refused at start with exit 2, not at the first message', async () => {
  const base = { CHATBOT_TOKEN: TOKEN, CHATBOT_SIGNING_SECRET: SECRET };
  const cases: [Record<string, string>, RegExp][] = [
    [{ CHATBOT_ENGINE: 'gpt' }, /CHATBOT_ENGINE must be deterministic or llm, got 'gpt'/],
    [{ CHATBOT_ENGINE: 'llm' }, /the llm engine needs LLM_BASE_URL and LLM_MODEL/],
    [
      { LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'm', LLM_TIMEOUT_MS: 'soon' },
      /LLM_TIMEOUT_MS must be an integer from 100 to 120000, got 'soon'/,
    ],
    [{ CHATBOT_PORT: '70000' }, /CHATBOT_PORT must be an integer from 0 to 65535, got '70000'/],
    [{ CHATBOT_LOG_LEVEL: 'loud' }, /CHATBOT_LOG_LEVEL must be one of .*silent, got 'loud'/],
  ];
  for (const [env, said] of cases) {
    const r = await run({ ...base, ...env });
    assert.equal(r.code, 2, `${JSON.stringify(env)}: ${r.output}`);
    assert.match(r.output, said);
  }
});

test('started from its environment it answers a signed message, refuses an unsigned one, and stops on SIGTERM', async () => {
  const chatbot = await startChatbotProcess({
    CHATBOT_TOKEN: TOKEN,
    CHATBOT_SIGNING_SECRET: SECRET,
    CHATBOT_LOG_LEVEL: 'info',
  });
  running.push(chatbot);
  const health = await (await fetch(`${chatbot.url}/healthz`)).json();
  assert.deepEqual(health, { status: 'ok', engine: 'deterministic' });
  // pino's lines, in the server's shape: numeric level, epoch-ms time, pid, hostname, msg.
  const listening = chatbot
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l))
    .find((l) => l.msg === 'chatbot listening');
  assert.ok(listening, chatbot.output());
  assert.match(listening.url, /^http:\/\/127\.0\.0\.1:\d+\/message$/);
  assert.equal(listening.level, 30);
  assert.equal(typeof listening.time, 'number');
  assert.equal(typeof listening.pid, 'number');
  assert.equal(typeof listening.hostname, 'string');

  const raw = JSON.stringify(body({ text: 'Are you open?', language: 'en' }));
  const id = 'whd_process_test_1';
  const at = new Date();
  const signed = {
    'content-type': 'application/json',
    authorization: `Bearer ${TOKEN}`,
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(SECRET).sign(id, at, raw),
  };
  const res = await fetch(`${chatbot.url}/message`, { method: 'POST', headers: signed, body: raw });
  assert.equal(res.status, 200);
  const answer = (await res.json()) as { replies: { text: string }[] };
  assert.ok(answer.replies.length > 0, JSON.stringify(answer));

  const unsigned = await fetch(`${chatbot.url}/message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: raw,
  });
  assert.equal(unsigned.status, 401);

  running.pop();
  assert.equal(await chatbot.stop(), 0, chatbot.output());
});
