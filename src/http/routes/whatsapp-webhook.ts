import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { Counter } from 'prom-client';
import { anomalyLog } from '../../channels/whatsapp/anomalies.js';
import {
  authenticateNotification,
  readNotification,
  storeNotification,
  verifySubscription,
} from '../../channels/whatsapp/webhook.js';
import { errorResponses } from '../../contracts/rest/common.js';
import { IdParam } from '../../contracts/rest/ids.js';
import { WhatsappNotificationResult } from '../../contracts/rest/whatsapp-notifications.js';
import type { Db } from '../../db/client.js';
import { addressKey } from '../../domain/conversations/customers.js';
import { ApiError } from '../../domain/errors.js';
import { channelsBucket, count, rateLimited } from '../plugins/access.js';
import { inboundKey } from '../plugins/flood.js';
import { LIMIT, type RateLimitStore } from '../rate-limit-store.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Outside the API surfaces, without an API key: counted against the client address's budget; 'signed':
     * against the address only when the signature fails, else against the channel account's budget.
     */
    keyless?: boolean | 'signed';
  }
}

/** The body exactly as sent: the signature is over these bytes. Private, so no walker of bodies sees it. */
class RawBody {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes() {
    return this.#bytes;
  }
}

const tags = ['Channel webhooks'];
const params = IdParam('channel_account_id');
const security: { [name: string]: string[] }[] = [];

/** Rejections are logged with their reason; never a secret or the body. */
async function logged<T>(request: FastifyRequest, what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) {
      request.log.warn({ code: err.code, param: err.param, params: request.params }, `whatsapp ${what} refused`);
    }
    throw err;
  }
}

/**
 * Meta's calls for one WhatsApp channel account, outside /v1 and /admin/v1: they carry no API key, and
 * are authenticated by the verify token (handshake) and the app secret's signature (notifications).
 */
