/**
 * `npm run chatbot`: the reference receiver of the message webhook, as its own process.
 *
 *   CHATBOT_TOKEN           required: the bearer token the platform sends (its CHATBOT_TOKEN)
 *   CHATBOT_SIGNING_SECRET  required: the Standard Webhooks secret (whsec_…), the platform's too
 *   CHATBOT_PORT            default 3100; CHATBOT_HOST default 127.0.0.1
 *   CHATBOT_ENGINE          deterministic | llm; default llm when LLM_BASE_URL is set, else deterministic
 *   LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_MS   the OpenAI-compatible endpoint (llm engine)
 *   CHATBOT_LOG_LEVEL       trace | debug | info (default) | warn | error | fatal | silent (pino, the server's shape)
 */
import type { AddressInfo } from 'node:net';
import { createDeterministicEngine } from './engine/deterministic/index.js';
import { createLlmEngine, LLM_DEFAULT_TIMEOUT_MS } from './engine/llm/index.js';
import type { Engine } from './engine/types.js';
import { createLogger, type Logger } from './log.js';
import { createChatbotServer, DEFAULT_MAX_BODY_BYTES } from './server.js';

export function engineFromEnv(env: NodeJS.ProcessEnv, log: Logger): Engine {
  const kind = env.CHATBOT_ENGINE || (env.LLM_BASE_URL ? 'llm' : 'deterministic');
  if (kind === 'deterministic') return createDeterministicEngine();
  if (kind !== 'llm') throw new Error(`CHATBOT_ENGINE must be deterministic or llm, got '${kind}'`);
  if (!env.LLM_BASE_URL || !env.LLM_MODEL) throw new Error('the llm engine needs LLM_BASE_URL and LLM_MODEL');
  const timeoutMs = Number(env.LLM_TIMEOUT_MS || LLM_DEFAULT_TIMEOUT_MS);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 120_000) {
    throw new Error(`LLM_TIMEOUT_MS must be an integer from 100 to 120000, got '${env.LLM_TIMEOUT_MS}'`);
  }
  return createLlmEngine({
    baseURL: env.LLM_BASE_URL,
    apiKey: env.LLM_API_KEY ?? '',
    model: env.LLM_MODEL,
    timeoutMs,
    log,
  });
}

function main() {
  const env = process.env;
  const missing = ['CHATBOT_TOKEN', 'CHATBOT_SIGNING_SECRET'].filter((k) => !env[k]);
  if (missing.length > 0) {
    console.error(`${missing.join(' and ')} must be set (the same values as the platform's); see docs/chatbot.md.`);
    process.exit(2);
  }
  const port = Number(env.CHATBOT_PORT || 3100);
  const host = env.CHATBOT_HOST || '127.0.0.1';
  // The platform's variable of the same name: both sides agree on the largest body.
  const maxBodyBytes = Number(env.CHATBOT_BODY_MAX_BYTES || DEFAULT_MAX_BODY_BYTES);
  let log: Logger;
  let engine: Engine;
  try {
    log = createLogger(env.CHATBOT_LOG_LEVEL || 'info');
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new Error(`CHATBOT_PORT must be an integer from 0 to 65535, got '${env.CHATBOT_PORT}'`);
    }
    if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 100_000 || maxBodyBytes > 100_000_000) {
      throw new Error(
        `CHATBOT_BODY_MAX_BYTES must be an integer from 100000 to 100000000, got '${env.CHATBOT_BODY_MAX_BYTES}'`,
      );
    }
    engine = engineFromEnv(env, log);
  } catch (err) {
    console.error(`${(err as Error).message}; see docs/chatbot.md.`);
    process.exit(2);
  }
  const server = createChatbotServer({
    token: env.CHATBOT_TOKEN as string,
    signingSecret: env.CHATBOT_SIGNING_SECRET as string,
    engine,
    log,
    maxBodyBytes,
  });
  server.listen(port, host, () => {
    // The bound port, not the asked one: CHATBOT_PORT=0 takes a free port and says which.
    const bound = (server.address() as AddressInfo).port;
    log.info({ url: `http://${host}:${bound}/message`, engine: engine.name }, 'chatbot listening');
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1]?.endsWith('main.ts')) main();
