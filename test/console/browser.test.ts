/**
 * The console in a real browser (headless Chromium, Debian's package, driven by playwright-core): log in,
 * see an order arrive while the page is open, accept it; a second browser sees the change; German; the
 * kitchen's switches and today's closing; the day's summary and an owner's users; what staff may not do;
 * screenshots (CONSOLE_SCREENSHOTS=docs/images refreshes the documentation's). Fails under CI=true when Chromium is missing.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { type Browser, chromium } from 'playwright-core';
import type { App } from '../../src/app.js';
import { buildApp } from '../../src/app.js';
import { setOrderDraft } from '../../src/domain/conversations/conversations.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { createTestAccount, digits, say } from '../conversations/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { sampleMenu } from '../menus/_menu.js';
import { setAcceptance } from '../orders/_acceptance.js';
import { createOrder, orderBody, product } from '../orders/_support.js';
import { anyIp } from './_support.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** CONSOLE_SCREENSHOTS=docs/images refreshes the documentation's pictures; else they go to a temporary folder. */
const shot = (name: string) =>
  join(process.env.CONSOLE_SCREENSHOTS ?? tmpdir(), process.env.CONSOLE_SCREENSHOTS ? name : `${process.pid}-${name}`);
const missing = !existsSync(CHROMIUM);
if (missing && process.env.CI === 'true')
  throw new Error(`Chromium is needed for the console's browser test (${CHROMIUM}).`);

let h: Harness;
let t: Tenant;
let app: App;
let base: string;
let browser: Browser;
const password = 'a long enough password';
let email: string;

