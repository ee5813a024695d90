/**
 * `npm run chat`: be a customer in the terminal. Each line you type is a customer message on a test
 * channel account of the platform (POST /admin/v1/channel_accounts/{id}/inbound_messages); the chatbot's
 * replies are read back from the conversation (GET /admin/v1/conversations/{id}/messages), with the
 * draft and its price after each change.
 *
 *   npm run chat -- [--location loc_… | --organization org_…] [--phone "+49 170 1234567"] [--name Anna] [--lang de]
 *   ADMIN_API_KEY (required), PLATFORM_URL (default http://127.0.0.1:3000), CHAT_WAIT_MS (default 20000)
 *
 * Type a number to pick one of the bot's buttons or list rows, "/pin 52.53,13.40" to share a location,
 * "/quit" to leave.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { type Message, Platform } from './platform.js';
import { printDraft, printMessage } from './print.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const out = (line: string) => process.stdout.write(`${line}\n`);

async function chooseLocation(platform: Platform, ask: (q: string) => Promise<string>): Promise<string> {
  const locations = await platform.locations();
  if (locations.length === 0) throw new Error('no locations yet: run `npm run seed`, or create one (README)');
  for (const [i, l] of locations.slice(0, 30).entries()) out(`  [${i + 1}] ${l.name} (${l.id})`);
  const pick = Number(await ask('Which location? ')) - 1;
  return (locations[pick] ?? locations[0]).id;
}

/** Waits for the bot's answer to our message: the first outbound message, then a short quiet spell. */
async function replies(platform: Platform, conversationId: string, after: string, waitMs: number): Promise<Message[]> {
  const seen: Message[] = [];
  let cursor = after;
  const deadline = Date.now() + waitMs;
  let quietUntil = 0;
  while (Date.now() < deadline && (quietUntil === 0 || Date.now() < quietUntil)) {
    const page = await platform.messagesAfter(conversationId, cursor);
    if (page.length > 0) {
      cursor = page[page.length - 1].id;
      const outbound = page.filter((m) => m.direction === 'outbound');
      seen.push(...outbound);
      if (outbound.length > 0) quietUntil = Date.now() + 1200;
    }
    await sleep(300);
  }
  return seen;
}

async function main() {
  const { values } = parseArgs({
    options: {
      location: { type: 'string' },
      organization: { type: 'string' },
      phone: { type: 'string', default: '+49 170 0000001' },
      name: { type: 'string', default: 'Terminal Customer' },
      lang: { type: 'string' },
    },
  });
  const adminKey = process.env.ADMIN_API_KEY;
  if (!adminKey) throw new Error('ADMIN_API_KEY must hold an admin key of the platform (README, "First steps")');
  const platform = new Platform(process.env.PLATFORM_URL ?? 'http://127.0.0.1:3000', adminKey);
  const waitMs = Number(process.env.CHAT_WAIT_MS ?? 20_000);
  // Lines are read through one iterator: rl.question() loses lines that arrive before it is called (piped input).
  const rl = createInterface({ input: process.stdin, terminal: process.stdin.isTTY });
  const lines = rl[Symbol.asyncIterator]();
  const ask = async (q: string) => {
    process.stdout.write(q);
    const next = await lines.next();
    return next.done ? '/quit' : String(next.value);
  };

  const organizationId = values.organization ?? process.env.CHAT_ORGANIZATION_ID;
  const locationId = organizationId
    ? undefined
    : (values.location ?? process.env.CHAT_LOCATION_ID ?? (await chooseLocation(platform, ask)));
  const account = await platform.chatAccount({ locationId, organizationId });
  const from = { phone: values.phone as string, name: values.name, ...(values.lang ? { language: values.lang } : {}) };
  out(`Chatting as ${from.phone} on ${account.id} (${account.mode}). Type /quit to leave.\n`);

  let choices: { id: string; title: string }[] = [];
  let lastDraft = 'null';
  for (;;) {
    const line = (await ask('you> ')).trim();
    if (line === '/quit' || line === '/exit') break;
    if (!line) continue;
    const pin = /^\/pin\s+(-?[\d.]+)\s*,\s*(-?[\d.]+)$/.exec(line);
    const picked = /^\d+$/.test(line) ? choices[Number(line) - 1] : undefined;
    const content = pin
      ? { location: { latitude: Number(pin[1]), longitude: Number(pin[2]) } }
      : picked
        ? { reply: { id: picked.id, title: picked.title } }
        : { text: line };
    if (picked) out(`     (${picked.title})`);
    const sent = await platform.send(account.id, from, content);
    const answer = await replies(platform, sent.conversation_id, sent.id, waitMs);
    if (answer.length === 0) out('     (no answer yet: is the chatbot running, and CHATBOT_URL set on the platform?)');
    choices = [];
    for (const m of answer) choices = printMessage(m, out);
    const conversation = await platform.conversation(sent.conversation_id);
    const draft = JSON.stringify(conversation.order_draft);
    if (draft !== lastDraft && conversation.order_draft && conversation.location_id) {
      printDraft(await platform.quote(conversation.location_id, conversation.order_draft), out);
    } else if (draft !== lastDraft && lastDraft !== 'null') out('     (draft cleared: placed or emptied)');
    lastDraft = draft;
  }
  rl.close();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
