import { loadConfig } from './config.js';
import { deferWasmTierUp } from './lib/wasm-tiering.js';
import { startServer } from './server.js';

deferWasmTierUp();

const server = await startServer(loadConfig()).catch((err) => {
  console.error(`Could not start: ${(err as { message?: string })?.message ?? String(err)}`);
  process.exit(1);
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down: finishing requests in flight');
    await server.stop();
    process.exit(0);
  });
}
