import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { OutboundOptions } from './channels/outbound.js';
import { fastifyTrustProxy, type TrustProxy } from './config.js';
import { ErrorEnvelope } from './contracts/rest/common.js';
import { sharedSchemas } from './contracts/rest/resources.js';
import type { Db } from './db/client.js';
import type { FloodLimits } from './domain/conversations/flood.js';
import { ApiError, missingParam } from './domain/errors.js';
import { clientErrorHandler, routeNodeSpecials } from './http/client-errors.js';
import { lazySerializerFactory, lazyValidatorCompiler } from './http/lazy-compile.js';
import { loggerOptions } from './http/logging.js';
import { openapiOptions } from './http/openapi.js';
import { declareSecurity } from './http/openapi-security.js';
import access, { countByAddress } from './http/plugins/access.js';
import channels from './http/plugins/channels.js';
import errors, { sendError } from './http/plugins/errors.js';
import events, { type EventsOptions } from './http/plugins/events.js';
import flood from './http/plugins/flood.js';
import geocoder from './http/plugins/geocoder.js';
import guard from './http/plugins/guard.js';
import idempotency from './http/plugins/idempotency.js';
import jobs, { type JobsOptions } from './http/plugins/jobs.js';
import jsonBody from './http/plugins/json-body.js';
import observability from './http/plugins/observability.js';
import textInput from './http/plugins/text-input.js';
import webhooks, { type WebhookOptions } from './http/plugins/webhooks.js';
import type { RateLimitStore } from './http/rate-limit-store.js';
import { requestIdFor } from './http/request-id.js';
import { consoleAuthRoutes } from './http/routes/console-auth.js';
import { healthRoutes } from './http/routes/health.js';
import { adminRoutes, publicRoutes } from './http/routes/index.js';
import { referenceRoutes } from './http/routes/reference.js';
import { whatsappWebhookRoutes } from './http/routes/whatsapp-webhook.js';
import { validatorCompiler } from './http/validation.js';
import type { GeocoderOptions } from './lib/geocoder/nominatim.js';

export const BODY_LIMIT = 1_048_576;

export interface AppDeps {
  db: Db;
  store: RateLimitStore;
  /** Whose X-Forwarded-For names the client (TRUST_PROXY); off unless given. */
  trustProxy?: TrustProxy;
  logger?: FastifyServerOptions['logger'];
  /** Sending to customers: the Graph API's address, retry delays, the poll for messages left unsent. */
  channels?: OutboundOptions;
  /** Durable jobs: lease, safety poll, clock (tests). */
  jobs?: JobsOptions;
  /** The message webhook: receiver, token, signing secret, retry delays, timeout (docs/message-webhook.md). */
  webhooks?: WebhookOptions;
  /** Integrator events: WEBHOOK_ALLOWED_HOSTS, retry schedule, timeout (docs/events.md). */
  events?: EventsOptions;
  /** Flood control of inbound customer messages; defaults in DEFAULT_FLOOD_LIMITS (docs/conversations.md). */
  flood?: Partial<FloodLimits>;
  /** The geocoder of typed delivery addresses (GEOCODER_URL…, docs/geocoding.md); absent: `app.geocoder` is null. */
  geocoder?: GeocoderOptions;
  /**
   * The console: login attempts per client address a minute (default 20), and how often a live stream
   * looks at the board besides being woken by its locations' events (default 5 s) (docs/console.md).
   */
  console?: { loginsPerMinute?: number; streamPollMs?: number };
}

export async function buildApp({
  db,
  store,
  logger = false,
  channels: channelOptions = {},
  jobs: jobOptions = {},
  trustProxy = false,
  webhooks: webhookOptions = {},
  events: eventOptions = {},
  flood: floodLimits,
  geocoder: geocoderOptions,
  console: consoleOptions = {},
}: AppDeps) {
  const app = Fastify({
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory() } },
    // Per-address rate limits and log lines see the client behind the proxies, never a spoofed one.
    trustProxy: fastifyTrustProxy(trustProxy),
    logger: loggerOptions(logger),
    genReqId: requestIdFor,
    // Requests Node's HTTP parser refuses get the envelope too (docs/operations/hostile-input.md).
    clientErrorHandler: clientErrorHandler(store),
    // An HTTP/1.1 request without Host reaches the app and gets the envelope, not Node's bare 400.
    http: { requireHostHeader: false },
    bodyLimit: BODY_LIMIT,
    // While draining, requests on open connections are served normally, with the envelope and headers.
    return503OnClosing: false,
    // Requests that fail before routing (a malformed URL) still get the envelope and a request id.
    frameworkErrors: (err, request, reply) => {
      reply.header('X-Request-Id', request.id);
      const error = new ApiError('invalid_request_error', 'parameter_invalid', `Malformed request: ${err.message}`);
      // No hook runs for such a request; it still counts, and still gets the rate-limit headers.
      countByAddress(store, request, reply).finally(() => sendError(reply, request, error));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(lazyValidatorCompiler(validatorCompiler));
  // Bodies are JSON only: a text/plain body is refused as the wrong media type, not parsed as a string.
  app.removeContentTypeParser('text/plain');
  for (const schema of [ErrorEnvelope, ...sharedSchemas]) app.addSchema(schema);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      await countByAddress(store, request, reply);
      throw missingParam('Host', 'HTTP/1.1 requests must carry a Host header.');
    }
  });
  routeNodeSpecials(app);

  await app.register(swagger, openapiOptions);
  // Before any route: each operation in the document declares its surface's security scheme.
  app.addHook('onRoute', declareSecurity);
  await app.register(errors);
  await app.register(observability, { store, db });
  await app.register(flood, { store, limits: floodLimits });
  await app.register(access, { db, store });
  await app.register(jsonBody);
  await app.register(textInput);
  await app.register(idempotency, { db });
  await app.register(geocoder, { options: geocoderOptions });
  await app.register(guard, { db });
  // An app that delivers the webhook sends the replies its answers store.
  const wakeOnNotify = channelOptions.wakeOnNotify ?? Boolean(webhookOptions.chatbotUrl);
  await app.register(channels, { db, options: { ...channelOptions, wakeOnNotify } });
  await app.register(webhooks, { db, options: webhookOptions });
  await app.register(jobs, { db, options: jobOptions });
  await app.register(events, { db, options: eventOptions });
  await app.register(publicRoutes, { prefix: '/v1', db });
  await app.register(adminRoutes, { prefix: '/admin/v1', db });
  await app.register(consoleAuthRoutes, { prefix: '/console', db, store, ...consoleOptions });
  await app.register(healthRoutes, { db, store });
  await app.register(whatsappWebhookRoutes, { db, store });
  await app.register(referenceRoutes);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