before(async () => {
  if (missing) return;
  h = await getHarness();
  t = await newTenant(h);
  email = `browser-${process.pid}-${Date.now()}@trattoria.example`;
  const res = await h.call('POST', '/admin/v1/users', {
    body: { email, name: 'Giulia', role: 'staff', password, location_id: t.locationIds[0] },
  });
  assert.equal(res.status, 201, res.raw);
  const store = memoryStore();
  app = await buildApp({ db: await testDb(), store });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://localhost:${(app.server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});
after(async () => {
  await browser?.close();
  await app?.close();
});

async function loggedIn(locale = 'en-GB', as = email) {
  const context = await browser.newContext({ locale, viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await page.goto(`${base}/console`);
  await page.getByLabel(locale.startsWith('de') ? 'E-Mail' : 'Email').fill(as);
  await page.getByLabel(locale.startsWith('de') ? 'Passwort' : 'Password').fill(password);
  await page.getByRole('button', { name: locale.startsWith('de') ? 'Anmelden' : 'Log in' }).click();
  return { context, page };
}

test('log in, see a new order arrive live, accept it; another browser sees it accepted', {
  skip: missing,
}, async () => {
  const a = await loggedIn();
  const b = await loggedIn('de-DE');
  await a.page.getByText('No orders in the last 24 hours.').waitFor();
  await b.page.getByText('Keine Bestellungen in den letzten 24 Stunden.').waitFor();

  // Manual acceptance: the order waits for staff, and the card counts down to the timeout's decision.
  await setAcceptance(h, t.orgKey, t.locationIds[0], {
    mode: 'manual',
    timeout_seconds: 300,
    timeout_action: 'reject',
    timeout_rejection_reason: 'We could not confirm your order in time.',
  });
  const order = await createOrder(h, t.locationIds[0], orderBody({ items: [product('Margherita', 2, 900)] }));
  const card = a.page.locator(`[data-order-id="${order.id}"]`);
  await card.waitFor({ timeout: 5_000 });
  assert.match(await card.innerText(), /2 × Margherita/);
  assert.match(
    await card.locator('.countdown').innerText(),
    /^Decide within [45]:\d\d, then it is rejected automatically$/,
  );
  await a.page.waitForFunction('document.title === "(1) Orders"', undefined, { timeout: 5_000 });
  assert.equal(await a.page.locator('.new').innerText(), '1', 'the badge');

  await a.page.screenshot({ path: shot('console-orders.png') });
  await card.getByRole('button', { name: 'Accept' }).click();
  await card.getByText('Accepted').waitFor({ timeout: 5_000 });
  assert.equal(await card.locator('.countdown').count(), 0, 'decided: no countdown');
  const other = b.page.locator(`[data-order-id="${order.id}"]`);
  await other.getByText('Angenommen').waitFor({ timeout: 5_000 });
  const read = await h.call('GET', `/v1/locations/${t.locationIds[0]}/orders/${order.id}`, { key: t.orgKey });
  assert.equal(read.body.status, 'accepted');
  await a.context.close();
  await b.context.close();
});

test("the kitchen's switches: pause taking orders, switch a dish off", { skip: missing }, async () => {
  const loc = t.locationIds[1];
  const put = await h.call('PUT', `/v1/locations/${loc}/menu`, { key: t.orgKey, body: sampleMenu() });
  assert.equal(put.status, 200, put.raw);
  // A user of this location: the kitchen shows its own location only.
  const own = `kitchen-${process.pid}-${Date.now()}@trattoria.example`;
  const res = await h.call('POST', '/admin/v1/users', {
    body: { email: own, name: 'Luca', role: 'manager', password, location_id: loc },
  });
  assert.equal(res.status, 201, res.raw);
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${base}/console`);
  await page.getByLabel('Email').fill(own);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Kitchen' }).click();
  await page.getByRole('button', { name: 'Pause orders' }).click();
  await page.getByText('Paused', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Switch off: Pizza Diavola' }).click();
  await page.getByRole('button', { name: 'Switch on: Pizza Diavola' }).waitFor();

  const settings = await h.call('GET', `/v1/locations/${loc}/order_settings`, { key: t.orgKey });
  assert.equal(settings.body.accepting_orders, false);
  const availability = await h.call('GET', `/v1/locations/${loc}/menu/availability`, { key: t.orgKey });
  assert.deepEqual(
    availability.body.unavailable_items.map((i: { id: string }) => i.id),
    ['diavola'],
  );
  await page.getByRole('button', { name: 'Take orders again' }).click();
  await page.getByText('Taking orders', { exact: true }).waitFor();

  // An option off until a time: the next 23:59 on the tablet's clock (the browser's zone is the server's).
  await page.getByLabel('Until (optional): Salami').fill('23:59');
  await page.getByRole('button', { name: 'Switch off: Salami' }).click();
  await page.locator('[data-item-id="salami"]', { hasText: 'Off until' }).waitFor();
  const later = await h.call('GET', `/v1/locations/${loc}/menu/availability`, { key: t.orgKey });
  const salami = later.body.unavailable_items.find((i: { id: string }) => i.id === 'salami');
  assert.ok(salami && Date.parse(salami.unavailable_until) > Date.now(), later.raw);

  // Today's special closing, and open again.
  await page.getByLabel('Why? (the chatbot tells customers)').fill('Burst water pipe');
  await page.getByRole('button', { name: 'Close for today' }).click();
  await page.getByText('Burst water pipe').waitFor();
  await page.screenshot({ path: shot('console-kitchen.png'), fullPage: true });
  const closings = await h.call('GET', `/v1/locations/${loc}/special_closings`, { key: t.orgKey });
  assert.equal(closings.body.data.at(-1).reason, 'Burst water pipe');
  await page.getByRole('button', { name: 'Open again' }).click();
  await page.getByRole('button', { name: 'Close for today' }).waitFor();
  await context.close();
});

test("the day's summary: an owner sees today's orders and top products", { skip: missing }, async () => {
  const loc = t.locationIds[0];
  await createOrder(h, loc, orderBody({ items: [product('Calzone', 3, 1200)] }));
  const owner = `owner-${process.pid}-${Date.now()}@trattoria.example`;
  const res = await h.call('POST', '/admin/v1/users', {
    body: { email: owner, name: 'Marta', role: 'owner', password, organization_id: t.orgId },
  });
  assert.equal(res.status, 201, res.raw);
  const { context, page } = await loggedIn('en-GB', owner);
  await page.getByRole('button', { name: 'Today' }).click();
  const card = page.locator(`.summary[data-location-id="${loc}"]`);
  await card.getByText('3 × Calzone').waitFor({ timeout: 5_000 });
  const orders = Number(await card.locator('[data-figure="orders"] dd').innerText());
  assert.ok(orders >= 1, `orders: ${orders}`);
  assert.match(await card.locator('[data-figure="order-value"] dd').innerText(), /€/);
  await page.screenshot({ path: shot('console-summary.png'), fullPage: true });

  // Users: the owner adds a staff member and disables them.
  await page.getByRole('button', { name: 'Users' }).click();
  const added = `added-${process.pid}-${Date.now()}@trattoria.example`;
  await page.getByLabel('Name', { exact: true }).fill('Piero');
  await page.getByLabel('Email', { exact: true }).fill(added);
  await page.getByLabel('First password (at least 10 characters; tell them in person)').fill(password);
  await page.getByRole('button', { name: 'Add user' }).click();
  await page.getByText('User added.').waitFor();
  await page.getByRole('button', { name: `Disable: ${added}` }).click();
  await page.getByRole('button', { name: `Enable: ${added}` }).waitFor();
  const login = await h.app.inject({
    method: 'POST',
    url: '/console/login',
    payload: { email: added, password },
    remoteAddress: anyIp(),
  });
  assert.equal(login.statusCode, 401, 'disabled');

  // A new role: the row's select (labelled with the email), then its button, pressed with Enter.
  const row = page.locator('tr', { hasText: added });
  await page.getByRole('combobox', { name: `Role: ${added}` }).selectOption('manager');
  await page.getByRole('button', { name: `Set role: ${added}` }).press('Enter');
  await page.getByText('Role changed; it applies from their next action.').waitFor();
  await row.locator('td[data-role="manager"]').waitFor();
  const id = await row.getAttribute('data-user-id');
  assert.equal((await h.call('GET', `/admin/v1/users/${id}`)).body.role, 'manager');
  // A new password: the field opens focused, Enter sets it.
  await page.getByRole('button', { name: `Set a new password: ${added}` }).click();
  // Typed only once the field has the focus: keys pressed before would go elsewhere (a loaded machine).
  const label = JSON.stringify(`New password (at least 10 characters): ${added}`);
  await page.waitForFunction(`document.activeElement?.getAttribute('aria-label') === ${label}`);
  await page.keyboard.type('a fresh password for Piero');
  await page.keyboard.press('Enter');
  await page.getByText('Password set; their sessions have ended.').waitFor();
  await page.screenshot({ path: shot('console-users.png'), fullPage: true });
  await page.getByRole('button', { name: `Enable: ${added}` }).click();
  await page.getByRole('button', { name: `Disable: ${added}` }).waitFor();
  const fresh = await h.app.inject({
    method: 'POST',
    url: '/console/login',
    payload: { email: added, password: 'a fresh password for Piero' },
    remoteAddress: anyIp(),
  });
  assert.equal(fresh.statusCode, 200, fresh.body);
  assert.equal(fresh.json().user.role, 'manager');

  // A team longer than a page (50): Show more reads the rest. Written straight to the table (hashing 50
  // passwords would only slow the test), copying Piero's hash.
  const db = await testDb();
  await db.query(
    `INSERT INTO staff_users (id, location_id, email, name, role, password_hash, created_at, updated_at)
     SELECT 'usr_' || md5(random()::text || n), $1, n || '-' || $2, 'Extra ' || n, 'staff', password_hash, now(), now()
     FROM staff_users, generate_series(1, 50) n WHERE email = $2`,
    [t.locationIds[1], added],
  );
  await page.getByRole('button', { name: 'Your password' }).click();
  await page.getByRole('button', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Show more' }).waitFor();
  assert.equal(await page.locator('tr[data-user-id]').count(), 50, 'one page');
  await page.getByRole('button', { name: 'Show more' }).click();
  const [{ n }] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM staff_users WHERE organization_id = $1 OR location_id = ANY($2::text[])',
    [t.orgId, t.locationIds],
  );
  await page
    .locator('tr[data-user-id]')
    .nth(n - 1)
    .waitFor();
  assert.equal(await page.locator('tr[data-user-id]').count(), n);
  assert.equal(await page.getByRole('button', { name: 'Show more' }).count(), 0, 'the whole team is shown');

  // The owner's own password: the current one first; this session stays.
  await page.getByRole('button', { name: 'Your password' }).click();
  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password (at least 10 characters)').fill('the owner has a new one');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('The current password is wrong, or the account is locked for a while.').waitFor();
  await page.getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Password changed; your other sessions have ended.').waitFor();
  await page.getByRole('button', { name: 'Users' }).click();
  await page.locator('tr', { hasText: owner }).waitFor();
  await context.close();
});

test('a role restriction: staff see no summary, users or pause, and the server refuses a made-up request', {
  skip: missing,
}, async () => {
  const { context, page } = await loggedIn();
  await page.getByRole('button', { name: 'Kitchen' }).click();
  await page.locator('.kitchen').first().waitFor();
  const tabs = await page.locator('nav.tabs button').allInnerTexts();
  assert.deepEqual(tabs, ['Orders', 'Conversations', 'Kitchen', 'Your password']);
  assert.equal(await page.getByRole('button', { name: 'Pause orders' }).count(), 0);
  assert.equal(await page.getByRole('button', { name: 'Close for today' }).count(), 0);
  // The page hides the button; the server is what refuses.
  const answer = await page.evaluate(async (loc) => {
    const session = (await (await fetch('/console/session')).json()) as { csrf_token: string };
    const res = await fetch(`/console/api/kitchen/${loc}/accepting_orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
      body: JSON.stringify({ accepting_orders: false }),
    });
    return { status: res.status, body: (await res.json()) as { error: { code: string } } };
  }, t.locationIds[0]);
  assert.equal(answer.status, 403);
  assert.equal(answer.body.error.code, 'role_not_allowed');
  const settings = await h.call('GET', `/v1/locations/${t.locationIds[0]}/order_settings`, { key: t.orgKey });
  assert.equal(settings.body.accepting_orders, true);
  await context.close();
});

