import { isIP } from 'node:net';
import { DEFAULT_GRAPH_VERSION } from './channels/whatsapp/send.js';
import { DEFAULT_BODY_MAX_BYTES } from './contracts/message-webhook/terms.js';
import type { MaintenanceMode } from './db/maintenance.js';
import { DEFAULT_FLOOD_LIMITS, type FloodLimits } from './domain/conversations/flood.js';
import { DEFAULT_MIN_INTERVAL_MS, DEFAULT_TIMEOUT_MS, type GeocoderOptions } from './lib/geocoder/nominatim.js';
import { type AllowList, parseAllowList } from './lib/outbound-url.js';
import { signingSecretProblem } from './webhooks/secret.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Vacuuming and analyzing the tables where autovacuum does not (DB_MAINTENANCE, src/db/maintenance.ts). */
  dbMaintenance: MaintenanceMode;
  redisUrl?: string;
  adminApiKey?: string;
  chatbotUrl?: string;
  chatbotToken?: string;
  /** Standard Webhooks secret (`whsec_…`); when absent the server generates one and keeps it. */
  chatbotSigningSecret?: string;
  /** How long one attempt of the message webhook may take. */
  chatbotTimeoutMs: number;
  /** Message webhook attempts in flight at once in one server process (WEBHOOK_CONCURRENCY). */
  webhookConcurrency: number;
  /** Customer messages are refused (503) while a due delivery has waited longer (INBOUND_QUEUE_LAG_LIMIT_MS; 0: off). */
  inboundQueueLagLimitMs: number;
  /** The largest message webhook body sent (CHATBOT_BODY_MAX_BYTES, the reference chatbot's limit too). */
  chatbotBodyMaxBytes?: number;
  whatsappGraphBaseUrl: string;
  /** The Graph API version WhatsApp replies use (WHATSAPP_GRAPH_VERSION, `v25.0`). */
  whatsappGraphVersion: string;
  logLevel: string;
  trustProxy: TrustProxy;
  /** Flood control of inbound customer messages (docs/conversations.md); absent: DEFAULT_FLOOD_LIMITS. */
  flood?: FloodLimits;
  /** Typed delivery addresses to points (docs/geocoding.md); absent (GEOCODER_URL unset): no geocoding. */
  geocoder?: GeocoderOptions;
  /** Hosts, addresses and CIDR ranges a tenant's URL may reach beside public ones (docs/operations/hostile-input.md). */
  webhookAllowedHosts?: AllowList;
}

