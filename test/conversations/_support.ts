import assert from 'node:assert/strict';
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signBody } from '../../src/channels/whatsapp/signature.js';
import type { Harness } from '../helpers/app.js';

export const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8');

/** Digits nobody else uses: a WhatsApp phone_number_id or a customer's wa_id unique to this run. */
export const digits = (n: number) =>
  `${randomInt(1, 10)}${Array.from({ length: n - 1 }, () => randomInt(10)).join('')}`;
export const wamid = () => `wamid.${randomBytes(24).toString('base64')}`;
export const secretish = (prefix: string) => `${prefix}${randomBytes(24).toString('hex')}`;

/** A fixture with its placeholders filled, byte for byte otherwise: the signature is over these bytes. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
    assert.ok(values[name] !== undefined, `no value for {{${name}}}`);
    return values[name];
  });
}

export interface WhatsAppAccount {
  id: string;
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  body: any;
}

export async function createWhatsAppAccount(h: Harness, binding: Record<string, string>): Promise<WhatsAppAccount> {
  const phoneNumberId = digits(15);
  const accessToken = secretish('EAAG');
  const appSecret = randomBytes(16).toString('hex');
  const verifyToken = secretish('verify-');
  const res = await h.call('POST', '/admin/v1/channel_accounts', {
    body: {
      channel: 'whatsapp',
      name: 'WhatsApp',
      ...binding,
      whatsapp: {
        phone_number_id: phoneNumberId,
        display_phone_number: '+1 555 078 3881',
        access_token: accessToken,
        app_secret: appSecret,
        verify_token: verifyToken,
      },
    },
  });
  assert.equal(res.status, 201, res.raw);
  return { id: res.body.id, phoneNumberId, accessToken, appSecret, verifyToken, body: res.body };
}

export async function createTestAccount(h: Harness, binding: Record<string, string>): Promise<string> {
  const res = await h.call('POST', '/admin/v1/channel_accounts', { body: { channel: 'test', ...binding } });
  assert.equal(res.status, 201, res.raw);
  return res.body.id;
}

/** A customer message on a test channel account; asserts the 201. */
export async function say(h: Harness, accountId: string, phone: string, text: string, extra: object = {}) {
  const res = await h.call('POST', `/admin/v1/channel_accounts/${accountId}/inbound_messages`, {
    body: { from: { phone }, text, ...extra },
  });
  assert.equal(res.status, 201, res.raw);
  return res.body;
}

/** POSTs raw bytes to an account's WhatsApp webhook, signed with `secret` unless a signature is given. */
export function notify(h: Harness, accountId: string, raw: string, secret: string | null, signature?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const sig = signature ?? (secret === null ? undefined : signBody(raw, secret));
  if (sig !== undefined) headers['x-hub-signature-256'] = sig;
  return h.call('POST', `/channels/whatsapp/${accountId}/webhook`, { key: null, body: raw, headers });
}

export async function messagesOf(h: Harness, conversationId: string, key?: string) {
  const res = await h.call('GET', `/admin/v1/conversations/${conversationId}/messages?limit=100`, { key });
  assert.equal(res.status, 200, res.raw);
  return res.body.data as any[];
}

export interface GraphRequest {
  url: string;
  authorization: string | undefined;
  body: any;
  /** When it arrived (Date.now()). */
  at: number;
}

type Behaviour = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang';

/**
 * A Graph API error as Meta answers it (HTTP 400 for most Cloud API errors, rate limits included): the body
 * `{"error": {message, type, code, error_subcode, error_data: {messaging_product, details}, fbtrace_id}}`.
 */
export function metaError(
  code: number,
  title: string,
  options: { status?: number; details?: string; subcode?: number; headers?: Record<string, string> } = {},
): Behaviour {
  return {
    status: options.status ?? 400,
    headers: options.headers,
    body: {
      error: {
        message: `(#${code}) ${title}`,
        type: 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details: options.details ?? title },
        ...(options.subcode !== undefined ? { error_subcode: options.subcode } : {}),
        fbtrace_id: `A${randomBytes(9).toString('base64url')}`,
      },
    },
  };
}

/**
 * A stand-in for the Graph API on a real local port: records every request and answers from a queue of
 * behaviours (then 200 with a fresh wamid). Read receipts (`status: "read"`, with or without the typing
 * indicator) answer from a queue of their own (then Meta's `{"success": true}`), so that they never take
 * an answer meant for a message. Like Meta, it refuses a template without its name or language (131008),
 * and free text to a customer whose 24-hour window `closeWindow` closed (131047), when nothing is queued.
 */
export async function fakeGraphApi() {
  const requests: GraphRequest[] = [];
  const queue: Behaviour[] = [];
  const readQueue: Behaviour[] = [];
  const closed = new Set<string>();
  const asMeta = (body: any): Behaviour | undefined => {
    if (body?.type === 'template') {
      const t = body.template;
      if (typeof t?.name !== 'string' || typeof t?.language?.code !== 'string') {
        return metaError(131008, 'Required parameter is missing', { details: 'template.name or language.code' });
      }
      return undefined;
    }
    if (closed.has(body?.to ?? body?.recipient)) {
      return metaError(131047, 'Re-engagement message', {
        details: 'Message failed to send because more than 24 hours have passed since the customer last replied',
      });
    }
    return undefined;
  };
  let n = 0;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => {
        data += c;
      });
      req.on('end', () => resolve(data));
    });
  const server = createServer(async (req, res) => {
    const text = await read(req);
    const body = JSON.parse(text);
    requests.push({ url: req.url ?? '', authorization: req.headers.authorization, body, at: Date.now() });
    const isRead = body?.status === 'read';
    const next = isRead ? readQueue.shift() : (queue.shift() ?? asMeta(body));
    if (next === 'hang') return;
    const status = next?.status ?? 200;
    const answer =
      next?.body ??
      (isRead
        ? { success: true }
        : {
            messaging_product: 'whatsapp',
            contacts: [{ input: 'x', wa_id: 'x' }],
            messages: [{ id: `wamid.fake.${++n}` }],
          });
    res.writeHead(status, { 'content-type': 'application/json', ...next?.headers }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The next answers to messages, in order. */
    answer: (...b: Behaviour[]) => queue.push(...b),
    /** Free text to this recipient (wa_id or user id) is refused as Meta does past the 24-hour window. */
    closeWindow: (to: string) => closed.add(to),
    /** The next answers to read receipts, in order. */
    answerRead: (...b: Behaviour[]) => readQueue.push(...b),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls until check returns a value other than undefined, or fails after timeoutMs. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) assert.fail('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