test('take over a conversation and reply as staff; the chatbot is not asked meanwhile', { skip: missing }, async () => {
  const account = await createTestAccount(h, { location_id: t.locationIds[0] });
  const phone = `+4917${digits(8)}`;
  const first = await say(h, account, phone, 'Can a person help me?');
  const a = await loggedIn();
  await a.page.getByRole('button', { name: 'Conversations' }).click();
  await a.page.locator(`[data-conversation-id="${first.conversation_id}"]`).click();
  await a.page.getByText('The chatbot is answering.').waitFor();
  await a.page.getByRole('button', { name: 'Take over' }).click();
  await a.page.getByText('You are answering: the chatbot is paused here.').waitFor();
  const second = await say(h, account, phone, 'Is there gluten in the pizza base?');
  await a.page.locator('.messages li.inbound', { hasText: 'Is there gluten' }).waitFor({ timeout: 5_000 });
  await a.page.getByLabel('Reply').fill('Yes, but we have a gluten-free base too.');
  await a.page.getByRole('button', { name: 'Send' }).click();
  await a.page.locator('.messages li.outbound', { hasText: 'gluten-free base' }).waitFor();
  // The draft so far, priced by the server.
  const menu = await h.call('PUT', `/v1/locations/${t.locationIds[0]}/menu`, { key: t.orgKey, body: sampleMenu() });
  assert.equal(menu.status, 200, menu.raw);
  const draft = {
    items: [{ type: 'product', product_id: 'diavola', quantity: 2 }],
    service_type: 'eat_in',
    payment_method: 'cash',
  };
  await (await testDb()).transaction((tx) => setOrderDraft(tx, first.conversation_id, draft));
  const quote = a.page.locator('.draft');
  await quote.getByText('2 × Pizza Diavola').waitFor({ timeout: 5_000 });
  assert.match(await quote.locator('.total').innerText(), /22\.00/);
  await a.page.screenshot({ path: shot('console-conversation.png') });
  const db = await testDb();
  assert.equal((await db.query('SELECT 1 FROM webhook_deliveries WHERE message_id = $1', [second.id])).length, 0);
  const messages = await h.call('GET', `/admin/v1/conversations/${first.conversation_id}/messages?limit=10`);
  assert.ok(messages.body.data.some((m: { text: string }) => m.text === 'Yes, but we have a gluten-free base too.'));
  await a.page.getByRole('button', { name: 'Hand back to the chatbot' }).click();
  await a.page.getByText('The chatbot is answering.').waitFor();
  await a.context.close();
});

test('a wrong password shows the reason; the page sends no request to another origin', { skip: missing }, async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(base)) foreign.push(r.url());
  });
  await page.goto(`${base}/console`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not the password at all');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('alert').waitFor();
  assert.match(await page.getByRole('alert').innerText(), /wrong/);
  assert.deepEqual(foreign, []);
  await context.close();
});