export const whatsappWebhookRoutes: FastifyPluginAsyncTypebox<{ db: Db; store: RateLimitStore }> = async (
  app,
  { db, store },
) => {
  // In this plugin only: JSON bodies are kept as bytes for the signature, and parsed after it is checked.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, new RawBody(body as Buffer));
  });
  const config = { keyless: true };
  const anomalies = new Counter({
    name: 'whatsapp_inbound_anomalies_total',
    help: "Unexpected things in WhatsApp notifications: Meta's errors, unknown types and fields, refused items",
    labelNames: ['kind'],
    registers: [app.metrics],
  });
  const anomalyLines = anomalyLog((kind) => anomalies.inc({ kind }));
  const url = '/channels/whatsapp/:channel_account_id/webhook';
  // A notification refused before its handler ran (a body the parser refuses) is counted against the
  // client address like any unauthenticated call, and answered with the headers.
  app.addHook('onError', async (request, reply) => {
    if (request.routeOptions.config.keyless === 'signed' && reply.getHeader('X-RateLimit-Limit') === undefined) {
      await count(store, request, reply, channelsBucket(request));
    }
  });

  app.get(url, {
    schema: {
      tags,
      operationId: 'verifyWhatsappWebhook',
      summary: "Meta's webhook verification handshake",
      description:
        "Answers hub.challenge as text/plain when hub.mode is subscribe and hub.verify_token is the account's.",
      security,
      params,
      querystring: Type.Object({
        'hub.mode': Type.Optional(Type.String({ description: 'Set by Meta: `subscribe`' })),
        'hub.verify_token': Type.Optional(
          Type.String({ description: "Set by Meta: the verify token entered in Meta's webhook settings" }),
        ),
        'hub.challenge': Type.Optional(
          Type.String({ description: 'Set by Meta: the value to echo back (1 to 200 characters)' }),
        ),
      }),
      response: {
        200: {
          description: 'hub.challenge, echoed',
          content: { 'text/plain': { schema: Type.String({ examples: ['1158201444'] }) } },
        },
        ...errorResponses,
      },
    },
    config,
    handler: async (req, reply) => {
      const challenge = await logged(req, 'verification', () =>
        verifySubscription(db, req.params.channel_account_id, req.query as Record<string, unknown>),
      );
      req.log.info({ channel_account_id: req.params.channel_account_id }, 'whatsapp webhook verified');
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  });

  app.post(url, {
    schema: {
      tags,
      operationId: 'receiveWhatsappWebhook',
      summary: 'WhatsApp Business Cloud API notifications (messages and statuses)',
      description:
        'Signed by Meta: X-Hub-Signature-256 is sha256= and the HMAC-SHA256 of the raw body with the app secret; without a valid one the answer is 401 and nothing is stored. Messages are stored once each, whatever the number of deliveries; statuses update our own messages; types not read (image, audio…) are stored as unsupported; reactions and system notices are stored, not delivered to the chatbot. Each message and status stands alone: a malformed one is refused alone (counted in `rejected`) and the rest stored; only a bad signature or a body that is not JSON refuses the notification. Signed notifications are limited per channel account (WHATSAPP_NOTIFICATIONS_PER_CHANNEL_ACCOUNT, 6000 a minute by default; over it 429, which Meta delivers again later), never per client address; calls that fail the signature are limited per client address. Customer messages over their flood limits are stored but not delivered to the chatbot (docs/conversations.md). While the chatbot deliveries are behind (INBOUND_QUEUE_LAG_LIMIT_MS), a notification with messages is answered 503 with Retry-After and nothing stored; Meta delivers it again (docs/message-webhook.md, Backpressure).',
      security,
      params,
      headers: Type.Object({
        'x-hub-signature-256': Type.Optional(
          Type.String({
            description: "Set by Meta: `sha256=` + hex HMAC-SHA256 of the raw body with the app's secret",
          }),
        ),
      }),
      response: {
        200: WhatsappNotificationResult,
        ...errorResponses,
      },
    },
    config: { keyless: 'signed' as const },
    handler: async (req, reply) => {
      const id = req.params.channel_account_id;
      const raw = req.body instanceof RawBody ? req.body.bytes : Buffer.alloc(0);
      const account = await logged(req, 'notification', async () => {
        try {
          return await authenticateNotification(db, id, raw, req.headers['x-hub-signature-256'], (q, accountId) =>
            app.accessCache.channelAccount(q, accountId),
          );
        } catch (err) {
          // Not (yet) Meta's: counted against the client address, as any call without credentials.
          const hit = await count(store, req, reply, channelsBucket(req));
          if (hit.count > LIMIT) throw rateLimited(hit.resetAt);
          throw err;
        }
      });
      // Meta sends every account's notifications from the same addresses: a signed one counts against its
      // own account only, so one account's flood never refuses another's.
      const budget = await app.flood.notification(account.id);
      reply.header('X-RateLimit-Limit', budget.limit);
      reply.header('X-RateLimit-Remaining', budget.remaining);
      reply.header('X-RateLimit-Reset', budget.resetAt);
      if (!budget.allowed) {
        // Nothing is stored: Meta delivers a notification again after any non-2xx answer, so it is late, not lost.
        req.log.warn({ channel_account_id: id }, 'whatsapp notifications over the channel account limit');
        throw rateLimited(budget.resetAt, budget.limit, app.flood.limits.windowMs);
      }
      const parsed = await logged(req, 'notification', async () => readNotification(account, raw));
      // Statuses alone are cheap and owe the chatbot nothing; a notification with a message waits for the queue.
      if (parsed.messages.length > 0) await app.webhooks.backpressure.check('whatsapp');
      const keys = parsed.messages.map((m) => inboundKey(account.id, addressKey(m.from)));
      for (const a of anomalyLines.observe(parsed.anomalies)) {
        req.log.warn({ channel_account_id: id, kind: a.kind, detail: a.detail }, 'whatsapp notification: first seen');
      }
      if (parsed.rejected.length > 0) {
        // The fields only: a reason may quote what the customer sent (a phone number).
        const rejected = parsed.rejected.map((r) => r.param);
        req.log.warn({ channel_account_id: id, rejected }, 'whatsapp items refused, the rest stored');
      }
      const result = await app.inboundSerial.runAll(keys, () => storeNotification(db, app.flood, account, parsed));
      for (const conversationId of result.slowedDown) app.outbound.kick(conversationId);
      const { stored, duplicates, held } = result;
      for (const m of parsed.messages.filter((m) => m.type === 'unsupported')) {
        req.log.info({ channel_account_id: id, type: m.unsupported_type }, 'whatsapp message of a type not read');
      }
      if (parsed.ignored.length > 0) req.log.info({ channel_account_id: id, ignored: parsed.ignored }, 'left aside');
      req.log.info(
        { channel_account_id: id, stored: stored.length, held, duplicates, statuses: parsed.statuses.length },
        'whatsapp notification received',
      );
      return {
        received: true as const,
        messages_stored: stored.length,
        duplicates,
        statuses: parsed.statuses.length,
        ignored: parsed.ignored.length,
        rejected: parsed.rejected.length,
      };
    },
  });
};
