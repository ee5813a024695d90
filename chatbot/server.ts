/**
 * The receiver of the message webhook: `POST /message`, as any third-party chatbot would run it.
 * 1. The bearer token (spec "Errors described for the receiver": authentication failure → 401).
 * 2. The Standard Webhooks signature over the raw body (`webhook-id`, `webhook-timestamp`,
 *    `webhook-signature`); a wrong or stale one (more than five minutes off) → 401.
 * 3. The body: malformed (not what chatbot/payload.ts can read, or outside the body schema the server
 *    publishes in openapi.json) → logged, and a reply asking the customer to try again; an invalid customer
 *    id → a reply asking them to start again. Both are 200 answers, so the customer hears from us.
 * 4. The engine's answer, as JSON, checked against the published answer schema first: one outside it is a
 *    bug of ours, logged at error (and, with `answerCheck: 'throw'` as in the tests, a 500).
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { type Answer, textReply } from './answer.js';
import { type Contract, loadContract } from './contract.js';
import { texts } from './engine/i18n/index.js';
import { SPOKEN } from './engine/language.js';
import type { Engine } from './engine/types.js';
import type { Logger } from './log.js';
import { type ReadResult, readPayload } from './payload.js';
import type { Lang } from './payload-types.js';

export interface ChatbotOptions {
  token: string;
  signingSecret: string;
  engine: Engine;
  log: Logger;
  /**
   * Bodies above this are refused with 413 (CHATBOT_BODY_MAX_BYTES): the platform does not send a body
   * above its own limit of the same name, and does not retry a 413.
   */
  maxBodyBytes?: number;
  /** The published schemas (default: openapi.json, read and compiled once, at start). */
  contract?: Contract;
  /**
   * An answer outside the answer schema: `log` (default) logs it at error and sends it all the same, so the
   * platform refuses it as a whole, records why on the delivery and sends the customer its fallback; `throw`
   * (tests) fails the request with a 500, so the test that made it fails loudly.
   */
  answerCheck?: 'log' | 'throw';
}

/** The platform's default limit too (DEFAULT_BODY_MAX_BYTES, src/contracts/message-webhook/terms.ts; a test holds them equal). */
export const DEFAULT_MAX_BODY_BYTES = 1_000_000;

class TooLarge extends Error {}

/**
 * The body, up to `max` bytes. Above it the promise fails at once (and the caller answers 413), but the
 * rest of the body is read and dropped rather than the socket reset: a reset reaches the sender as a
 * network error, which it retries, while a 413 tells it that the same request can never succeed (issue
 * 19). Past 16 times the limit the socket is closed after all.
 */
function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max * 16) req.destroy();
      else if (size > max) {
        chunks.length = 0;
        reject(new TooLarge());
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

const unauthorized = (res: ServerResponse, code: string, message: string) =>
  send(res, 401, { error: { type: 'authentication_error', code, message } });

function bearerOk(header: string | undefined, token: string): boolean {
  const m = /^Bearer (.+)$/.exec(header ?? '');
  if (!m) return false;
  const given = Buffer.from(m[1]);
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

const langOf = (tag: string | null | undefined): Lang => {
  const base = tag?.toLowerCase().split(/[-_]/)[0] as Lang;
  return SPOKEN.includes(base) ? base : 'en';
};

export function createChatbotServer(o: ChatbotOptions): Server {
  const webhook = new Webhook(o.signingSecret);
  const max = o.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const contract = o.contract ?? loadContract();

  async function message(req: IncomingMessage, res: ServerResponse) {
    if (!bearerOk(req.headers.authorization, o.token))
      return unauthorized(res, 'token_invalid', 'Bearer token missing or wrong.');
    const raw = await readBody(req, max);
    const headers = {
      'webhook-id': String(req.headers['webhook-id'] ?? ''),
      'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
      'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
    };
    try {
      webhook.verify(raw, headers, { jsonParse: false });
    } catch (err) {
      o.log.warn({ delivery: headers['webhook-id'], reason: (err as Error).message }, 'signature refused');
      return unauthorized(res, 'signature_invalid', 'Standard Webhooks signature missing, wrong or stale.');
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      body = undefined;
    }
    // The readers' own reasons first (they tell an invalid customer apart), then the published schema.
    const readable = readPayload(body);
    const outside = readable.ok ? contract.bodyErrors(body) : [];
    const read: ReadResult =
      readable.ok && outside.length > 0
        ? {
            ok: false,
            kind: 'malformed',
            reason: `outside the body schema: ${outside.join('; ')}`,
            language: readable.payload.customer.language ?? readable.payload.location?.defaultLanguage ?? null,
          }
        : readable;
    if (!read.ok) {
      o.log.warn(
        { delivery: headers['webhook-id'], reason: read.reason, body: raw.toString('utf8').slice(0, 500) },
        read.kind === 'customer' ? 'invalid customer' : 'malformed payload',
      );
      const t = texts(langOf(read.language));
      const answer: Answer = { replies: [textReply(read.kind === 'customer' ? t.startAgain : t.tryAgain)] };
      return send(res, 200, answer);
    }
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await o.engine.answer(read.payload);
    } catch (err) {
      // A bug for this one message: retrying would not help, the customer should still hear from us.
      o.log.error({ delivery: headers['webhook-id'], error: (err as Error).stack }, 'engine failed');
      answer = { replies: [textReply(texts(langOf(read.payload.customer.language)).tryAgain)] };
    }
    const wrong = contract.answerErrors(answer);
    if (wrong.length > 0) {
      o.log.error({ delivery: headers['webhook-id'], errors: wrong }, 'answer outside the contract');
      if (o.answerCheck === 'throw') throw new Error(`answer outside the contract: ${wrong.join('; ')}`);
    }
    o.log.info(
      {
        delivery: headers['webhook-id'],
        engine: o.engine.name,
        ms: Math.round(performance.now() - started),
        replies: answer.replies?.length ?? 0,
        action: answer.action ?? null,
      },
      'answered',
    );
    send(res, 200, answer);
  }

  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/healthz') return send(res, 200, { status: 'ok', engine: o.engine.name });
    if (path !== '/message') return send(res, 404, { error: { type: 'not_found_error', code: 'route_not_found' } });
    if (req.method !== 'POST')
      return send(res, 405, { error: { type: 'invalid_request_error', code: 'method_not_allowed' } });
    message(req, res).catch((err) => {
      if (err instanceof TooLarge) {
        res.setHeader('connection', 'close');
        return send(res, 413, { error: { type: 'invalid_request_error', code: 'body_too_large' } });
      }
      o.log.error({ error: (err as Error).stack }, 'request failed');
      if (!res.headersSent) send(res, 500, { error: { type: 'api_error', code: 'internal_error' } });
    });
  });
}
