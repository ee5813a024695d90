/**
 * End to end: the real platform (buildApp with its delivery worker, the real payload builder and answer
 * applier) listening on a real port, the real chatbot process (`npm run chatbot`'s command, deterministic
 * engine, configured by its environment) on another, and the test channel between them. A customer message goes in through the admin inbound route; the chatbot's
 * replies come back as the conversation's outbound messages.
 */
import assert from 'node:assert/strict';
import { type App, type AppDeps, buildApp } from '../../src/app.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { getHarness, ikey } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { startChatbotProcess } from '../helpers/services.js';
import { isolateDatabase, newSecret } from '../webhooks/_support.js';

export interface Platform {
  /** The platform's address on its real port (`http://127.0.0.1:…`). */
  base: string;
  /** A call on the platform's real port with the admin key (or `key`). */
  api(method: string, path: string, body?: unknown, key?: string): Promise<{ status: number; body: any }>;
  adminKey: string;
  /** Stops platform and chatbot: call it in the file's `after` (a hook's own `after` runs too early). */
  close(): Promise<void>;
}

export interface PlatformOptions {
  /** More of the chatbot process's environment (CHATBOT_BODY_MAX_BYTES…). */
  chatbotEnv?: Record<string, string>;
  /** More of the app's options: flood limits, the worker's body limit, a logger, a geocoder. */
  app?: Pick<AppDeps, 'flood' | 'logger' | 'geocoder'> & { maxBodyBytes?: number };
}

/** Platform and chatbot for one test file; close them before the harness closes the database. */
export async function startPlatform(o: PlatformOptions = {}): Promise<Platform> {
  await isolateDatabase();
  const h = await getHarness();
  const db = await testDb();
  const token = `tok-${ikey()}`;
  const signingSecret = newSecret();
  const chatbot = await startChatbotProcess({
    CHATBOT_TOKEN: token,
    CHATBOT_SIGNING_SECRET: signingSecret,
    CHATBOT_ENGINE: 'deterministic',
    CHATBOT_LOG_LEVEL: process.env.E2E_LOG ?? 'warn',
    ...o.chatbotEnv,
  });
  const { maxBodyBytes, ...appOptions } = o.app ?? {};
  const app: App = await buildApp({
    db,
    store: memoryStore(),
    ...appOptions,
    webhooks: {
      chatbotUrl: chatbot.url,
      chatbotToken: token,
      signingSecret,
      retryDelaysMs: [200, 500],
      timeoutMs: 5_000,
      maxBodyBytes,
    },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const close = async () => {
    await app.close();
    const code = await chatbot.stop();
    assert.equal(code, 0, `the chatbot process did not stop cleanly: ${chatbot.output()}`);
    // The chatbot logs at warn what it refused or could not read: nothing of the kind in a good conversation.
    assert.doesNotMatch(chatbot.output(), /"level":"(warn|error)"/, chatbot.output());
  };
  const api: Platform['api'] = async (method, path, body, key = h.adminKey) => {
    const headers: Record<string, string> = { 'x-api-key': key };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method === 'POST') headers['idempotency-key'] = ikey();
    const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
    // A kept-alive socket the server is closing just then: send again (POSTs carry their Idempotency-Key).
    const send = () => fetch(`${base}${path}`, init).catch(() => fetch(`${base}${path}`, init));
    let res = await send();
    // Backpressure (a loaded machine's chatbot falling behind): wait as told and send again, as Meta and
    // any integrator do; the same Idempotency-Key, so nothing is stored twice.
    for (let i = 0; i < 10 && res.status === 503 && res.headers.get('retry-after'); i++) {
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after')) * 1000));
      res = await send();
    }
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  return { base, api, adminKey: h.adminKey, close };
}

export async function ok(p: Platform, method: string, path: string, body?: unknown, key?: string) {
  const res = await p.api(method, path, body, key);
  assert.ok(res.status >= 200 && res.status < 300, `${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
