/**
 * `npm run chat` (chatbot/chat/main.ts) as a newcomer uses it: a terminal customer of a location, typing
 * lines, against the running platform and the real chatbot process. It prints the bot's replies with
 * numbered buttons and the server's priced draft; a number taps a button (sent as the customer's choice,
 * with its id), and the order it places is the location's next order.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, test } from 'node:test';
import { ordersAt, phoneNumber } from './_chat.js';
import { type Platform, startPlatform } from './_platform.js';
import { type Restaurant, setUpRestaurant } from './_restaurant.js';

let p: Platform;
let r: Restaurant;

before(async () => {
  p = await startPlatform();
  r = await setUpRestaurant(p);
});
after(() => p.close());

/** Types `lines` into `npm run chat`'s command and returns what it printed, colours taken out. */
function chat(args: string[], lines: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'chatbot/chat/main.ts', ...args], {
      env: { ...process.env, ADMIN_API_KEY: p.adminKey, PLATFORM_URL: p.base, CHAT_WAIT_MS: '15000' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (d) => {
      output += d;
    });
    proc.stderr.on('data', (d) => {
      output += d;
    });
    const timer = setTimeout(() => proc.kill('SIGKILL'), 90_000);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
      resolve({ code, output: output.replace(/\x1b\[\d+m/g, '') });
    });
    // Piped all at once, as `npm run chat < script.txt` would: each line waits for the answer to the last.
    proc.stdin.end(`${lines.join('\n')}\n`);
  });
}

test('a customer orders two pizzas in the terminal chat, taps "Place order", and the order is there', async () => {
  const location = r.locations[0];
  const phone = phoneNumber();
  const before = (await ordersAt(p, location, r.t.orgKey)).length;
  const { code, output } = await chat(
    ['--location', location, '--phone', phone, '--name', 'Terminal Tom', '--lang', 'en'],
    ['two margherita 26 cm for pickup, cash', 'checkout', '1'],
  );
  assert.equal(code, 0, output);
  assert.match(output, new RegExp(`Chatting as \\${phone} on cha_\\w+ \\(location\\)`));
  assert.match(output, /bot> .*2× Pizza Margherita \(26 cm\) — €19\.00/s);
  assert.match(output, /draft: 2× Pizza Margherita \(26 cm\) — total €19\.00 — ready to place/);
  // The checkout answer's first button, tapped by its number.
  assert.match(output, /\[1\] Place order/);
  assert.match(output, /\(Place order\)\nbot> [^\n]*Your order has been sent to First\./);
  assert.match(output, /\(draft cleared: placed or emptied\)/);

  const orders = await ordersAt(p, location, r.t.orgKey);
  assert.equal(orders.length, before + 1, output);
  const [order] = orders;
  assert.equal(order.total.amount, 1900);
  assert.equal(order.service_type, 'collection');
  assert.equal(order.customer.phone, phone);
  assert.equal(order.customer.first_name, 'Terminal');
});
