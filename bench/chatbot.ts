/**
 * The deterministic engine's answer time on the demo menus (`npm run seed`'s catalog): one body per
 * request, as JSON text, read and answered as the chatbot server does (JSON.parse, readPayload, answer).
 * Bodies are the chatbot tests' bodies (checked against MessageWebhookBody) with a demo menu in place.
 *
 *   npm run bench:chatbot -- [--seconds 10] [--no-write]      writes bench/results/chatbot.md
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createDeterministicEngine } from '../chatbot/engine/deterministic/index.js';
import { readPayload } from '../chatbot/payload.js';
import type { Cuisine } from '../src/cli/seed/catalog.js';
import { body } from '../test/chatbot/body.js';
import { NOW } from '../test/chatbot/fixtures.js';
import { demoMenuBody } from '../test/chatbot/menu-body.js';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const SECONDS = Number(arg('seconds', '10'));
const CUISINES: Cuisine[] = ['italian', 'burger', 'mexican', 'brazilian', 'sushi'];

/** Bodies as JSON text: orders naming the menu's products, menu and service questions, in both languages. */
function bodies(): string[] {
  const out: string[] = [];
  for (const cuisine of CUISINES) {
    const menu = demoMenuBody(cuisine) as { products: { name: string }[] };
    const [a, b, c] = menu.products.map((p) => p.name);
    const texts = [
      `two ${a} and one ${b}, and a ${c} please`,
      `zwei ${a} und eine ${c}`,
      'what do you have?',
      'Was kostet die Lieferung?',
      'are you open tomorrow?',
      `one ${b.toLowerCase().slice(0, -1)}x`,
    ];
    for (const text of texts) {
      const b0 = body({ text, language: text.startsWith('z') || text.startsWith('W') ? 'de' : 'en' });
      (b0.location as Record<string, unknown>).menu = menu;
      out.push(JSON.stringify(b0));
    }
  }
  return out;
}

async function main() {
  const engine = createDeterministicEngine(() => NOW);
  const list = bodies();
  const answer = async (raw: string) => {
    const read = readPayload(JSON.parse(raw));
    if (!read.ok) throw new Error(read.reason);
    return engine.answer(read.payload);
  };
  for (const raw of list) await answer(raw); // warm-up, and every body must be answerable
  const times: number[] = [];
  // CPU time of the process per answer as well: on a loaded machine the wall-clock tail is mostly time
  // spent waiting for a core, which the CPU time leaves out (it does include GC threads).
  const cpu: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  let i = 0;
  while (performance.now() < until) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await answer(list[i++ % list.length]);
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  times.sort((x, y) => x - y);
  cpu.sort((x, y) => x - y);
  const at = (list: number[], f: number) => list[Math.min(list.length - 1, Math.floor(f * list.length))].toFixed(2);
  const q = (f: number) => at(times, f);
  const total = times.reduce((s, t) => s + t, 0);
  const rate = (times.length / (total / 1000)).toFixed(0);
  const uptime = execSync('uptime').toString().trim();
  const load = /load average: (.*)$/.exec(uptime)?.[1] ?? uptime;
  const line = `| ${new Date().toISOString().slice(0, 16)}Z | \`npm run bench:chatbot -- --seconds ${SECONDS}\` | ${list.length} bodies, ${CUISINES.length} menus | ${times.length} | ${rate} | ${q(0.5)} | ${q(0.99)} | ${times.at(-1)?.toFixed(2)} | ${at(cpu, 0.5)} | ${at(cpu, 0.99)} | ${load} |`;
  console.log(
    `answers ${times.length} in ${SECONDS} s; ${rate}/s on one core; p50 ${q(0.5)} ms, p99 ${q(0.99)} ms; CPU p50 ${at(cpu, 0.5)} ms, p99 ${at(cpu, 0.99)} ms`,
  );
  console.log(uptime);
  if (process.argv.includes('--no-write')) return;
  const file = fileURLToPath(new URL('./results/chatbot.md', import.meta.url));
  // A new row under the earlier ones: the history shows what each change did, on what load.
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const rows = text.split('\n');
  const last = rows.findLastIndex((r) => /^\| \d{4}-\d\d-\d\dT/.test(r));
  if (last >= 0) rows.splice(last + 1, 0, line);
  writeFileSync(file, last >= 0 ? rows.join('\n') : header(line));
}

function header(line: string): string {
  return `# bench:chatbot — the deterministic engine's answer time

\`npm run bench:chatbot -- --seconds ${SECONDS}\` (bench/chatbot.ts): one request after another in one process, each a
webhook body as JSON text (the chatbot tests' location with one of the five demo menus of \`npm run seed\`:
${CUISINES.join(', ')}), parsed, read (readPayload) and answered by the deterministic engine; HTTP and
signature checks are not included. Messages: whole orders naming the menu's products (English and German),
menu, delivery and hours questions, a misspelt item. Goal: p99 < 20 ms. Load: \`uptime\`'s load averages on a
2-vCPU machine shared with other work. CPU: the process's CPU time per answer (process.cpuUsage), which
leaves out the time spent waiting for a core.

| when | command | bodies | answers | answers/s | p50 ms | p99 ms | max ms | CPU p50 ms | CPU p99 ms | load (1, 5, 15 min) |
|---|---|---|---|---|---|---|---|---|---|---|
${line}
`;
}

await main();
