/**
 * The run of ./conversations-fuzz.test.ts: the app, its tenant and channel accounts, the keys, and what was
 * sent and must read back; the log read after each request, and each problem recorded as a finding.
 */
import assert from 'node:assert/strict';
import { signBody } from '../../src/channels/whatsapp/signature.js';
import {
  createTestAccount,
  createWhatsAppAccount,
  eventually,
  fakeGraphApi,
  fill,
  fixture,
  type WhatsAppAccount,
  wamid,
} from '../conversations/_support.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { type Answer, Findings } from './checks.js';
import type { Expectation, StoredMessage, WhatsAppTarget } from './conversation-cases.js';
import { hostileText } from './conversation-inputs.js';
import { KeyWatch, withDecodedBuffers } from './keys.js';
import { createRng } from './random.js';
import { type FuzzApp, fuzzApp } from './setup.js';

export const SEED = Number(process.env.FUZZ_SEED ?? 20_260_619);
export const COUNT = Number(process.env.FUZZ_COUNT ?? 150);
export const BATCH = 50;

export let f: FuzzApp;
export let graph: Awaited<ReturnType<typeof fakeGraphApi>>;
export let tenant: Tenant;
export const watch = new KeyWatch();
export const findings = new Findings();

export interface WaAccount extends WhatsAppTarget {
  account: WhatsAppAccount;
  label: string;
}
export let whatsapp: WaAccount[];
export let testAccounts: { id: string; label: string }[];
export let phones: string[];
/** Our outbound messages kept for the targeted status updates. */
export let reserved: string[];
export let outboundShortfall = '';

/** Admin keys, each replaced well before the 1000 requests a minute one key may make. */
export const keys = {
  current: '',
  uses: 0,
  async use(): Promise<string> {
    if (this.current === '' || this.uses >= 600) {
      const res = await f.harness.call('POST', '/admin/v1/api_keys', { body: { type: 'admin', name: 'conv fuzz' } });
      assert.equal(res.status, 201, res.raw);
      this.current = res.body.secret;
      this.uses = 0;
      watch.add(this.current, 'admin key');
    }
    this.uses++;
    return this.current;
  },
};

/** Keyless requests count per client address: spread over a few, so none reaches the limit. */
export const net = `10.${(process.pid >> 8) & 255}.${process.pid & 255}`;
export let addressTurn = 0;
export const nextAddress = () => `${net}.${(addressTurn++ % 32) + 1}`;

/** Conversations that got a message since the last batch check, and what their lists must show. */
export const touched = new Set<string>();
export const expectedWa = new Map<string, StoredMessage & { repro: string }>();
export const expectedTest = new Map<string, { text: string | null; type: string; repro: string }>();

/**
 * PGlite's known limitation (docs/operations.md, "PGlite"): its protocol reader decodes every value with a
 * TextDecoder that takes a leading U+FEFF for a byte order mark and drops it. The value is stored whole;
 * only reading it back loses that one character. PostgreSQL keeps it.
 */
export const PGLITE = !process.env.DATABASE_URL;
export function pgliteReadBack<T extends string | null>(s: T): T {
  return (PGLITE && s?.startsWith('\ufeff') ? s.slice(1) : s) as T;
}

export const short = (s: string, n = 240) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);

/** The error lines logged since the last call, with their stack: what explains a 5xx. */
export function logged(): { errors: string[] } {
  const errors: string[] = [];
  for (const line of f.log.drain()) {
    const found = watch.find(withDecodedBuffers(line), false);
    if (found) findings.add(`secret part in a log line`, `${found}: ${short(line, 300)}`);
    let entry: { level?: number; err?: { message?: string; stack?: string; code?: string }; msg?: string };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if ((entry.level ?? 0) >= 50) {
      const err = entry.err;
      errors.push(`${entry.msg ?? ''} ${err?.code ?? ''} ${short(err?.stack ?? err?.message ?? '', 900)}`);
    }
  }
  return { errors };
}

export function verdictProblems(a: Answer, body: any, e: Expectation, created: number): string[] {
  if (a.status === created) {
    return e.bad.size > 0 && !e.either ? [`${created} for a bad input (${e.labels.join('; ')})`] : [];
  }
  if (a.status === 400) {
    if (e.bad.size === 0) return [`400 for a good input: ${body?.error?.code} ${body?.error?.param}`];
    if (body?.error?.type !== 'invalid_request_error') return [`400 of type ${body?.error?.type}`];
    const param = body?.error?.param;
    if (!e.anyParam && !e.bad.has(param)) return [`400 names ${param}, not one of ${[...e.bad].join(', ')}`];
    return [];
  }
  return [`status ${a.status}`];
}

/** The errors of the last request that logged any: copies sent at once log theirs before all are checked. */
export let lastErrors: string[] = [];