/** The port when PORT is not set; the OpenAPI document's `servers` names it too. */
export const DEFAULT_PORT = 3000;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got '${env.PORT}'`);
  }
  const timeout = Number(env.CHATBOT_TIMEOUT_MS || 10_000);
  if (!Number.isInteger(timeout) || timeout < 100 || timeout > 120_000) {
    throw new Error(`CHATBOT_TIMEOUT_MS must be an integer from 100 to 120000, got '${env.CHATBOT_TIMEOUT_MS}'`);
  }
  const concurrency = Number(env.WEBHOOK_CONCURRENCY || 16);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256) {
    throw new Error(`WEBHOOK_CONCURRENCY must be an integer from 1 to 256, got '${env.WEBHOOK_CONCURRENCY}'`);
  }
  const bodyMax = Number(env.CHATBOT_BODY_MAX_BYTES || DEFAULT_BODY_MAX_BYTES);
  if (!Number.isInteger(bodyMax) || bodyMax < 100_000 || bodyMax > 100_000_000) {
    throw new Error(
      `CHATBOT_BODY_MAX_BYTES must be an integer from 100000 to 100000000, got '${env.CHATBOT_BODY_MAX_BYTES}'`,
    );
  }
  const secret = env.CHATBOT_SIGNING_SECRET || undefined;
  const problem = secret && signingSecretProblem(secret);
  if (problem) throw new Error(`CHATBOT_SIGNING_SECRET ${problem}`);
  if (env.CHATBOT_URL && !/^https?:\/\/[^/]/.test(env.CHATBOT_URL)) {
    throw new Error(`CHATBOT_URL must be an http(s) URL, got '${env.CHATBOT_URL}'`);
  }
  const graphVersion = env.WHATSAPP_GRAPH_VERSION || DEFAULT_GRAPH_VERSION;
  // A typo here would only show as every reply failing: refused at start instead.
  if (!/^v\d{1,3}\.\d{1,3}$/.test(graphVersion)) {
    throw new Error(`WHATSAPP_GRAPH_VERSION must look like v25.0, got '${env.WHATSAPP_GRAPH_VERSION}'`);
  }
  const flood = floodLimits(env);
  const geocoder = geocoderOptions(env);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    dbMaintenance: maintenanceMode(env.DB_MAINTENANCE),
    redisUrl: env.REDIS_URL || undefined,
    adminApiKey: env.ADMIN_API_KEY || undefined,
    chatbotUrl: env.CHATBOT_URL || undefined,
    chatbotToken: env.CHATBOT_TOKEN || undefined,
    chatbotSigningSecret: secret,
    chatbotTimeoutMs: timeout,
    webhookConcurrency: concurrency,
    chatbotBodyMaxBytes: bodyMax,
    // PGlite's one connection serves the API and the deliveries: an accepted message waits about the limit
    // before refusals start, so it refuses sooner (bench/results/webhooks.md: p99 4.9 s at 2 s, 1.8 s at 0.8 s).
    inboundQueueLagLimitMs: integerFrom(
      'INBOUND_QUEUE_LAG_LIMIT_MS',
      env.INBOUND_QUEUE_LAG_LIMIT_MS,
      env.DATABASE_URL ? 2_000 : 800,
      0,
      600_000,
    ),
    whatsappGraphBaseUrl: env.WHATSAPP_GRAPH_BASE_URL || 'https://graph.facebook.com',
    whatsappGraphVersion: graphVersion,
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    flood,
    geocoder,
    webhookAllowedHosts: parseAllowList(env.WEBHOOK_ALLOWED_HOSTS),
  };
}

function maintenanceMode(raw: string | undefined): MaintenanceMode {
  const mode = raw || 'auto';
  if (mode === 'auto' || mode === 'on' || mode === 'off') return mode;
  throw new Error(`DB_MAINTENANCE must be auto, on or off, got '${raw}'`);
}

/** GEOCODER_URL and its settings; undefined when the URL is unset (the others are checked all the same). */
export function geocoderOptions(env: NodeJS.ProcessEnv = process.env): GeocoderOptions | undefined {
  const url = env.GEOCODER_URL || undefined;
  if (url && !/^https?:\/\/[^/]/.test(url)) {
    throw new Error(`GEOCODER_URL must be an http(s) URL, got '${url}'`);
  }
  const timeoutMs = integerFrom('GEOCODER_TIMEOUT_MS', env.GEOCODER_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, 100, 60_000);
  const minIntervalMs = integerFrom(
    'GEOCODER_MIN_INTERVAL_MS',
    env.GEOCODER_MIN_INTERVAL_MS,
    DEFAULT_MIN_INTERVAL_MS,
    0,
    60_000,
  );
  // The public Nominatim's usage policy: at most one request a second; a shorter spacing is for one's own.
  if (url && minIntervalMs < 1000 && /^https?:\/\/nominatim\.openstreetmap\.org(?:[:/]|$)/i.test(url)) {
    throw new Error(`GEOCODER_MIN_INTERVAL_MS must be at least 1000 for the public Nominatim, got '${minIntervalMs}'`);
  }
  if (!url) return undefined;
  return { url, userAgent: env.GEOCODER_USER_AGENT || undefined, timeoutMs, minIntervalMs };
}

function integerFrom(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  const value = Number(raw || fallback);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  }
  return value;
}

/** INBOUND_WINDOW_SECONDS and the limits counted in it; defaults in DEFAULT_FLOOD_LIMITS. */
export function floodLimits(env: NodeJS.ProcessEnv = process.env): FloodLimits {
  const d = DEFAULT_FLOOD_LIMITS;
  const seconds = integerFrom('INBOUND_WINDOW_SECONDS', env.INBOUND_WINDOW_SECONDS, d.windowMs / 1000, 1, 3600);
  return {
    windowMs: seconds * 1000,
    perCustomer: integerFrom('INBOUND_LIMIT_PER_CUSTOMER', env.INBOUND_LIMIT_PER_CUSTOMER, d.perCustomer, 1, 100_000),
    perChannelAccount: integerFrom(
      'INBOUND_LIMIT_PER_CHANNEL_ACCOUNT',
      env.INBOUND_LIMIT_PER_CHANNEL_ACCOUNT,
      d.perChannelAccount,
      1,
      10_000_000,
    ),
    notificationsPerChannelAccount: integerFrom(
      'WHATSAPP_NOTIFICATIONS_PER_CHANNEL_ACCOUNT',
      env.WHATSAPP_NOTIFICATIONS_PER_CHANNEL_ACCOUNT,
      d.notificationsPerChannelAccount,
      1,
      10_000_000,
    ),
  };
}

/**
 * Which peers' X-Forwarded-For to believe (Fastify's trustProxy): off, the number of proxy hops in front
 * of the server, or the proxies' addresses and CIDR ranges.
 */
export type TrustProxy = false | number | string[];

// proxy-addr's names for the reserved ranges, accepted beside addresses and CIDR ranges.
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, empty, `false` or `0`: the peer's address is the client's. A number: that many
 * proxies in front, the client is that many entries from the end of X-Forwarded-For. A list: the proxies'
 * addresses or ranges, comma-separated. `true` (believe any X-Forwarded-For) is refused: any client could
 * then choose its own rate-limit bucket.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') {
    throw new Error(
      "TRUST_PROXY=true would believe any client's X-Forwarded-For: give the number of proxy hops instead",
    );
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 100) throw new Error(`TRUST_PROXY must be a number of hops up to 100, got '${value}'`);
    return hops;
  }
  const entries = text.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (bad.length > 0) {
    throw new Error(
      `TRUST_PROXY must be false, a number of proxy hops, or a comma-separated list of addresses and CIDR ranges ` +
        `(or loopback, linklocal, uniquelocal); not understood: '${bad.join("', '")}'`,
    );
  }
  return entries;
}

/**
 * Fastify's form. Fastify 5 ignores a bare hop count (it cannot check the peer), so hops are a function:
 * the socket's peer is hop 0, and the first `hops` of them are believed to be proxies.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
