import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { createAnswerApplier } from '../../webhooks/answer/index.js';
import { Backpressure } from '../../webhooks/backpressure.js';
import type { ApplyAnswer, BuildPayload } from '../../webhooks/contract.js';
import { deliveryCounts } from '../../webhooks/deliveries.js';
import { webhookMetrics } from '../../webhooks/metrics.js';
import { createPayloadBuilder } from '../../webhooks/payload/index.js';
import { DEFAULT_RETRY_DELAYS_MS } from '../../webhooks/schedule.js';
import { resolveSigningSecret, type SigningSecret } from '../../webhooks/secret.js';
import { messageUrl } from '../../webhooks/send.js';
import { DeliveryWorker, type WorkerOptions } from '../../webhooks/worker.js';

export interface WebhookOptions extends Partial<Omit<WorkerOptions, 'signingSecret'>> {
  /** CHATBOT_SIGNING_SECRET; when absent the server's generated one. */
  signingSecret?: string;
  /** Tests bring their own; the app builds the real ones on its database. */
  buildPayload?: BuildPayload;
  applyAnswer?: ApplyAnswer;
  /**
   * Connections of the worker's own (PostgreSQL): building bodies, carrying out answers and recording
   * attempts do not wait behind API requests for the app's pool. Default: the app's database.
   */
  db?: Db;
  /**
   * INBOUND_QUEUE_LAG_LIMIT_MS: customer messages are refused (503) while a due delivery has waited longer
   * (default 2,000; 0 turns it off). Only with a worker: without CHATBOT_URL deliveries wait by design.
   */
  queueLagLimitMs?: number;
}

/** The default of INBOUND_QUEUE_LAG_LIMIT_MS: "within a few seconds" of issue 24, and what a customer notices. */
export const DEFAULT_QUEUE_LAG_LIMIT_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: {
      signingSecret(): Promise<SigningSecret>;
      /** What GET /admin/v1/webhook_settings shows. */
      settings(): Promise<Record<string, unknown>>;
      /** This process's delivery worker; none while CHATBOT_URL is unset (deliveries wait). */
      worker(): DeliveryWorker | undefined;
      /** Refuses customer messages while the delivery queue is behind (src/webhooks/backpressure.ts). */
      backpressure: Backpressure;
    };
  }
}

/**
 * The message webhook's worker, one per process, started once the app is ready and stopped on close
 * (attempts in flight finish or are handed back). The signing secret is looked up (or made) when first
 * needed, so an app that never delivers nor shows settings touches no table.
 */
export default fp(async (app: FastifyInstance, { db, options }: { db: Db; options: WebhookOptions }) => {
  let secret: Promise<SigningSecret> | undefined;
  const signingSecret = () => {
    secret ??= resolveSigningSecret(db, options.signingSecret).catch((err) => {
      secret = undefined;
      throw err;
    });
    return secret;
  };
  let worker: DeliveryWorker | undefined;
  const backpressure = new Backpressure(options.db ?? db, {
    limitMs: options.chatbotUrl ? (options.queueLagLimitMs ?? DEFAULT_QUEUE_LAG_LIMIT_MS) : 0,
    metrics: options.chatbotUrl ? app.metrics : undefined,
  });

  app.decorate('webhooks', {
    signingSecret,
    worker: () => worker,
    backpressure,
    async settings() {
      const s = await signingSecret();
      return {
        object: 'webhook_settings',
        url: options.chatbotUrl ? messageUrl(options.chatbotUrl) : null,
        token_set: Boolean(options.chatbotToken),
        signing_secret: s.value,
        signing_secret_source: s.source,
        timeout_ms: options.timeoutMs ?? 10_000,
        retry_delays_ms: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
        deliveries: await deliveryCounts(db),
      };
    },
  });

  const chatbotUrl = options.chatbotUrl;
  if (!chatbotUrl) return;
  app.addHook('onReady', async () => {
    const log = app.log.child({ module: 'webhooks' });
    const own = options.db ?? db;
    // Read through the worker's connections: a scrape never waits for the API's pool.
    const observe = webhookMetrics(app.metrics, own, () => worker?.busy ?? 0);
    worker = new DeliveryWorker(
      {
        db: own,
        notices: db,
        handOffOn: db,
        log,
        buildPayload: options.buildPayload ?? createPayloadBuilder(own, { geocoder: app.geocoder }),
        applyAnswer: options.applyAnswer ?? createAnswerApplier({ db: own, log, geocoder: app.geocoder }),
        onReplyStored: (conversationId) => app.outbound.kick(conversationId),
        // Read receipts and "typing…" belong to the channels: best effort, never in the delivery's way.
        onDelivering: (messageId, channel) => app.outbound.receipts.typing(messageId, channel),
        onAnswered: (messageId) => app.outbound.receipts.answered(messageId),
        observe,
        metrics: app.metrics,
      },
      { ...options, chatbotUrl, signingSecret: (await signingSecret()).value },
    );
    await worker.start();
  });
  app.addHook('onClose', async () => worker?.stop());
});