export function record(kind: string, repro: string, a: Answer) {
  let { errors } = logged();
  if (errors.length > 0) lastErrors = errors;
  else if (a.status >= 500) errors = lastErrors;
  const log = errors.length > 0 ? `\n      log: ${errors.join('\n      log: ')}` : '';
  // A 5xx is named by where it was thrown, so that each cause is a line of the summary.
  const frame =
    /\(?\/?[^()\s]*?(src\/[^():\s]+:\d+)/.exec(errors[0] ?? '')?.[1] ??
    /error: ([^\n]{1,60})/.exec(errors[0] ?? '')?.[1].replace(/\d+/g, 'N');
  const name = [...new Set(kind.split(' + '))].join(' + ');
  findings.add(frame ? `${name} at ${frame}` : name, `${repro} → ${a.status} ${short(a.body, 300)}${log}`);
}

export async function call(url: string, key?: string) {
  const res = await f.app.inject({ method: 'GET', url, headers: { 'x-api-key': key ?? (await keys.use()) } });
  return { status: res.statusCode, headers: res.headers, body: res.body, json: () => JSON.parse(res.body) };
}

export async function allPages(url: string, key?: string): Promise<{ items: any[]; failed?: Answer }> {
  const items: any[] = [];
  let after: string | undefined;
  for (let page = 0; page < 100; page++) {
    const sep = url.includes('?') ? '&' : '?';
    const res = await call(`${url}${sep}limit=100${after ? `&starting_after=${after}` : ''}`, key);
    if (res.status !== 200) return { items, failed: res };
    const { data, has_more } = res.json();
    items.push(...data);
    if (!has_more || data.length === 0) break;
    after = data[data.length - 1].id;
  }
  return { items, failed: undefined };
}

/** The app with a fake Graph API, a tenant with two accounts of each channel, phones, our outbound messages. */
export async function startRun() {
  graph = await fakeGraphApi();
  f = await fuzzApp({
    channels: { whatsappGraphBaseUrl: `${graph.url}/`, retryDelaysMs: [40, 80], sendTimeoutMs: 2_000 },
  });
  const h = f.harness;
  watch.add(h.adminKey, 'bootstrap admin key');
  tenant = await newTenant(h);
  for (const k of [tenant.orgKey, tenant.locationKey]) watch.add(k, 'tenant key');
  const [loc0, loc1] = tenant.locationIds;
  const accounts = [
    { label: 'wa(location)', account: await createWhatsAppAccount(h, { location_id: loc0 }) },
    { label: 'wa(organization)', account: await createWhatsAppAccount(h, { organization_id: tenant.orgId }) },
  ];
  whatsapp = accounts.map(({ label, account }) => {
    for (const s of [account.appSecret, account.accessToken, account.verifyToken]) watch.add(s, `${label} secret`);
    return { label, account, phoneNumberId: account.phoneNumberId, seen: new Set(), outbound: [] };
  });
  testAccounts = [
    { label: 'test(location)', id: await createTestAccount(h, { location_id: loc1 }) },
    { label: 'test(organization)', id: await createTestAccount(h, { organization_id: tenant.orgId }) },
  ];
  const rng = createRng(SEED);
  phones = Array.from(
    { length: 16 },
    () => `${rng.pick(['49', '41', '44', '33', '1'])}${rng.between(1, 9)}${rng.chars(9, '0123456789')}`,
  );
  // Our own messages on the location account, sent through the fake Graph API: the ids statuses update.
  const wa = whatsapp[0];
  const first = fill(fixture('text-message'), { PHONE_NUMBER_ID: wa.phoneNumberId, WA_ID: phones[0], WAMID: wamid() });
  const res = await f.app.inject({
    method: 'POST',
    url: `/channels/whatsapp/${wa.account.id}/webhook`,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(first, wa.account.appSecret) },
    payload: first,
  });
  assert.equal(res.statusCode, 200, res.body);
  const customer = (await h.call('GET', `/admin/v1/customers?phone=%2B${phones[0]}`)).body.data[0];
  const conversation = (await h.call('GET', `/admin/v1/conversations?customer_id=${customer.id}`)).body.data[0];
  for (let i = 0; i < 8; i++) {
    // A reply's text is what the API takes: storable, not only white space, at most 4096 characters.
    const hostile = [...hostileText(rng).value.replace(/\0|[\ud800-\udfff]/g, '')].slice(0, 4096).join('');
    const text = i % 2 === 0 ? `Reply ${i}` : /\S/u.test(hostile) ? hostile : 'x';
    const sent = await h.call('POST', `/admin/v1/conversations/${conversation.id}/messages`, { body: { text } });
    assert.equal(sent.status, 201, sent.raw);
  }
  const outboundIds = async () => {
    const messages = await allPages(`/admin/v1/conversations/${conversation.id}/messages`);
    return messages.items.filter((m) => m.direction === 'outbound').map((m) => m.channel_message_id as string | null);
  };
  // The ids statuses refer to; should the sender be slow, the test goes on with those it has.
  await eventually(async () => ((await outboundIds()).every(Boolean) ? true : undefined), 20_000).catch(() => {});
  wa.outbound = (await outboundIds()).filter((id): id is string => id !== null);
  if (wa.outbound.length < 8) outboundShortfall = `only ${wa.outbound.length} of 8 outbound messages were sent`;
  reserved = wa.outbound.slice(0, 4);
  wa.outbound = wa.outbound.slice(4);
  whatsapp[1].outbound = [...wa.outbound];
  f.log.drain();
}

export async function stopRun() {
  await f?.close();
  await graph?.close();
}
